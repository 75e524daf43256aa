from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TournamentStandingsEvent")


@_attrs_define
class TournamentStandingsEvent:
    """The leaders changed"""

    event: Literal["standings"]
    """ The event's name """
    id: str
    """ The position in the player's stream """
    data: str
    """ JSON: a TournamentStandingsData """

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
        event = cast(Literal["standings"], d.pop("event"))
        if event != "standings":
            raise ValueError(f"event must match const 'standings', got '{event}'")

        id = d.pop("id")

        data = d.pop("data")

        tournament_standings_event = cls(
            event=event,
            id=id,
            data=data,
        )

        return tournament_standings_event
