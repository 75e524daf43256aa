from typing import Literal

TournamentVisibility = Literal["private", "public"]

TOURNAMENT_VISIBILITY_VALUES: set[TournamentVisibility] = {
    "private",
    "public",
}


def check_tournament_visibility(value: str) -> TournamentVisibility:
    if value in TOURNAMENT_VISIBILITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TOURNAMENT_VISIBILITY_VALUES!r}")
