from typing import Literal

EndReason = Literal["abandoned", "aborted", "resignation", "target_score", "timeout"]

END_REASON_VALUES: set[EndReason] = {
    "abandoned",
    "aborted",
    "resignation",
    "target_score",
    "timeout",
}


def check_end_reason(value: str) -> EndReason:
    if value in END_REASON_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {END_REASON_VALUES!r}")
