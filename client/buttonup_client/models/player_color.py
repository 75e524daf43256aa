from typing import Literal

PlayerColor = Literal["black", "red"]

PLAYER_COLOR_VALUES: set[PlayerColor] = {
    "black",
    "red",
}


def check_player_color(value: str) -> PlayerColor:
    if value in PLAYER_COLOR_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYER_COLOR_VALUES!r}")
