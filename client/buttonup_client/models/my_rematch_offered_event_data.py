from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.player_color import PlayerColor, check_player_color

T = TypeVar("T", bound="MyRematchOfferedEventData")


@_attrs_define
class MyRematchOfferedEventData:
    """A rematch asked for"""

    game_id: str
    """ The game """
    by: PlayerColor
    """ A player's colour, which is also the name of their seat """

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        by: str = self.by

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "by": by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        by = check_player_color(d.pop("by"))

        my_rematch_offered_event_data = cls(
            game_id=game_id,
            by=by,
        )

        return my_rematch_offered_event_data
