"""/v1/players/me/events: what a player hears of all their games, as
Server-Sent Events: the spec's components for its events, and how a
connection resumes.

Tested in tests/contract/test_event_schemas.py,
tests/e2e/test_player_streams.py.
"""

import re
from collections.abc import Sequence
from typing import Any

from buttonup.api.events import event_component, one_of_events, ref
from buttonup.api.http import InvalidParameter, header
from buttonup.engine.player import PlayerEventName

POSITION = r"^[0-9]{1,20}(-[0-9]{1,20})?$"  # Redis's stream ids; "7" is "7-0"
LAST_EVENT_ID = {
    "in": "header",
    "name": "Last-Event-ID",
    "required": False,
    "description": "The `id` of the last event received (a stream position): the stream "
    "resumes after it",
    "schema": {"type": "string", "pattern": POSITION},
    "example": "1764604800000-0",
}
STREAM_DESCRIPTION = (
    "`text/event-stream`, with the player's key as `Authorization: Bearer`. First `games` "
    "(data: the games not finished, as `list_my_games` orders them), then one event per "
    "thing the player should hear of, across all their games: `game_start` ({game_id, color, "
    "version, token}: a seek was paired), `game_started` ({game_id, "
    "color, version}), `your_turn` ({game_id, version, deadline}), `game_over` ({game_id, "
    "winner, end_reason, rating_diff}), `rematch_offered` ({game_id, by}) and `rematch` ({game_id, "
    "next_game_id}); and the notices of the wings installed (each its own event, below), "
    "those that stand until answered sent again after `games` on every stream opened "
    "afresh. Each `id:` is a position in the player's stream (`games` carries the "
    "position it is as of). A connection that resumes with `Last-Event-ID` gets every event "
    "after it, none twice and none missing, whichever process or node serves it, and no "
    "`games` first; only a position the stream no longer keeps starts afresh with `games`. "
    "A comment line keeps the connection alive every `BUTTONUP_EVENTS_KEEPALIVE` seconds. "
    "The stream does not end by itself."
)


def data_component(what: str, properties: dict) -> dict:
    """An event's data: an object of these properties, each required, no other."""
    return {
        "type": "object",
        "description": what,
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


GAME_ID = {"type": "string", "description": "The game", "example": "q7Xb0mXvYg3cS1pQ2a9e"}
VERSION = {"type": "integer", "description": "The game's version it is as of", "example": 3}
DEADLINE = {
    "type": ["string", "null"],
    "format": "date-time",
    "description": "When the player's clock runs out (null: untimed)",
    "example": "2026-11-29T16:00:00.000Z",
}
COLOR = {**ref("PlayerColor"), "description": "The player's seat", "example": "red"}
# Each event: its component, the component of its data, what it says, an example.
EVENTS: dict[PlayerEventName, tuple[str, str, str, object]] = {
    PlayerEventName.GAMES: (
        "MyGamesEvent",
        "MyGameList",
        "The player's games not finished: first on a new connection",
        [{"id": "q7Xb0mXvYg3cS1pQ2a9e", "status": "playing", "my_turn": True}],
    ),
    PlayerEventName.GAME_START: (
        "GameStartEvent",
        "GameStartEventData",
        "A wing's pairing (a seek of the player's, a tournament they play) made a game: "
        "their seat in it, taken for them (a field the wing adds may name what paired "
        "them, as `tournament_id`), and its token (sent to this player alone, derived as "
        "it is sent and never kept)",
        {
            "game_id": "q7Xb0mXvYg3cS1pQ2a9e",
            "color": "red",
            "version": 2,
            "token": "3q2-7vVn0kY0n4mYw1bq0g2yVJ8rTQ9mI9b4xJmA8sE",
        },
    ),
    PlayerEventName.GAME_STARTED: (
        "GameStartedEvent",
        "GameStartedEventData",
        "A game of the player's started",
        {"game_id": "q7Xb0mXvYg3cS1pQ2a9e", "color": "red", "version": 2},
    ),
    PlayerEventName.YOUR_TURN: (
        "YourTurnEvent",
        "YourTurnEventData",
        "It became the player's turn in a game",
        {"game_id": "q7Xb0mXvYg3cS1pQ2a9e", "version": 3, "deadline": None},
    ),
    PlayerEventName.GAME_OVER: (
        "MyGameOverEvent",
        "MyGameOverEventData",
        "A game of the player's is over",
        {"game_id": "q7Xb0mXvYg3cS1pQ2a9e", "winner": "red", "end_reason": "target_score"},
    ),
    PlayerEventName.REMATCH_OFFERED: (
        "MyRematchOfferedEvent",
        "MyRematchOfferedEventData",
        "A seat of a finished game of the player's asked for a rematch",
        {"game_id": "q7Xb0mXvYg3cS1pQ2a9e", "by": "black"},
    ),
    PlayerEventName.REMATCH: (
        "MyRematchEvent",
        "MyRematchEventData",
        "A rematch was made: ask `request_rematch` for the player's seat there",
        {"game_id": "q7Xb0mXvYg3cS1pQ2a9e", "next_game_id": "Zk3mXvYg3cS1pQ2a9eq7"},
    ),
}
DATA_COMPONENTS = {
    "MyGameList": {
        "type": "array",
        "description": "The player's games not finished, their turn first",
        "items": ref("MyGame"),
    },
    "GameStartEventData": data_component(
        "A wing's pairing made a game",
        {
            "game_id": GAME_ID,
            "color": COLOR,
            "version": VERSION,
            "token": {
                "type": "string",
                "description": "The seat's bearer token (the player's key works too)",
                "example": "3q2-7vVn0kY0n4mYw1bq0g2yVJ8rTQ9mI9b4xJmA8sE",
            },
        },
    ),
    "GameStartedEventData": data_component(
        "A game started", {"game_id": GAME_ID, "color": COLOR, "version": VERSION}
    ),
    "YourTurnEventData": data_component(
        "The player's turn", {"game_id": GAME_ID, "version": VERSION, "deadline": DEADLINE}
    ),
    "MyGameOverEventData": data_component(
        "A game is over",
        {
            "game_id": GAME_ID,
            "winner": {
                "anyOf": [ref("PlayerColor"), {"type": "null"}],
                "description": "The winner; null when the game was aborted",
                "example": "red",
            },
            "end_reason": {
                **ref("EndReason"),
                "description": "How it ended",
                "example": "target_score",
            },
            "rating_diff": {
                "anyOf": [ref("Tally"), {"type": "null"}],
                "description": "A rated game's: each seat's rating change, rounded; "
                "null for an unrated or aborted game",
                "example": {"red": 9, "black": -9},
            },
        },
    ),
    "MyRematchOfferedEventData": data_component(
        "A rematch asked for",
        {
            "game_id": GAME_ID,
            "by": {**ref("PlayerColor"), "description": "The seat that asked", "example": "black"},
        },
    ),
    "MyRematchEventData": data_component(
        "A rematch made",
        {
            "game_id": GAME_ID,
            "next_game_id": {
                "type": "string",
                "description": "The rematch's game",
                "example": "Zk3mXvYg3cS1pQ2a9eq7",
            },
        },
    ),
}


STREAM_POSITION = {
    "type": "string",
    "pattern": POSITION,
    "description": "The position in the player's stream",
    "example": "1764604800000-0",
}


COMPONENTS = {
    **DATA_COMPONENTS,
    **{
        component: event_component(name.value, data, description, example, STREAM_POSITION)
        for name, (component, data, description, example) in EVENTS.items()
    },
}
# The stream's event: one of the core's and of the installed wings' notices,
# a component each app writes (wing_notice_components).
PLAYER_EVENT = "PlayerEvent"


def wing_notice_components(
    notices: Sequence[tuple[str, str, str, dict[str, Any], object]],
) -> dict[str, dict]:
    """The spec's components for this app's stream: each wing's notice
    (its name, component, description, data schema and example) and its
    data, and the stream's event (PLAYER_EVENT) with them among the core's."""
    added: dict[str, dict] = {}
    events = {name.value: component for name, (component, _, _, _) in EVENTS.items()}
    for name, component, description, data, example in notices:
        added[f"{component}Data"] = data_component(description, data)
        added[component] = event_component(
            name, f"{component}Data", description, example, STREAM_POSITION
        )
        events[name] = component
    added[PLAYER_EVENT] = one_of_events("One event of the player's stream, by its `event`", events)
    return added


def position_after() -> str | None:
    """Last-Event-ID: a position of the player's stream, as `<ms>-<seq>`."""
    raw = header("Last-Event-ID")
    if raw is None:
        return None
    if re.match(POSITION, raw) is None or not raw.isascii():
        raise InvalidParameter("Last-Event-ID", "must be an event id of this stream")
    milliseconds, _, sequence = raw.partition("-")
    return f"{int(milliseconds)}-{int(sequence or 0)}"
