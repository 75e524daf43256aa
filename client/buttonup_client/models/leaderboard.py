from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.rating_category import RatingCategory, check_rating_category

if TYPE_CHECKING:
    from ..models.leader import Leader


T = TypeVar("T", bound="Leaderboard")


@_attrs_define
class Leaderboard:
    """A category's best players, not provisional, best first."""

    category: RatingCategory
    """ A rating category, by time control (docs/api.md, "Ratings"): `blitz`, `rapid` and `classical` Fischer clocks
    by their estimated length, `daily` (a clock per move), `untimed` """
    items: list[Leader]
    """ Best first """

    def to_dict(self) -> dict[str, Any]:
        category: str = self.category

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "category": category,
                "items": items,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.leader import Leader  # noqa: PLC0415

        d = dict(src_dict)
        category = check_rating_category(d.pop("category"))

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = Leader.from_dict(items_item_data)

            items.append(items_item)

        leaderboard = cls(
            category=category,
            items=items,
        )

        return leaderboard
