from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.player_color import PlayerColor, check_player_color

T = TypeVar("T", bound="RematchOffer")


@_attrs_define
class RematchOffer:
    """A rematch offered, waiting for the other seat."""

    offered_by: list[PlayerColor]
    """ The seats that asked for one so far """

    def to_dict(self) -> dict[str, Any]:
        offered_by = []
        for offered_by_item_data in self.offered_by:
            offered_by_item: str = offered_by_item_data
            offered_by.append(offered_by_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "offered_by": offered_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        offered_by = []
        _offered_by = d.pop("offered_by")
        for offered_by_item_data in _offered_by:
            offered_by_item = check_player_color(offered_by_item_data)

            offered_by.append(offered_by_item)

        rematch_offer = cls(
            offered_by=offered_by,
        )

        return rematch_offer
