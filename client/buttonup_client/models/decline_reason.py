from typing import Literal

DeclineReason = Literal[
    "casual", "generic", "later", "no_bot", "only_bot", "position", "rated", "timecontrol", "too_fast", "too_slow"
]

DECLINE_REASON_VALUES: set[DeclineReason] = {
    "casual",
    "generic",
    "later",
    "no_bot",
    "only_bot",
    "position",
    "rated",
    "timecontrol",
    "too_fast",
    "too_slow",
}


def check_decline_reason(value: str) -> DeclineReason:
    if value in DECLINE_REASON_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DECLINE_REASON_VALUES!r}")
