from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TournamentByeEvent")


@_attrs_define
class TournamentByeEvent:
    """A Swiss round's bye counted (no game: `result` is for games)"""

    event: Literal["bye"]
    """ The event's name """
    id: str
    """ The position in the player's stream """
    data: str
    """ JSON: a TournamentByeData """

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
        event = cast(Literal["bye"], d.pop("event"))
        if event != "bye":
            raise ValueError(f"event must match const 'bye', got '{event}'")

        id = d.pop("id")

        data = d.pop("data")

        tournament_bye_event = cls(
            event=event,
            id=id,
            data=data,
        )

        return tournament_bye_event
