from typing import Literal

MyGameStatus = Literal["finished", "playing", "waiting"]

MY_GAME_STATUS_VALUES: set[MyGameStatus] = {
    "finished",
    "playing",
    "waiting",
}


def check_my_game_status(value: str) -> MyGameStatus:
    if value in MY_GAME_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MY_GAME_STATUS_VALUES!r}")
