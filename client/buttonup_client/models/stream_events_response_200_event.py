from typing import Literal

StreamEventsResponse200Event = Literal["game", "game_over", "joined", "move", "resigned", "round_over"]

STREAM_EVENTS_RESPONSE_200_EVENT_VALUES: set[StreamEventsResponse200Event] = {
    "game",
    "game_over",
    "joined",
    "move",
    "resigned",
    "round_over",
}


def check_stream_events_response_200_event(value: str) -> StreamEventsResponse200Event:
    if value in STREAM_EVENTS_RESPONSE_200_EVENT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {STREAM_EVENTS_RESPONSE_200_EVENT_VALUES!r}")
