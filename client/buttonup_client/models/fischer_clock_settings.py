from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.fischer_clock_settings_type import FischerClockSettingsType, check_fischer_clock_settings_type

T = TypeVar("T", bound="FischerClockSettings")


@_attrs_define
class FischerClockSettings:
    """A bank of time per player, plus an increment after each move"""

    type_: FischerClockSettingsType
    """ `fischer` """
    initial_seconds: int
    """ Each player's bank at the start """
    increment_seconds: int
    """ Added after each of one's moves """

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        initial_seconds = self.initial_seconds

        increment_seconds = self.increment_seconds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "initial_seconds": initial_seconds,
                "increment_seconds": increment_seconds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_fischer_clock_settings_type(d.pop("type"))

        initial_seconds = d.pop("initial_seconds")

        increment_seconds = d.pop("increment_seconds")

        fischer_clock_settings = cls(
            type_=type_,
            initial_seconds=initial_seconds,
            increment_seconds=increment_seconds,
        )

        return fischer_clock_settings
