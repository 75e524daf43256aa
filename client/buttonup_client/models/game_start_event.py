from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GameStartEvent")


@_attrs_define
class GameStartEvent:
    """A wing's pairing (a seek of the player's, a tournament they play) made a game: their seat in it, taken for them (a
    field the wing adds may name what paired them, as `tournament_id`), and its token (sent to this player alone,
    derived as it is sent and never kept)

    """

    event: Literal["game_start"]
    """ The event's name """
    id: str
    """ The position in the player's stream """
    data: str
    """ JSON: a GameStartEventData """

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
        event = cast(Literal["game_start"], d.pop("event"))
        if event != "game_start":
            raise ValueError(f"event must match const 'game_start', got '{event}'")

        id = d.pop("id")

        data = d.pop("data")

        game_start_event = cls(
            event=event,
            id=id,
            data=data,
        )

        return game_start_event
