from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SeatPresence")


@_attrs_define
class SeatPresence:
    """Whether a seat has a stream open."""

    connected: bool
    """ A stream with the seat's credential is open """
    since: datetime.datetime | None
    """ When it last became connected or disconnected (null: never connected) """

    def to_dict(self) -> dict[str, Any]:
        connected = self.connected

        since: None | str
        if isinstance(self.since, datetime.datetime):
            since = self.since.isoformat()
        else:
            since = self.since

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "connected": connected,
                "since": since,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        connected = d.pop("connected")

        def _parse_since(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                since_type_0 = datetime.datetime.fromisoformat(data)

                return since_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        since = _parse_since(d.pop("since"))

        seat_presence = cls(
            connected=connected,
            since=since,
        )

        return seat_presence
