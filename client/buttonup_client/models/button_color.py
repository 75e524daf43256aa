from typing import Literal

ButtonColor = Literal["black", "red", "white"]

BUTTON_COLOR_VALUES: set[ButtonColor] = {
    "black",
    "red",
    "white",
}


def check_button_color(value: str) -> ButtonColor:
    if value in BUTTON_COLOR_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BUTTON_COLOR_VALUES!r}")
