from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.per_move_clock_settings_type import PerMoveClockSettingsType, check_per_move_clock_settings_type

T = TypeVar("T", bound="PerMoveClockSettings")


@_attrs_define
class PerMoveClockSettings:
    """The same time for every turn; nothing carries over"""

    type_: PerMoveClockSettingsType
    """ `per_move` """
    seconds: int
    """ The time of every turn (up to 14 days) """

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        seconds = self.seconds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "seconds": seconds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_per_move_clock_settings_type(d.pop("type"))

        seconds = d.pop("seconds")

        per_move_clock_settings = cls(
            type_=type_,
            seconds=seconds,
        )

        return per_move_clock_settings
