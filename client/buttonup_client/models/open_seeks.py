from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.open_seek import OpenSeek


T = TypeVar("T", bound="OpenSeeks")


@_attrs_define
class OpenSeeks:
    """A page of the seeks waiting, oldest first."""

    next_: None | str
    """ Pass as `cursor` for the following page; null on the last """
    items: list[OpenSeek]
    """ The seeks """

    def to_dict(self) -> dict[str, Any]:
        next_: None | str
        next_ = self.next_

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "next": next_,
                "items": items,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.open_seek import OpenSeek  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = OpenSeek.from_dict(items_item_data)

            items.append(items_item)

        open_seeks = cls(
            next_=next_,
            items=items,
        )

        return open_seeks
