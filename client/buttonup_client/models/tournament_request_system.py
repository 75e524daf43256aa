from typing import Literal

TournamentRequestSystem = Literal["arena", "swiss"]

TOURNAMENT_REQUEST_SYSTEM_VALUES: set[TournamentRequestSystem] = {
    "arena",
    "swiss",
}


def check_tournament_request_system(value: str) -> TournamentRequestSystem:
    if value in TOURNAMENT_REQUEST_SYSTEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TOURNAMENT_REQUEST_SYSTEM_VALUES!r}")
