from typing import Literal

TournamentRequestVisibility = Literal["private", "public"]

TOURNAMENT_REQUEST_VISIBILITY_VALUES: set[TournamentRequestVisibility] = {
    "private",
    "public",
}


def check_tournament_request_visibility(value: str) -> TournamentRequestVisibility:
    if value in TOURNAMENT_REQUEST_VISIBILITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TOURNAMENT_REQUEST_VISIBILITY_VALUES!r}")
