from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PositionAnalysisRequest")


@_attrs_define
class PositionAnalysisRequest:
    """The position to analyse."""

    position: str
    """ A position string (docs/notation.md) """

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "position": position,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        position = d.pop("position")

        position_analysis_request = cls(
            position=position,
        )

        return position_analysis_request
