"""The use cases on a game: create, join, play, resign, read.

Each change loads the record, applies the rules and commits with a
compare-and-set on the version; a lost race is retried on fresh state unless
the client pinned a version with If-Match.
"""

import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import orjson

from buttonup import engine, errors
from buttonup.engine import BOT_NAMES, PLAYERS, BotLevel, Color, GameState, choose_move
from buttonup.engine.analysis import (
    PlayedMove,
    PositionAnalysis,
    RoundReview,
    analyse_position,
    review_round,
)
from buttonup.store import (
    GameRecord,
    GameStore,
    NewEvent,
    Seat,
    StoredReply,
    VersionConflict,
    new_game_id,
)
from buttonup.store.records import hash_token, new_token

MAX_ATTEMPTS = 8

Document = dict[str, Any]
# How a game looks to clients (the API's Game); events carry it too.
Present = Callable[[GameRecord], Document]
RenderGame = Callable[[Document], str]
# The game after the move and the bots' replies (presented, as JSON), the move, the replies.
RenderMove = Callable[[bytes, Document, list[Document]], str]
# Told what each committed change did: "created", then its events' names.
Observe = Callable[[Iterable[str]], None]


def _ignore(names: Iterable[str]) -> None:
    """No observer."""


def utc_now() -> str:
    """RFC 3339, UTC, millisecond precision."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass(frozen=True, slots=True)
class NewGame:
    target_score: int = engine.DEFAULT_TARGET_SCORE
    first_player: Color | None = None  # None: drawn at random
    seed: int | None = None
    visibility: str = "private"
    hints: bool = True
    bots: dict[Color, BotLevel] = field(default_factory=dict)  # seats a bot takes


@dataclass(frozen=True, slots=True)
class Idempotency:
    key: str
    fingerprint: str  # of the request body, canonical form


@dataclass(frozen=True, slots=True)
class Reply:
    """A rendered answer; `replayed` when it is the stored first answer."""

    game_id: str
    body: str
    replayed: bool = False


@dataclass(frozen=True, slots=True)
class Joined:
    record: GameRecord
    color: Color
    token: str
    bot_moves: list[Document]
    game_json: bytes  # the record presented


@dataclass(frozen=True, slots=True)
class Played:
    """A change and what it leads to: the record, its moves, its events."""

    record: GameRecord
    moves: list[Document] = field(default_factory=list)
    events: list[NewEvent] = field(default_factory=list)
    game_json: bytes | None = None  # the record presented, when already made

    def then(self, other: "Played") -> "Played":
        # With no moves of its own, `other` is this change's record again, so
        # the game already presented still stands.
        game_json = other.game_json if other.moves else self.game_json
        return Played(other.record, self.moves + other.moves, self.events + other.events, game_json)


@dataclass(frozen=True, slots=True)
class LobbyPage:
    games: list[GameRecord]
    next_after: tuple[float, str] | None  # where the next page starts; None on the last


@dataclass(frozen=True, slots=True)
class Event:
    """One event for a game's stream: the version after the change, its name,
    its data (JSON)."""

    version: int
    name: str
    data: str


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    record: GameRecord
    position: PositionAnalysis
    reviews: list[RoundReview]


_RULE_ERRORS: dict[type[engine.RulesError], type[errors.GameError]] = {
    engine.NotYourTurn: errors.NotYourTurn,
    engine.IllegalMove: errors.IllegalMove,
    engine.GameOver: errors.GameNotInProgress,
}


class Games:
    def __init__(
        self,
        store: GameStore,
        present: Present,
        clock: Callable[[], str] = utc_now,
        observe: Observe = _ignore,
    ) -> None:
        self._store = store
        self._present = present
        self._clock = clock
        self._observe = observe

    def create(
        self, options: NewGame, idempotency: Idempotency | None, render: RenderGame
    ) -> Reply:
        now = self._clock()
        seats = {color: bot_seat(level) for color, level in options.bots.items()}
        game_id = self._store.idempotent_game_id(idempotency.key) if idempotency else new_game_id()
        record = GameRecord(
            id=game_id,
            version=0,
            created_at=now,
            updated_at=now,
            visibility=options.visibility,
            hints=options.hints,
            red=seats.get(Color.RED, Seat()),
            black=seats.get(Color.BLACK, Seat()),
            state=GameState.new(options.target_score, options.first_player, options.seed),
        )
        bots = self._let_bots_play(record, now)
        record = bots.record
        moves = [_compact_json(move) for move in bots.moves]
        body = render(self._present(record))
        reply = StoredReply(idempotency.fingerprint, body, record.id) if idempotency else None
        prior = self._store.create(record, reply, moves, bots.events)
        if prior is not None:
            return self._replay(prior, idempotency)
        self._observe(["created", *(event.name for event in bots.events)])
        self._list_if_open(record)
        return Reply(record.id, body)

    def _list_if_open(self, record: GameRecord) -> None:
        if record.visibility == "public" and record.status == "waiting":
            # Microseconds: games created in the same millisecond keep their order.
            self._store.list_publicly(record, time.time_ns() // 1000)

    def lobby(self, limit: int, after: tuple[float, str] | None) -> LobbyPage:
        """Public games with an open seat, newest first, `limit` at a time."""
        listed: list[tuple[GameRecord, float]] = []
        stale: list[str] = []
        cursor = after
        while len(listed) <= limit:
            candidates = self._store.lobby_candidates(cursor, limit + 1 - len(listed))
            if not candidates:
                break
            records = self._store.load_many([game_id for game_id, _ in candidates])
            for game_id, score in candidates:
                record = records[game_id]
                if record is not None and record.status == "waiting":
                    listed.append((record, score))
                else:
                    stale.append(game_id)  # expired, or its seats filled
            cursor = (candidates[-1][1], candidates[-1][0])
        self._store.unlist(stale)
        page = listed[:limit]
        more = len(listed) > limit
        next_after = (page[-1][1], page[-1][0].id) if more and page else None
        return LobbyPage([record for record, _ in page], next_after)

    def get(self, game_id: str) -> GameRecord:
        return self._store.load(game_id).record

    def moves_json(self, game_id: str) -> str:
        return self._store.moves_json(game_id)

    def moves_page(self, game_id: str, start: int, count: int) -> tuple[str, bool]:
        return self._store.moves_page(game_id, start, count)

    def join(self, game_id: str, color: Color | None, name: str | None) -> Joined:
        # Optimistic, as in play: the commit's compare-and-set proves the
        # record current, and a refusal is only ever answered from a fresh read.
        record = self._store.cached(game_id)
        for _ in range(MAX_ATTEMPTS):
            optimistic = record is not None
            if record is None:
                record = self._store.load(game_id).record
            try:
                chosen = self._seat_to_take(record, color)
            except errors.GameError:
                if optimistic:
                    record = None
                    continue
                raise
            token = new_token()
            seat = Seat(type="human", name=name, joined=True, token_sha256=hash_token(token))
            now = self._clock()
            joined = record.with_seat(chosen, seat).next_version(now)
            game = self._present(joined)
            change = Played(
                joined,
                events=[self._event(joined, "joined", {"color": chosen, "game": game})],
            )
            change = change.then(self._let_bots_play(joined, now))
            try:
                self._store.commit(
                    change.record,
                    expected_version=record.version,
                    moves=[_compact_json(move) for move in change.moves],
                    events=change.events,
                )
            except VersionConflict:
                record = None
                continue
            self._observe(event.name for event in change.events)
            if record.visibility == "public" and change.record.status != "waiting":
                self._store.unlist([game_id])
            game_json = change.game_json or orjson.dumps(game)
            return Joined(change.record, chosen, token, change.moves, game_json)
        raise errors.ConcurrentUpdate("the game kept changing; try again", None)

    def play(
        self,
        game_id: str,
        token: str | None,
        position: int,
        *,
        if_match: frozenset[int] | None,
        idempotency: Idempotency | None,
        render: RenderMove,
    ) -> Reply:
        reply_keys = (
            {
                color: self._store.move_reply_key(game_id, color.value, idempotency.key)
                for color in PLAYERS
            }
            if idempotency
            else {}
        )
        # Optimistic: a record this process wrote or read last is probably
        # still current, and the commit's compare-and-set proves it either way.
        # A refusal is only ever answered from a fresh read.
        record = None if idempotency else self._store.cached(game_id)
        for _ in range(MAX_ATTEMPTS):
            optimistic = record is not None
            replies: dict[str, StoredReply] = {}
            if record is None:
                loaded = self._store.load(game_id, tuple(reply_keys.values()))
                record, replies = loaded.record, loaded.replies
            try:
                color = self._authenticate(record, token)
                reply_key = reply_keys.get(color)
                if reply_key in replies:
                    return self._replay(replies[reply_key], idempotency)
                if if_match is not None and record.version not in if_match:
                    raise errors.VersionMismatch(
                        f"the game is at version {record.version}", record.version
                    )
                self._require_in_progress(record)
                with _rules_of(record):
                    state, outcome = record.state.apply(color, position)
            except errors.GameError:
                if optimistic:
                    record = None
                    continue
                raise
            now = self._clock()
            played = record.next_version(now, state=state)
            move = move_document(outcome, now)
            change = self._moved(played, move).then(self._let_bots_play(played, now))
            bot_moves = change.moves[1:]
            game_json = change.game_json or orjson.dumps(self._present(change.record))
            body = render(game_json, move, bot_moves)
            reply = StoredReply(idempotency.fingerprint, body, game_id) if idempotency else None
            try:
                prior = self._store.commit(
                    change.record,
                    expected_version=record.version,
                    moves=[_compact_json(m) for m in change.moves],
                    events=change.events,
                    reply_key=reply_key,
                    reply=reply,
                )
            except VersionConflict as conflict:
                if if_match is not None:
                    raise errors.VersionMismatch(
                        f"the game is at version {conflict.current_version}",
                        conflict.current_version,
                    ) from conflict
                record = None
                continue
            if prior is not None:
                return self._replay(prior, idempotency)
            self._observe(event.name for event in change.events)
            return Reply(game_id, body)
        raise errors.ConcurrentUpdate("the game kept changing; try again", None)

    def resign(self, game_id: str, token: str | None) -> GameRecord:
        for _ in range(MAX_ATTEMPTS):
            record = self._store.load(game_id).record
            color = self._authenticate(record, token)
            self._require_in_progress(record)
            with _rules_of(record):
                state = record.state.resign(color)
            resigned = record.next_version(self._clock(), state=state)
            game = self._present(resigned)
            events = [
                self._event(resigned, "resigned", {"color": color, "game": game}),
                self._event(resigned, "game_over", game),
            ]
            try:
                self._store.commit(resigned, events=events)
            except VersionConflict:
                continue
            self._observe(event.name for event in events)
            return resigned
        raise errors.ConcurrentUpdate("the game kept changing; try again", record.version)

    def watch(self, game_id: str, after: int | None, keepalive_ms: int) -> Iterator[list[Event]]:
        """The game's events from now on, for a stream, in batches that arrived
        together: first `game` (the snapshot), then every event of versions
        after `after` when given, then each change as it is committed; an
        empty batch when `keepalive_ms` passed with nothing to send. Ends after
        `game_over`. Raises GameNotFound now, not once iterated."""
        record, last_id = self._store.snapshot(game_id)
        return self._follow(record, last_id, after, keepalive_ms)

    def _follow(
        self, record: GameRecord, last_id: str, after: int | None, keepalive_ms: int
    ) -> Iterator[list[Event]]:
        game_id = record.id
        first = [Event(record.version, "game", _compact_json(self._present(record)))]
        if after is not None:
            for past in self._store.events_until(game_id, last_id):
                if past.version > after:
                    first.append(Event(past.version, past.name, past.data))
                    if past.name == "game_over":
                        yield first
                        return
        if record.status == "finished":
            first.append(Event(record.version, "game_over", _compact_json(self._present(record))))
            yield first
            return
        yield first
        with self._store.subscribe(game_id, last_id) as feed:
            while True:
                arrived = feed.next(keepalive_ms / 1000)
                if not arrived:
                    if not self._store.exists(game_id):
                        return  # expired while watched
                    yield []
                    continue
                batch = []
                for event in arrived:
                    batch.append(Event(event.version, event.name, event.data))
                    if event.name == "game_over":
                        yield batch
                        return
                yield batch

    def analysis(self, game_id: str) -> GameAnalysis:
        """Perfect play for the round in place, and a review of each finished round."""
        record = self._store.load(game_id).record
        if record.status == "waiting":
            raise errors.GameNotInProgress("the game is waiting for players", record.version)
        if not record.hints and record.status != "finished":
            raise errors.HintsDisabled(
                "this game was created without hints; analysis opens when it is over",
                record.version,
            )
        by_round: dict[int, list[PlayedMove]] = {}
        for move in orjson.loads(self._store.moves_json(game_id)):
            played = PlayedMove(move["number"], Color(move["player"]), move["position"])
            by_round.setdefault(move["round"], []).append(played)
        reviews = [
            review_round(result, by_round.get(result.number, [])) for result in record.state.rounds
        ]
        return GameAnalysis(record, analyse_position(record.state), reviews)

    def _let_bots_play(self, record: GameRecord, now: str) -> Played:
        """Bots move, one change each, while a bot is to move."""
        change = Played(record)
        while record.status == "playing":
            player = record.state.to_move
            seat = record.seat(player)
            if seat.type != "bot":
                break
            position = choose_move(BotLevel(seat.level), record.state)
            state, outcome = record.state.apply(player, position)
            record = record.next_version(now, state=state)
            change = change.then(self._moved(record, move_document(outcome, now)))
        return change

    def _moved(self, record: GameRecord, move: Document) -> Played:
        """A move's change: the move, and its events (move, round_over, game_over).
        The game is serialised once, for the events and the answer alike."""
        game_json = orjson.dumps(self._present(record))
        move_data = b'{"move":' + orjson.dumps(move) + b',"game":' + game_json + b"}"
        events = [NewEvent(record.version, "move", move_data)]
        if move["round_over"]:
            events.append(self._event(record, "round_over", record.state_dict["rounds"][-1]))
        if record.state.is_over:
            events.append(NewEvent(record.version, "game_over", game_json))
        return Played(record, [move], events, game_json)

    @staticmethod
    def _event(record: GameRecord, name: str, data: Document) -> NewEvent:
        return NewEvent(record.version, name, _compact_json(data))

    @staticmethod
    def _seat_to_take(record: GameRecord, color: Color | None) -> Color:
        open_seats = record.open_seats
        if color is None:
            if not open_seats:
                raise errors.GameFull("both seats are taken", record.version)
            return open_seats[0]
        if color not in open_seats:
            raise errors.SeatTaken(f"the {color} seat is not open", record.version)
        return color

    @staticmethod
    def _authenticate(record: GameRecord, token: str | None) -> Color:
        color = record.color_for_token(token) if token else None
        if color is None:
            raise errors.Unauthorized("a seat token of this game is required")
        return color

    @staticmethod
    def _require_in_progress(record: GameRecord) -> None:
        if record.status != "playing":
            raise errors.GameNotInProgress(f"the game is {record.status}", record.version)

    @staticmethod
    def _replay(prior: StoredReply, idempotency: Idempotency | None) -> Reply:
        if idempotency is None or prior.fingerprint != idempotency.fingerprint:
            raise errors.IdempotencyKeyReused(
                "this Idempotency-Key was used with another request body"
            )
        return Reply(prior.game_id, prior.body, replayed=True)


@contextmanager
def _rules_of(record: GameRecord) -> Iterator[None]:
    """Engine refusals become the service's errors, with the game's version."""
    try:
        yield
    except engine.RulesError as error:
        raise _RULE_ERRORS[type(error)](str(error), record.version) from error


def bot_seat(level: BotLevel) -> Seat:
    return Seat(type="bot", name=BOT_NAMES[level], joined=True, level=level.value)


def move_document(outcome: engine.MoveOutcome, created_at: str) -> dict[str, Any]:
    """A move as the move list keeps and shows it."""
    return {
        "number": outcome.number,
        "round": outcome.round,
        "player": outcome.player.value,
        "position": outcome.position,
        "extra_turn": outcome.extra_turn,
        "overflow": outcome.overflow,
        "round_over": outcome.round_over,
        "created_at": created_at,
    }


def _compact_json(document: dict[str, Any]) -> str:
    return orjson.dumps(document).decode()
