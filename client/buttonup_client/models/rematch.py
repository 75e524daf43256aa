from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.player_color import PlayerColor, check_player_color

T = TypeVar("T", bound="Rematch")


@_attrs_define
class Rematch:
    """A rematch asked for after the end."""

    offered_by: list[PlayerColor]
    """ The seats that asked for one, in the order they asked """
    game_id: None | str
    """ The next game, once both seats asked (null until then) """

    def to_dict(self) -> dict[str, Any]:
        offered_by = []
        for offered_by_item_data in self.offered_by:
            offered_by_item: str = offered_by_item_data
            offered_by.append(offered_by_item)

        game_id: None | str
        game_id = self.game_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "offered_by": offered_by,
                "game_id": game_id,
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

        def _parse_game_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game_id = _parse_game_id(d.pop("game_id"))

        rematch = cls(
            offered_by=offered_by,
            game_id=game_id,
        )

        return rematch
