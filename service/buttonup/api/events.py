"""/v1/games/{id}/events: the game's changes as Server-Sent Events.

Tested in tests/api/test_events_keepalive.py,
tests/contract/test_event_schemas.py, tests/e2e/test_events.py.
"""

import json
from collections.abc import Callable, Iterator
from typing import Any

from flask import Response, current_app, request
from flask_smorest import Blueprint

from buttonup.api.codec import Codec
from buttonup.api.docs import ALWAYS, GAME_ID, operation
from buttonup.api.http import ApiView, InvalidParameter, StreamBudget, bearer_token, header
from buttonup.api.metrics import STREAMS_OPEN
from buttonup.engine import EventName
from buttonup.errors import StorageUnavailable
from buttonup.games import Games
from buttonup.stopping import WorkerStopping

blp = Blueprint("events", __name__, url_prefix="/v1/games", description="Live events")

AFTER = {
    "in": "query",
    "name": "after",
    "required": False,
    "description": "Resume after this version (as `Last-Event-ID`, for clients that "
    "cannot set headers)",
    "schema": {"type": "integer", "minimum": 0, "maximum": 999_999_999_999_999_999},
    "example": 7,
}
LAST_EVENT_ID = {
    "in": "header",
    "name": "Last-Event-ID",
    "required": False,
    "description": "The `id` of the last event received: the stream resumes after it",
    "schema": {"type": "string", "pattern": "^[0-9]{1,18}$"},
    "example": "7",
}
STREAM_DESCRIPTION = (
    "`text/event-stream`. First `game` (data: the Game), then one event per change: "
    "`joined` ({color, game}), `move` ({move, game}), `round_over` (the round's summary "
    "as in `rounds`), `resigned`, `aborted`, `timeout` or `abandoned` ({color, game}: who "
    "resigned, aborted (null when the first move's time ran out), ran out of time or "
    "abandoned the game), `berserk` ({color, game}: a seat gone berserk, in an arena's "
    "game), `game_over` (the Game). Each `id:` is the game version after the "
    "change; events of one change share it and come in the order move, round_over, "
    "game_over. Right after the first event of the connection, and at each change of who "
    "is connected, `presence` (data: as `get_presence` answers) comes with **no** `id:`. "
    "Opened with `Authorization: Bearer <seat token>`, the stream marks that seat "
    "connected while it is open (browsers read it with `fetch`, which sends the header; "
    "a token never goes in a URL). A connection that resumes with `Last-Event-ID: v` "
    "(or `?after=v`) gets every event after `v` and no `game` first, so ids never go back; "
    "only when `v` is no version of the game, or its later events are gone, does it start "
    "with `game` at the current version. A comment line keeps the connection alive every "
    "`BUTTONUP_EVENTS_KEEPALIVE` seconds (10 by default). After `game_over` the stream "
    "stays open while a rematch can be arranged (a human seat, within "
    "`BUTTONUP_REMATCH_SECONDS` of the end), with `rematch_offered` ({color, game}: who "
    "asked) and `rematch` ({game_id, game}: the next game), and ends after `rematch` or "
    "when the window closes; otherwise it ends after `game_over`, and resumed after a "
    "finished game's last event it ends at once. A worker "
    "keeps a bounded number of streams open, in all and per client address: past "
    "either, 503 `too_many_streams` with `Retry-After`."
)


# One schema per event of the stream (components), so that generated clients
# get one type per event: `event` names it, `id` is the version after the
# change, `data` is its JSON (a string on the wire, this shape once parsed).
def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def one_of_events(description: str, components: dict[str, str]) -> dict:
    """The schema of a stream's events: one of the components, by `event`
    (each event's name -> its component)."""
    return {
        "description": description,
        "oneOf": [ref(component) for component in components.values()],
        "discriminator": {
            "propertyName": "event",
            "mapping": {name: ref(component)["$ref"] for name, component in components.items()},
        },
    }


GAME_EXAMPLE = {"id": "q7Xb0mXvYg3cS1pQ2a9e", "version": 3}


def _with_game(what: str, extra: dict) -> dict:
    game = {**ref("Game"), "description": "The game after it", "example": GAME_EXAMPLE}
    return {
        "type": "object",
        "description": what,
        "properties": {**extra, "game": game},
        "required": [*extra, "game"],
        "additionalProperties": False,
    }


COLOR = {"color": {**ref("PlayerColor"), "description": "The seat's colour", "example": "red"}}
ABORTER = {
    "color": {
        "anyOf": [ref("PlayerColor"), {"type": "null"}],
        "description": "The seat that aborted; null when the first move's time ran out",
        "example": "red",
    }
}
MOVE = {"move": {**ref("Move"), "description": "The move", "example": {"number": 1}}}
# Each event: its component, the component of its data, what it says.
EVENTS: dict[EventName, tuple[str, str, str]] = {
    EventName.GAME: ("GameEvent", "Game", "The game as it is: first on a new connection"),
    EventName.JOINED: ("JoinedEvent", "JoinedEventData", "A seat was taken"),
    EventName.MOVE: ("MoveEvent", "MoveEventData", "A move was played, a bot's too"),
    EventName.ROUND_OVER: (
        "RoundOverEvent",
        "RoundResult",
        "The round ended: its summary, as in the game's `rounds`",
    ),
    EventName.RESIGNED: ("ResignedEvent", "ResignedEventData", "A player resigned"),
    EventName.ABORTED: ("AbortedEvent", "AbortedEventData", "The game was aborted"),
    EventName.TIMEOUT: ("TimeoutEvent", "TimeoutEventData", "A player's clock ran out"),
    EventName.ABANDONED: (
        "AbandonedEvent",
        "AbandonedEventData",
        "The waiting player claimed the game an absent one abandoned",
    ),
    EventName.GAME_OVER: (
        "GameOverEvent",
        "Game",
        "The game is over; the stream ends, unless a rematch can still be arranged",
    ),
    EventName.BERSERK: (
        "BerserkEvent",
        "BerserkEventData",
        "A player went berserk before their first move: half their time, no increment",
    ),
    EventName.REMATCH_OFFERED: (
        "RematchOfferedEvent",
        "RematchOfferedEventData",
        "A seat of the finished game asked for a rematch",
    ),
    EventName.REMATCH: (
        "RematchEvent",
        "RematchEventData",
        "Both seats asked: the next game is made; the stream ends",
    ),
    EventName.PRESENCE: (
        "PresenceEvent",
        "Presence",
        "Who is connected: after the first event, then at each change; no `id`",
    ),
}
UNVERSIONED = {EventName.PRESENCE}  # events that change nothing: no `id:`
EVENT_DATA_COMPONENTS = {
    "JoinedEventData": _with_game("A seat was taken: its colour, and the game", COLOR),
    "MoveEventData": _with_game("A move, and the game after it", MOVE),
    "ResignedEventData": _with_game("Who resigned, and the game", COLOR),
    "AbortedEventData": _with_game("Who aborted, and the game", ABORTER),
    "TimeoutEventData": _with_game("Whose clock ran out (they lose), and the game", COLOR),
    "AbandonedEventData": _with_game("The absent colour (who loses), and the game", COLOR),
    "RematchOfferedEventData": _with_game("The seat that asked, and the game", COLOR),
    "BerserkEventData": _with_game("The seat gone berserk, and the game", COLOR),
    "RematchEventData": _with_game(
        "The next game's id, and this game",
        {
            "game_id": {
                "type": "string",
                "description": "The next game; each seat gets its token there from "
                "`request_rematch`",
                "example": "Zk3mXvYg3cS1pQ2a9eq7",
            }
        },
    ),
}
EVENT_EXAMPLES = {
    EventName.GAME: GAME_EXAMPLE,
    EventName.JOINED: {"color": "red", "game": GAME_EXAMPLE},
    EventName.MOVE: {"move": {"number": 1, "position": 4}, "game": GAME_EXAMPLE},
    EventName.ROUND_OVER: {"number": 1, "points": {"red": 0, "black": 10}},
    EventName.RESIGNED: {"color": "black", "game": GAME_EXAMPLE},
    EventName.ABORTED: {"color": None, "game": GAME_EXAMPLE},
    EventName.TIMEOUT: {"color": "red", "game": GAME_EXAMPLE},
    EventName.ABANDONED: {"color": "black", "game": GAME_EXAMPLE},
    EventName.GAME_OVER: GAME_EXAMPLE,
    EventName.REMATCH_OFFERED: {"color": "red", "game": GAME_EXAMPLE},
    EventName.BERSERK: {"color": "black", "game": GAME_EXAMPLE},
    EventName.REMATCH: {"game_id": "Zk3mXvYg3cS1pQ2a9eq7", "game": GAME_EXAMPLE},
    EventName.PRESENCE: {
        "red": {"connected": True, "since": "2026-11-29T16:00:00.000Z"},
        "black": {"connected": False, "since": None},
    },
}


# The events as they are on the wire: `data` is a string of JSON, whose
# shape `contentSchema` names (JSON Schema's way for encoded content).
VERSION_ID = {
    "type": "string",
    "pattern": "^[0-9]+$",
    "description": "The game's version after the change",
    "example": "3",
}


def event_component(
    name: str, data: str, description: str, example: object, event_id: dict | None
) -> dict:
    """The component of one kind of event: `event_id` is its `id`'s schema
    (None: the event has no id)."""
    properties: dict = {
        "event": {
            "type": "string",
            "const": name,
            "description": "The event's name",
            "example": name,
        },
        "id": event_id,
        "data": {
            "type": "string",
            "contentMediaType": "application/json",
            "contentSchema": ref(data),
            "description": f"JSON: a {data}",
            "example": json.dumps(example),
        },
    }
    if event_id is None:
        del properties["id"]
    return {
        "type": "object",
        "description": description,
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


EVENT_COMPONENTS = {
    **EVENT_DATA_COMPONENTS,
    **{
        component: event_component(
            name.value,
            data,
            description,
            EVENT_EXAMPLES[name],
            None if name in UNVERSIONED else VERSION_ID,
        )
        for name, (component, data, description) in EVENTS.items()
    },
}
SSE_EVENT = one_of_events(
    "One event of the stream, by its `event`",
    {name.value: component for name, (component, _, _) in EVENTS.items()},
)


def _after() -> int | None:
    """Last-Event-ID, else ?after=; both are checked when both are sent."""
    found = []
    for name, raw in (
        ("Last-Event-ID", header("Last-Event-ID")),
        ("after", request.args.get("after")),
    ):
        if raw is None:
            continue
        if not (raw.isascii() and raw.isdigit() and len(raw) <= 18):
            raise InvalidParameter(name, "must be a game version: a whole number")
        found.append(int(raw))
    return found[0] if found else None


KEEP_ALIVE = b": keep-alive\n\n"


class EventStream:
    """A stream's body, as the server iterates it: one write per batch of
    events that arrived together, a comment when there was nothing to send.

    Its first batch is read at once (`begin`, in the request), not as the
    server first iterates: a stream's opening reads are deep, and what a
    greenlet's Python frames ever reached stays in memory while it waits
    (the worker answers a stream's request on a greenlet of its own:
    buttonup.worker). It is handed to the server as it is (werkzeug's
    `direct_passthrough`): every level of iterators around it is one more
    frame on the C stack each waiting stream's greenlet keeps a copy of
    (docs/performance.md, "Twenty thousand streams"). The server calls
    `close` whether or not the stream was read, and it gives the stream's
    place in the budget back."""

    __slots__ = ("_batches", "_closed", "_counted", "_first", "_give_back", "_render")

    def __init__(
        self,
        batches: Iterator[list[Any]],
        render: Callable[[Any], bytes],
        give_back: Callable[[], None],
    ) -> None:
        self._batches = batches
        self._render = render
        self._give_back = give_back
        self._counted = False
        self._closed = False
        self._first: bytes | None = None

    def begin(self) -> None:
        """The first batch read and rendered now. What reading it raises is
        raised (the request answers it); a stream with nothing to send ends."""
        try:
            self._first = self._frame(next(self._batches))
        except (StopIteration, WorkerStopping):
            self._first = None
            self._batches = iter(())

    def __iter__(self) -> "EventStream":
        return self

    def __next__(self) -> bytes:
        if not self._counted:
            self._counted = True
            STREAMS_OPEN.inc()
        if self._first is not None:
            first, self._first = self._first, None
            return first
        try:
            batch = next(self._batches)
        except (StorageUnavailable, WorkerStopping):
            raise StopIteration from None  # the client resumes with Last-Event-ID, losing nothing
        return self._frame(batch)

    def _frame(self, batch: list[Any]) -> bytes:
        if not batch:
            return KEEP_ALIVE
        render = self._render
        return b"".join([render(item) for item in batch])

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        close = getattr(self._batches, "close", None)  # a generator's: its finally blocks run
        try:
            if close is not None:
                close()
        finally:
            if self._counted:
                STREAMS_OPEN.dec()
            self._give_back()


@blp.route("/<game_id>/events", parameters=[GAME_ID])
class Events(ApiView):
    @operation(
        blp,
        "stream_events",
        "Follow a game live",
        STREAM_DESCRIPTION,
        errors=(*ALWAYS, 401, 404, 422, 503),
        codes={
            404: ("game_not_found",),
            422: ("validation_error",),
            503: ("storage_unavailable", "too_many_streams", "too_many_connections"),
        },
        parameters=(AFTER, LAST_EVENT_ID),
        secured=None,
        responses={
            200: {
                "description": "The event stream",
                "content": {"text/event-stream": {"schema": SSE_EVENT}},
            }
        },
    )
    def get(self, game_id: str) -> Response:
        games: Games = current_app.extensions["buttonup.games"]
        after = _after()
        codec: Codec = current_app.extensions["buttonup.codec"]
        return stream_response(
            lambda keepalive_ms: games.watch(game_id, after, keepalive_ms, bearer_token()),
            codec.frames,
        )


def stream_response(
    open_stream: Callable[[int], Iterator[list[Any]]], render: Callable[[Any], bytes]
) -> Response:
    """An event stream within the worker's stream budget. What `open_stream`
    (given the keep-alive interval in ms) raises, or reading its first batch,
    is answered as a problem; storage failing after that ends the stream,
    which the client resumes."""
    # A comment this often keeps proxies from closing an idle stream.
    keepalive = current_app.extensions["buttonup.settings"].events_keepalive_seconds
    budget: StreamBudget = current_app.extensions["buttonup.streams"]
    client = request.remote_addr or ""
    budget.take(client)
    try:
        stream = EventStream(
            open_stream(int(keepalive * 1000)), render, lambda: budget.give_back(client)
        )
    except BaseException:
        budget.give_back(client)
        raise
    try:
        stream.begin()
    except BaseException:
        stream.close()
        raise
    return Response(
        stream,
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        direct_passthrough=True,
    )
