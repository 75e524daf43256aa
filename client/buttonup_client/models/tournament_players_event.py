from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TournamentPlayersEvent")


@_attrs_define
class TournamentPlayersEvent:
    """How many players it has, as one joins or leaves an upcoming tournament"""

    event: Literal["players"]
    """ The event's name """
    id: str
    """ The position in the player's stream """
    data: str
    """ JSON: a TournamentPlayersData """

    def to_dict(self) -> dict[str, Any]:
        event = self.event

        id = self.id

        data = self.data

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "event": event,
                "id": id,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event = cast(Literal["players"], d.pop("event"))
        if event != "players":
            raise ValueError(f"event must match const 'players', got '{event}'")

        id = d.pop("id")

        data = d.pop("data")

        tournament_players_event = cls(
            event=event,
            id=id,
            data=data,
        )

        return tournament_players_event
