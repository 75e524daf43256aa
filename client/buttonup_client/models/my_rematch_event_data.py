from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="MyRematchEventData")


@_attrs_define
class MyRematchEventData:
    """A rematch made"""

    game_id: str
    """ The game """
    next_game_id: str
    """ The rematch's game """

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        next_game_id = self.next_game_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "next_game_id": next_game_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        next_game_id = d.pop("next_game_id")

        my_rematch_event_data = cls(
            game_id=game_id,
            next_game_id=next_game_id,
        )

        return my_rematch_event_data
