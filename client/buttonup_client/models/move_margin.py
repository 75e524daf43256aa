from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="MoveMargin")


@_attrs_define
class MoveMargin:
    """A legal move and where it leads under perfect play."""

    position: int
    """ The position """
    margin: int
    """ Final margin (to_move's strength minus the other's) after this move """

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        margin = self.margin

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "position": position,
                "margin": margin,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        position = d.pop("position")

        margin = d.pop("margin")

        move_margin = cls(
            position=position,
            margin=margin,
        )

        return move_margin
