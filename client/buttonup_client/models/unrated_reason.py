from typing import Literal

UnratedReason = Literal["pair_limit", "rated_game_in_progress"]

UNRATED_REASON_VALUES: set[UnratedReason] = {
    "pair_limit",
    "rated_game_in_progress",
}


def check_unrated_reason(value: str) -> UnratedReason:
    if value in UNRATED_REASON_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {UNRATED_REASON_VALUES!r}")
