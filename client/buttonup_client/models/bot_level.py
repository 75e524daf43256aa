from typing import Literal

BotLevel = Literal["greedy", "perfect", "random"]

BOT_LEVEL_VALUES: set[BotLevel] = {
    "greedy",
    "perfect",
    "random",
}


def check_bot_level(value: str) -> BotLevel:
    if value in BOT_LEVEL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BOT_LEVEL_VALUES!r}")
