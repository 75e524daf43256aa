from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="BerserkEvent")


@_attrs_define
class BerserkEvent:
    """A player went berserk before their first move: half their time, no increment"""

    event: Literal["berserk"]
    """ The event's name """
    id: str
    """ The game's version after the change """
    data: str
    """ JSON: a BerserkEventData """

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
        event = cast(Literal["berserk"], d.pop("event"))
        if event != "berserk":
            raise ValueError(f"event must match const 'berserk', got '{event}'")

        id = d.pop("id")

        data = d.pop("data")

        berserk_event = cls(
            event=event,
            id=id,
            data=data,
        )

        return berserk_event
