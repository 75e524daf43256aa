from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GameStartedEvent")


@_attrs_define
class GameStartedEvent:
    """A game of the player's started"""

    event: Literal["game_started"]
    """ The event's name """
    id: str
    """ The position in the player's stream """
    data: str
    """ JSON: a GameStartedEventData """

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
        event = cast(Literal["game_started"], d.pop("event"))
        if event != "game_started":
            raise ValueError(f"event must match const 'game_started', got '{event}'")

        id = d.pop("id")

        data = d.pop("data")

        game_started_event = cls(
            event=event,
            id=id,
            data=data,
        )

        return game_started_event
