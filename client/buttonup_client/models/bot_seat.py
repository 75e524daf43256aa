from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel, check_bot_level
from ..models.bot_seat_type import BotSeatType, check_bot_seat_type
from ..types import UNSET, Unset

T = TypeVar("T", bound="BotSeat")


@_attrs_define
class BotSeat:
    """A seat the service plays: taken from the start"""

    type_: BotSeatType
    """ `bot` """
    level: BotLevel | Unset = UNSET
    """ `random`: a uniform legal move. `greedy`: one move deep (an extra turn if on offer, else the best immediate
    standing). `perfect`: a move that maximises the final round margin under perfect play """

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        level: str | Unset = UNSET
        if not isinstance(self.level, Unset):
            level = self.level

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if level is not UNSET:
            field_dict["level"] = level

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_bot_seat_type(d.pop("type"))

        _level = d.pop("level", UNSET)
        level: BotLevel | Unset
        if isinstance(_level, Unset):
            level = UNSET
        else:
            level = check_bot_level(_level)

        bot_seat = cls(
            type_=type_,
            level=level,
        )

        return bot_seat
