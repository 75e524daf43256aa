from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PresenceEvent")


@_attrs_define
class PresenceEvent:
    """Who is connected: after the first event, then at each change; no `id`"""

    event: Literal["presence"]
    """ The event's name """
    data: str
    """ JSON: a Presence """

    def to_dict(self) -> dict[str, Any]:
        event = self.event

        data = self.data

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "event": event,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event = cast(Literal["presence"], d.pop("event"))
        if event != "presence":
            raise ValueError(f"event must match const 'presence', got '{event}'")

        data = d.pop("data")

        presence_event = cls(
            event=event,
            data=data,
        )

        return presence_event
