from typing import Literal

HumanSeatType = Literal["human"]

HUMAN_SEAT_TYPE_VALUES: set[HumanSeatType] = {
    "human",
}


def check_human_seat_type(value: str) -> HumanSeatType:
    if value in HUMAN_SEAT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {HUMAN_SEAT_TYPE_VALUES!r}")
