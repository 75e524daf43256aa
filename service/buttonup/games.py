"""The use cases on a game: create, join, play, resign, read.

Each change loads the record, applies the rules and commits with a
compare-and-set on the version; a lost race is retried on fresh state unless
the client pinned a version with If-Match.
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import orjson

from buttonup import engine, errors
from buttonup.engine import PLAYERS, Color, GameState
from buttonup.store import GameRecord, GameStore, Seat, StoredReply, VersionConflict, new_game_id
from buttonup.store.records import hash_token, new_token

MAX_ATTEMPTS = 8

RenderGame = Callable[[GameRecord], str]
RenderMove = Callable[[GameRecord, dict[str, Any]], str]


def utc_now() -> str:
    """RFC 3339, UTC, millisecond precision."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass(frozen=True, slots=True)
class NewGame:
    target_score: int = engine.DEFAULT_TARGET_SCORE
    first_player: Color | None = None  # None: drawn at random
    seed: int | None = None
    visibility: str = "private"


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


_RULE_ERRORS: dict[type[engine.RulesError], type[errors.GameError]] = {
    engine.NotYourTurn: errors.NotYourTurn,
    engine.IllegalMove: errors.IllegalMove,
    engine.GameOver: errors.GameNotInProgress,
}


class Games:
    def __init__(self, store: GameStore, clock: Callable[[], str] = utc_now) -> None:
        self._store = store
        self._clock = clock

    def create(
        self, options: NewGame, idempotency: Idempotency | None, render: RenderGame
    ) -> Reply:
        now = self._clock()
        record = GameRecord(
            id=new_game_id(),
            version=0,
            created_at=now,
            updated_at=now,
            visibility=options.visibility,
            red=Seat(),
            black=Seat(),
            state=GameState.new(options.target_score, options.first_player, options.seed),
        )
        body = render(record)
        if idempotency is None:
            self._store.create(record, None, None)
            return Reply(record.id, body)
        reply = StoredReply(idempotency.fingerprint, body, record.id)
        prior = self._store.create(record, self._store.create_reply_key(idempotency.key), reply)
        if prior is not None:
            return self._replay(prior, idempotency)
        return Reply(record.id, body)

    def get(self, game_id: str) -> GameRecord:
        return self._store.load(game_id).record

    def moves_json(self, game_id: str) -> str:
        return self._store.moves_json(game_id)

    def join(self, game_id: str, color: Color | None, name: str | None) -> Joined:
        for _ in range(MAX_ATTEMPTS):
            record = self._store.load(game_id).record
            chosen = self._seat_to_take(record, color)
            token = new_token()
            seat = Seat(type="human", name=name, joined=True, token_sha256=hash_token(token))
            joined = record.with_seat(chosen, seat).next_version(self._clock())
            try:
                self._store.commit(joined)
            except VersionConflict:
                continue
            return Joined(joined, chosen, token)
        raise errors.ConcurrentUpdate("the game kept changing; try again", record.version)

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
            body = render(played, move)
            reply = StoredReply(idempotency.fingerprint, body, game_id) if idempotency else None
            try:
                prior = self._store.commit(
                    played, moves=[_compact_json(move)], reply_key=reply_key, reply=reply
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
            try:
                self._store.commit(resigned)
            except VersionConflict:
                continue
            return resigned
        raise errors.ConcurrentUpdate("the game kept changing; try again", record.version)

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
