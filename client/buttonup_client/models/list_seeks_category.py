from typing import Literal

ListSeeksCategory = Literal["blitz", "classical", "daily", "rapid", "untimed"]

LIST_SEEKS_CATEGORY_VALUES: set[ListSeeksCategory] = {
    "blitz",
    "classical",
    "daily",
    "rapid",
    "untimed",
}


def check_list_seeks_category(value: str) -> ListSeeksCategory:
    if value in LIST_SEEKS_CATEGORY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_SEEKS_CATEGORY_VALUES!r}")
