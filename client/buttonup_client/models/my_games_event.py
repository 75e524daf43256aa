from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="MyGamesEvent")


@_attrs_define
class MyGamesEvent:
    """The player's games not finished: first on a new connection"""

    event: Literal["games"]
    """ The event's name """
    id: str
    """ The position in the player's stream """
    data: str
    """ JSON: a MyGameList """

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
        event = cast(Literal["games"], d.pop("event"))
        if event != "games":
            raise ValueError(f"event must match const 'games', got '{event}'")

        id = d.pop("id")

        data = d.pop("data")

        my_games_event = cls(
            event=event,
            id=id,
            data=data,
        )

        return my_games_event
