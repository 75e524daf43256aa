"""The use cases on a game: create, join, play, resign, read.

Each change loads the record, applies the rules and commits with a
compare-and-set on the version; a lost race is retried on fresh state unless
the client pinned a version with If-Match.
"""

from collections.abc import Callable, Iterator
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
from buttonup.store import GameRecord, GameStore, Seat, StoredReply, VersionConflict, new_game_id
from buttonup.store.records import hash_token, new_token

MAX_ATTEMPTS = 8

RenderGame = Callable[[GameRecord], str]
# The game after the move, the move, and the bots' replies.
RenderMove = Callable[[GameRecord, dict[str, Any], list[dict[str, Any]]], str]


def utc_now() -> str:
    """RFC 3339, UTC, millisecond precision."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass(frozen=True, slots=True)
class NewGame:
    target_score: int = engine.DEFAULT_TARGET_SCORE
    first_player: Color | None = None  # None: drawn at random
    seed: int | None = None
    visibility: str = "private"
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
    bot_moves: list[dict[str, Any]]


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
    def __init__(self, store: GameStore, clock: Callable[[], str] = utc_now) -> None:
        self._store = store
        self._clock = clock

    def create(
        self, options: NewGame, idempotency: Idempotency | None, render: RenderGame
    ) -> Reply:
        now = self._clock()
        seats = {color: bot_seat(level) for color, level in options.bots.items()}
        record = GameRecord(
            id=new_game_id(),
            version=0,
            created_at=now,
            updated_at=now,
            visibility=options.visibility,
            red=seats.get(Color.RED, Seat()),
            black=seats.get(Color.BLACK, Seat()),
            state=GameState.new(options.target_score, options.first_player, options.seed),
        )
        record, bot_moves = self._let_bots_play(record, now)
        moves = [_compact_json(move) for move in bot_moves]
        body = render(record)
        if idempotency is None:
            self._store.create(record, None, None, moves)
            return Reply(record.id, body)
        reply = StoredReply(idempotency.fingerprint, body, record.id)
        reply_key = self._store.create_reply_key(idempotency.key)
        prior = self._store.create(record, reply_key, reply, moves)
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
            now = self._clock()
            joined = record.with_seat(chosen, seat).next_version(now)
            joined, bot_moves = self._let_bots_play(joined, now)
            try:
                self._store.commit(
                    joined,
                    expected_version=record.version,
                    moves=[_compact_json(move) for move in bot_moves],
                )
            except VersionConflict:
                continue
            return Joined(joined, chosen, token, bot_moves)
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
            played, bot_moves = self._let_bots_play(played, now)
            body = render(played, move, bot_moves)
            reply = StoredReply(idempotency.fingerprint, body, game_id) if idempotency else None
            try:
                prior = self._store.commit(
                    played,
                    expected_version=record.version,
                    moves=[_compact_json(m) for m in (move, *bot_moves)],
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

    def analysis(self, game_id: str) -> GameAnalysis:
        """Perfect play for the round in place, and a review of each finished round."""
        record = self._store.load(game_id).record
        if record.status == "waiting":
            raise errors.GameNotInProgress("the game is waiting for players", record.version)
        by_round: dict[int, list[PlayedMove]] = {}
        for move in orjson.loads(self._store.moves_json(game_id)):
            played = PlayedMove(move["number"], Color(move["player"]), move["position"])
            by_round.setdefault(move["round"], []).append(played)
        reviews = [
            review_round(result, by_round.get(result.number, [])) for result in record.state.rounds
        ]
        return GameAnalysis(record, analyse_position(record.state), reviews)

    @staticmethod
    def _let_bots_play(record: GameRecord, now: str) -> tuple[GameRecord, list[dict[str, Any]]]:
        """Bots move, one change each, while a bot is to move."""
        moves = []
        while record.status == "playing":
            player = record.state.to_move
            seat = record.seat(player)
            if seat.type != "bot":
                break
            position = choose_move(BotLevel(seat.level), record.state)
            state, outcome = record.state.apply(player, position)
            record = record.next_version(now, state=state)
            moves.append(move_document(outcome, now))
        return record, moves

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
