from typing import Literal

SeatRequestType = Literal["human"]

SEAT_REQUEST_TYPE_VALUES: set[SeatRequestType] = {
    "human",
}


def check_seat_request_type(value: str) -> SeatRequestType:
    if value in SEAT_REQUEST_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEAT_REQUEST_TYPE_VALUES!r}")
