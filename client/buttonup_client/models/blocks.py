from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Blocks")


@_attrs_define
class Blocks:
    """The players one blocks: their challenges are declined at once."""

    items: list[str]
    """ Their ids """

    def to_dict(self) -> dict[str, Any]:
        items = self.items

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "items": items,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        items = cast(list[str], d.pop("items"))

        blocks = cls(
            items=items,
        )

        return blocks
