from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TournamentPairingEvent")


@_attrs_define
class TournamentPairingEvent:
    """Two players paired into a game, told once the game is made (it can be read)"""

    event: Literal["pairing"]
    """ The event's name """
    id: str
    """ The position in the player's stream """
    data: str
    """ JSON: a TournamentPairingData """

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
        event = cast(Literal["pairing"], d.pop("event"))
        if event != "pairing":
            raise ValueError(f"event must match const 'pairing', got '{event}'")

        id = d.pop("id")

        data = d.pop("data")

        tournament_pairing_event = cls(
            event=event,
            id=id,
            data=data,
        )

        return tournament_pairing_event
