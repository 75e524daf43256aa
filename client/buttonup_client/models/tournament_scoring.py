from typing import Literal

TournamentScoring = Literal["par", "result"]

TOURNAMENT_SCORING_VALUES: set[TournamentScoring] = {
    "par",
    "result",
}


def check_tournament_scoring(value: str) -> TournamentScoring:
    if value in TOURNAMENT_SCORING_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TOURNAMENT_SCORING_VALUES!r}")
