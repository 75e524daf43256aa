from typing import Literal

CreateGameFirstPlayer = Literal["black", "random", "red"]

CREATE_GAME_FIRST_PLAYER_VALUES: set[CreateGameFirstPlayer] = {
    "black",
    "random",
    "red",
}


def check_create_game_first_player(value: str) -> CreateGameFirstPlayer:
    if value in CREATE_GAME_FIRST_PLAYER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CREATE_GAME_FIRST_PLAYER_VALUES!r}")
