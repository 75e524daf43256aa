from typing import Literal

ClockType = Literal["fischer", "per_move"]

CLOCK_TYPE_VALUES: set[ClockType] = {
    "fischer",
    "per_move",
}


def check_clock_type(value: str) -> ClockType:
    if value in CLOCK_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CLOCK_TYPE_VALUES!r}")
