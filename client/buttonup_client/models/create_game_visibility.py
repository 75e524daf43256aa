from typing import Literal

CreateGameVisibility = Literal["private", "public"]

CREATE_GAME_VISIBILITY_VALUES: set[CreateGameVisibility] = {
    "private",
    "public",
}


def check_create_game_visibility(value: str) -> CreateGameVisibility:
    if value in CREATE_GAME_VISIBILITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CREATE_GAME_VISIBILITY_VALUES!r}")
