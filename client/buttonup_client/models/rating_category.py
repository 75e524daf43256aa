from typing import Literal

RatingCategory = Literal["blitz", "classical", "daily", "rapid", "untimed"]

RATING_CATEGORY_VALUES: set[RatingCategory] = {
    "blitz",
    "classical",
    "daily",
    "rapid",
    "untimed",
}


def check_rating_category(value: str) -> RatingCategory:
    if value in RATING_CATEGORY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RATING_CATEGORY_VALUES!r}")
