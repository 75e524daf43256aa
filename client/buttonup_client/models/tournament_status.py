from typing import Literal

TournamentStatus = Literal["finished", "running", "upcoming"]

TOURNAMENT_STATUS_VALUES: set[TournamentStatus] = {
    "finished",
    "running",
    "upcoming",
}


def check_tournament_status(value: str) -> TournamentStatus:
    if value in TOURNAMENT_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TOURNAMENT_STATUS_VALUES!r}")
