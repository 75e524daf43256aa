from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ChallengeEvent")


@_attrs_define
class ChallengeEvent:
    """A challenge made to the player (standing: sent again on each stream opened while it is pending), or the outcome of
    one they made or were made: the challenge as `get_challenge` shows it

    """

    event: Literal["challenge"]
    """ The event's name """
    id: str
    """ The position in the player's stream """
    data: str
    """ JSON: a ChallengeEventData """

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
        event = cast(Literal["challenge"], d.pop("event"))
        if event != "challenge":
            raise ValueError(f"event must match const 'challenge', got '{event}'")

        id = d.pop("id")

        data = d.pop("data")

        challenge_event = cls(
            event=event,
            id=id,
            data=data,
        )

        return challenge_event
