from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="MyRematchOfferedEvent")


@_attrs_define
class MyRematchOfferedEvent:
    """A seat of a finished game of the player's asked for a rematch"""

    event: Literal["rematch_offered"]
    """ The event's name """
    id: str
    """ The position in the player's stream """
    data: str
    """ JSON: a MyRematchOfferedEventData """

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
        event = cast(Literal["rematch_offered"], d.pop("event"))
        if event != "rematch_offered":
            raise ValueError(f"event must match const 'rematch_offered', got '{event}'")

        id = d.pop("id")

        data = d.pop("data")

        my_rematch_offered_event = cls(
            event=event,
            id=id,
            data=data,
        )

        return my_rematch_offered_event
