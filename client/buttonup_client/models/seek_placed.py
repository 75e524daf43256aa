from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SeekPlaced")


@_attrs_define
class SeekPlaced:
    """A seek made. When it was paired at once, `game_id` names the game (and
    the player's stream sends `game_start` with the seat's token).

    """

    id: str
    """ The seek's id (for `cancel_seek`) """
    game_id: None | str
    """ The game it was paired into at once; null: it waits """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        game_id: None | str
        game_id = self.game_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "game_id": game_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_game_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game_id = _parse_game_id(d.pop("game_id"))

        seek_placed = cls(
            id=id,
            game_id=game_id,
        )

        return seek_placed
