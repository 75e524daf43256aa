from typing import Literal

TournamentRequestScoring = Literal["par", "result"]

TOURNAMENT_REQUEST_SCORING_VALUES: set[TournamentRequestScoring] = {
    "par",
    "result",
}


def check_tournament_request_scoring(value: str) -> TournamentRequestScoring:
    if value in TOURNAMENT_REQUEST_SCORING_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TOURNAMENT_REQUEST_SCORING_VALUES!r}")
