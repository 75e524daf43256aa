from typing import Literal

PuzzleTheme = Literal["extra_turn", "last_stack", "long_line", "overflow", "swing_10", "swing_5"]

PUZZLE_THEME_VALUES: set[PuzzleTheme] = {
    "extra_turn",
    "last_stack",
    "long_line",
    "overflow",
    "swing_10",
    "swing_5",
}


def check_puzzle_theme(value: str) -> PuzzleTheme:
    if value in PUZZLE_THEME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PUZZLE_THEME_VALUES!r}")
