from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TournamentPlayersData")


@_attrs_define
class TournamentPlayersData:
    """A player joined, or left an upcoming tournament"""

    players: int
    """ How many it has now """

    def to_dict(self) -> dict[str, Any]:
        players = self.players

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        players = d.pop("players")

        tournament_players_data = cls(
            players=players,
        )

        return tournament_players_data
