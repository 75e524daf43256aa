from typing import Literal

ChallengeColor = Literal["black", "random", "red"]

CHALLENGE_COLOR_VALUES: set[ChallengeColor] = {
    "black",
    "random",
    "red",
}


def check_challenge_color(value: str) -> ChallengeColor:
    if value in CHALLENGE_COLOR_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CHALLENGE_COLOR_VALUES!r}")
