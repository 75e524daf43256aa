from typing import Literal

ChallengeRequestColor = Literal["black", "random", "red"]

CHALLENGE_REQUEST_COLOR_VALUES: set[ChallengeRequestColor] = {
    "black",
    "random",
    "red",
}


def check_challenge_request_color(value: str) -> ChallengeRequestColor:
    if value in CHALLENGE_REQUEST_COLOR_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CHALLENGE_REQUEST_COLOR_VALUES!r}")
