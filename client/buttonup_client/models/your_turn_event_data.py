from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="YourTurnEventData")


@_attrs_define
class YourTurnEventData:
    """The player's turn"""

    game_id: str
    """ The game """
    version: int
    """ The game's version it is as of """
    deadline: datetime.datetime | None
    """ When the player's clock runs out (null: untimed) """

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        version = self.version

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "version": version,
                "deadline": deadline,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        version = d.pop("version")

        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))

        your_turn_event_data = cls(
            game_id=game_id,
            version=version,
            deadline=deadline,
        )

        return your_turn_event_data
