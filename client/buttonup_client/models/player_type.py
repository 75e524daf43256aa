from typing import Literal

PlayerType = Literal["bot", "human"]

PLAYER_TYPE_VALUES: set[PlayerType] = {
    "bot",
    "human",
}


def check_player_type(value: str) -> PlayerType:
    if value in PLAYER_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYER_TYPE_VALUES!r}")
