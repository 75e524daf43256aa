from typing import Literal

FlagStatus = Literal["cleared", "confirmed", "flagged"]

FLAG_STATUS_VALUES: set[FlagStatus] = {
    "cleared",
    "confirmed",
    "flagged",
}


def check_flag_status(value: str) -> FlagStatus:
    if value in FLAG_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {FLAG_STATUS_VALUES!r}")
