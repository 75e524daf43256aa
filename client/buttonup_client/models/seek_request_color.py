from typing import Literal

SeekRequestColor = Literal["black", "random", "red"]

SEEK_REQUEST_COLOR_VALUES: set[SeekRequestColor] = {
    "black",
    "random",
    "red",
}


def check_seek_request_color(value: str) -> SeekRequestColor:
    if value in SEEK_REQUEST_COLOR_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEEK_REQUEST_COLOR_VALUES!r}")
