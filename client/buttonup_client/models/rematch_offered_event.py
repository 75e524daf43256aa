from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RematchOfferedEvent")


@_attrs_define
class RematchOfferedEvent:
    """A seat of the finished game asked for a rematch"""

    event: Literal["rematch_offered"]
    """ The event's name """
    id: str
    """ The game's version after the change """
    data: str
    """ JSON: a RematchOfferedEventData """

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

        rematch_offered_event = cls(
            event=event,
            id=id,
            data=data,
        )

        return rematch_offered_event
