from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stream_events_response_200_event import (
    StreamEventsResponse200Event,
    check_stream_events_response_200_event,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="StreamEventsResponse200")


@_attrs_define
class StreamEventsResponse200:
    """One event of the stream"""

    event: StreamEventsResponse200Event
    """ What happened """
    data: str
    """ JSON: the Game, or the change's details """
    id: str | Unset = UNSET
    """ The game version after the change """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event: str = self.event

        data = self.data

        id = self.id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "data": data,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event = check_stream_events_response_200_event(d.pop("event"))

        data = d.pop("data")

        id = d.pop("id", UNSET)

        stream_events_response_200 = cls(
            event=event,
            data=data,
            id=id,
        )

        stream_events_response_200.additional_properties = d
        return stream_events_response_200

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
