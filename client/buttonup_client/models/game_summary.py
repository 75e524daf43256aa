from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.player_color import PlayerColor, check_player_color

if TYPE_CHECKING:
    from ..models.players import Players


T = TypeVar("T", bound="GameSummary")


@_attrs_define
class GameSummary:
    """A game in the lobby."""

    id: str
    """ The game's id """
    created_at: datetime.datetime
    """ RFC 3339 UTC """
    target_score: int
    """ Points that win the game """
    open_seats: list[PlayerColor]
    """ Seats to take """
    players: Players
    """ Both seats. """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        created_at = self.created_at.isoformat()

        target_score = self.target_score

        open_seats = []
        for open_seats_item_data in self.open_seats:
            open_seats_item: str = open_seats_item_data
            open_seats.append(open_seats_item)

        players = self.players.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "created_at": created_at,
                "target_score": target_score,
                "open_seats": open_seats,
                "players": players,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.players import Players  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        target_score = d.pop("target_score")

        open_seats = []
        _open_seats = d.pop("open_seats")
        for open_seats_item_data in _open_seats:
            open_seats_item = check_player_color(open_seats_item_data)

            open_seats.append(open_seats_item)

        players = Players.from_dict(d.pop("players"))

        game_summary = cls(
            id=id,
            created_at=created_at,
            target_score=target_score,
            open_seats=open_seats,
            players=players,
        )

        return game_summary
