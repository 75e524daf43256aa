from typing import Literal

ListTournamentsStatus = Literal["finished", "running", "upcoming"]

LIST_TOURNAMENTS_STATUS_VALUES: set[ListTournamentsStatus] = {
    "finished",
    "running",
    "upcoming",
}


def check_list_tournaments_status(value: str) -> ListTournamentsStatus:
    if value in LIST_TOURNAMENTS_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_TOURNAMENTS_STATUS_VALUES!r}")
