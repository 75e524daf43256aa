from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="MyGameOverEvent")


@_attrs_define
class MyGameOverEvent:
    """A game of the player's is over"""

    event: Literal["game_over"]
    """ The event's name """
    id: str
    """ The position in the player's stream """
    data: str
    """ JSON: a MyGameOverEventData """

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
        event = cast(Literal["game_over"], d.pop("event"))
        if event != "game_over":
            raise ValueError(f"event must match const 'game_over', got '{event}'")

        id = d.pop("id")

        data = d.pop("data")

        my_game_over_event = cls(
            event=event,
            id=id,
            data=data,
        )

        return my_game_over_event
