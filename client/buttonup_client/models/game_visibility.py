from typing import Literal

GameVisibility = Literal["private", "public"]

GAME_VISIBILITY_VALUES: set[GameVisibility] = {
    "private",
    "public",
}


def check_game_visibility(value: str) -> GameVisibility:
    if value in GAME_VISIBILITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GAME_VISIBILITY_VALUES!r}")
