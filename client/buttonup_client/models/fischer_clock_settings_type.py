from typing import Literal

FischerClockSettingsType = Literal["fischer"]

FISCHER_CLOCK_SETTINGS_TYPE_VALUES: set[FischerClockSettingsType] = {
    "fischer",
}


def check_fischer_clock_settings_type(value: str) -> FischerClockSettingsType:
    if value in FISCHER_CLOCK_SETTINGS_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {FISCHER_CLOCK_SETTINGS_TYPE_VALUES!r}")
