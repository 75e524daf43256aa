from typing import Literal

BotSeatType = Literal["bot"]

BOT_SEAT_TYPE_VALUES: set[BotSeatType] = {
    "bot",
}


def check_bot_seat_type(value: str) -> BotSeatType:
    if value in BOT_SEAT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BOT_SEAT_TYPE_VALUES!r}")
