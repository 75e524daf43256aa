from typing import Literal

PerMoveClockSettingsType = Literal["per_move"]

PER_MOVE_CLOCK_SETTINGS_TYPE_VALUES: set[PerMoveClockSettingsType] = {
    "per_move",
}


def check_per_move_clock_settings_type(value: str) -> PerMoveClockSettingsType:
    if value in PER_MOVE_CLOCK_SETTINGS_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PER_MOVE_CLOCK_SETTINGS_TYPE_VALUES!r}")
