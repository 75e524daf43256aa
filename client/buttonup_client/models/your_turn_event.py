from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="YourTurnEvent")


@_attrs_define
class YourTurnEvent:
    """It became the player's turn in a game"""

    event: Literal["your_turn"]
    """ The event's name """
    id: str
    """ The position in the player's stream """
    data: str
    """ JSON: a YourTurnEventData """

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
        event = cast(Literal["your_turn"], d.pop("event"))
        if event != "your_turn":
            raise ValueError(f"event must match const 'your_turn', got '{event}'")

        id = d.pop("id")

        data = d.pop("data")

        your_turn_event = cls(
            event=event,
            id=id,
            data=data,
        )

        return your_turn_event
