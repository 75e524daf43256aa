from typing import Literal

TournamentSystem = Literal["arena", "swiss"]

TOURNAMENT_SYSTEM_VALUES: set[TournamentSystem] = {
    "arena",
    "swiss",
}


def check_tournament_system(value: str) -> TournamentSystem:
    if value in TOURNAMENT_SYSTEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TOURNAMENT_SYSTEM_VALUES!r}")
