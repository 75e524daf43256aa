"""Puzzles in Redis, every key on one slot (`{puzzles}`), so that each
change is one script whichever process runs it:

- each puzzle as a hash: its data (JSON, never changed), its rating, its
  plays and solves (first attempts only), changed by compare-and-set of
  the rating read (rate.lua), once per player's first attempt;
- the puzzles by rating (`by-rating`), which `next` reads near a rating in
  O(log n) (next.lua), and by their position's canonical digest
  (`digests`), so that a position is a puzzle once in any of its forms
  (add.lua);
- mining's queue of finished games, each due some time after it ended and
  leased while a process mines it (lease.lua);
- each player's tried puzzles with their first attempt, their history by
  time, and counts by theme (claim.lua), kept PLAYER_MS after their last;
- the daily puzzle of each day.

Tested in tests/puzzles/test_store.py.
"""

from collections.abc import Sequence

import orjson

from buttonup.kit import (
    STORAGE_ERRORS,
    Client,
    Color,
    LuaScript,
    decode_rating,
    encode_rating,
    lua_source,
    read_position,
)
from buttonup.puzzles.model import Line, LineMove, Puzzle, Theme, Tried

PACKAGE = "buttonup.puzzles"
PREFIX = "buttonup:{puzzles}"
QUEUE_KEY = f"{PREFIX}:queue"
BY_RATING_KEY = f"{PREFIX}:by-rating"
DIGESTS_KEY = f"{PREFIX}:digests"
DAILY_KEY = f"{PREFIX}:daily"
DAY_MS = 24 * 3600 * 1000
# A player's puzzles are kept this long after their last attempt.
PLAYER_MS = 365 * DAY_MS
# Near a rating: read this many a side at a time, this many times at most.
NEAR_BATCH = 16
NEAR_ROUNDS = 8
_ADD = lua_source("add", package=PACKAGE)
_LEASE = lua_source("lease", package=PACKAGE)
_NEXT = lua_source("next", package=PACKAGE)
_CLAIM = lua_source("claim", package=PACKAGE)
_RATE = lua_source("rate", package=PACKAGE)


def puzzle_key(puzzle_id: str) -> str:
    return f"{PREFIX}:p:{puzzle_id}"


def tried_key(player_id: str) -> str:
    return f"{PREFIX}:tried:{player_id}"


def history_key(player_id: str) -> str:
    return f"{PREFIX}:history:{player_id}"


def themes_key(player_id: str) -> str:
    return f"{PREFIX}:themes:{player_id}"


def rated_mark(puzzle_id: str) -> str:
    """The field of a player's tried puzzles that says the puzzle was rated
    by their first attempt."""
    return f"{puzzle_id}:rated"


def encode_data(puzzle: Puzzle) -> bytes:
    line = puzzle.line
    return orjson.dumps(
        {
            "p": puzzle.position,
            "l": [[move.position, int(move.yours)] for move in line.moves],
            "c": line.choices,
            "o": line.first_options,
            "g": line.first_gap,
            "t": [theme.value for theme in line.themes],
            "G": puzzle.game_id,
            "a": puzzle.created_at,
        }
    )


def decode_puzzle(puzzle_id: str, stored: dict[bytes, bytes]) -> Puzzle:
    data = orjson.loads(stored[b"d"])
    position = read_position(data["p"], stored=True)
    mover = position.to_move
    assert mover is not None, "a puzzle's position has a player to move"
    other = Color.BLACK if mover is Color.RED else Color.RED
    moves = tuple(LineMove(p, mover if yours else other, bool(yours)) for p, yours in data["l"])
    return Puzzle(
        id=puzzle_id,
        position=data["p"],
        circle=position.circle,
        mover=mover,
        line=Line(moves, data["c"], data["o"], data["g"], tuple(Theme(t) for t in data["t"])),
        rating=decode_rating(stored[b"r"].decode()),
        plays=int(stored[b"n"]),
        solved=int(stored[b"s"]),
        game_id=data["G"],
        created_at=data["a"],
    )


def encode_tried(tried: Tried) -> bytes:
    player = tried.player_rating
    return orjson.dumps(
        {
            "s": tried.solved,
            "P": encode_rating(player) if player is not None else None,
            "Z": encode_rating(tried.puzzle_rating),
            "a": tried.at,
            "t": tried.seconds,
        }
    )


def decode_tried(data: bytes) -> Tried:
    plain = orjson.loads(data)
    return Tried(
        solved=plain["s"],
        player_rating=decode_rating(plain["P"]) if plain["P"] else None,
        puzzle_rating=decode_rating(plain["Z"]),
        at=plain["a"],
        seconds=plain["t"],
    )


class PuzzleBoard:
    """Every method raises the store's own errors (store.errors)."""

    def __init__(self, client: Client) -> None:
        self._redis = client
        self._add = LuaScript(client, _ADD)
        self._lease = LuaScript(client, _LEASE)
        self._next = LuaScript(client, _NEXT)
        self._claim = LuaScript(client, _CLAIM)
        self._rate = LuaScript(client, _RATE)

    # ---- mining ---------------------------------------------------------------

    @STORAGE_ERRORS
    def queue(self, game_id: str, due: int) -> None:
        """A finished game to mine once `due` (once: a second queueing of it,
        by a retried mark, changes nothing)."""
        self._redis.zadd(QUEUE_KEY, {game_id: due}, nx=True)

    @STORAGE_ERRORS
    def lease(self, now: int, most: int, lease_ms: int) -> list[str]:
        """Up to `most` games due, each leased for `lease_ms`."""
        return [g.decode() for g in self._lease(keys=[QUEUE_KEY], args=[now, most, lease_ms])]

    @STORAGE_ERRORS
    def postpone(self, game_id: str, due: int) -> None:
        self._redis.zadd(QUEUE_KEY, {game_id: due}, xx=True)

    @STORAGE_ERRORS
    def mined(self, game_id: str) -> None:
        self._redis.zrem(QUEUE_KEY, game_id)

    @STORAGE_ERRORS
    def queued(self) -> int:
        return int(self._redis.zcard(QUEUE_KEY))

    @STORAGE_ERRORS
    def add(self, puzzle: Puzzle, digest: str) -> str:
        """The puzzle kept, unless its position is one already in any form:
        the id kept either way."""
        rating = puzzle.rating
        kept = self._add(
            keys=[DIGESTS_KEY, puzzle_key(puzzle.id), BY_RATING_KEY],
            args=[
                digest,
                puzzle.id,
                encode_data(puzzle),
                encode_rating(rating),
                repr(rating.rating),
            ],
        )
        return kept.decode()

    # ---- reading --------------------------------------------------------------

    @STORAGE_ERRORS
    def load(self, puzzle_id: str) -> Puzzle | None:
        stored = self._redis.hgetall(puzzle_key(puzzle_id))
        return decode_puzzle(puzzle_id, stored) if stored else None

    @STORAGE_ERRORS
    def load_many(self, puzzle_ids: Sequence[str]) -> list[Puzzle]:
        """These puzzles, in their order (those gone left out), in one round trip."""
        pipe = self._redis.pipeline(transaction=False)
        for puzzle_id in puzzle_ids:
            pipe.hgetall(puzzle_key(puzzle_id))
        found = pipe.execute()
        return [decode_puzzle(i, s) for i, s in zip(puzzle_ids, found, strict=True) if s]

    @STORAGE_ERRORS
    def count(self) -> int:
        return int(self._redis.zcard(BY_RATING_KEY))

    @STORAGE_ERRORS
    def near(self, rating: float, player_id: str | None, most: int) -> list[str]:
        """Up to `most` puzzle ids nearest `rating`, none the player tried."""
        tried = tried_key(player_id) if player_id is not None else f"{PREFIX}:tried:-"
        found = self._next(
            keys=[BY_RATING_KEY, tried], args=[repr(rating), NEAR_BATCH, NEAR_ROUNDS, most]
        )
        return [puzzle_id.decode() for puzzle_id in found]

    @STORAGE_ERRORS
    def above(self, rating: float, most: int) -> list[str]:
        """Up to `most` puzzle ids rated `rating` or more, lowest first."""
        found = self._redis.zrange(
            BY_RATING_KEY, repr(rating), "+inf", byscore=True, offset=0, num=most
        )
        return [puzzle_id.decode() for puzzle_id in found]

    @STORAGE_ERRORS
    def daily(self, day: str) -> str | None:
        found = self._redis.hget(DAILY_KEY, day)
        return found.decode() if found else None

    @STORAGE_ERRORS
    def choose_daily(self, day: str, puzzle_id: str) -> str:
        """The day's puzzle: `puzzle_id` unless another was chosen first."""
        self._redis.hsetnx(DAILY_KEY, day, puzzle_id)
        return self._redis.hget(DAILY_KEY, day).decode()

    # ---- attempts -------------------------------------------------------------

    @STORAGE_ERRORS
    def claim(self, player_id: str, puzzle: Puzzle, tried: Tried) -> tuple[bool, Tried]:
        """The player's first attempt at the puzzle kept, unless one is:
        (whether this is it, the first attempt as kept)."""
        themes = ["all", *(theme.value for theme in puzzle.line.themes)]
        first, data = self._claim(
            keys=[tried_key(player_id), history_key(player_id), themes_key(player_id)],
            args=[puzzle.id, encode_tried(tried), tried.at, PLAYER_MS, int(tried.solved), *themes],
        )
        return bool(first), decode_tried(data)

    @STORAGE_ERRORS
    def tried(self, player_id: str, puzzle_id: str) -> Tried | None:
        data = self._redis.hget(tried_key(player_id), puzzle_id)
        return decode_tried(data) if data else None

    @STORAGE_ERRORS
    def rate(
        self, puzzle: Puzzle, player_id: str, read: str, after: str, number: float, solved: bool
    ) -> tuple[int, str | None]:
        """The puzzle's rating `after` stored by the player's first attempt,
        if it is still `read` and not rated by it before: 0 rated now, 2
        before, 1 changed since (with the rating now)."""
        answer = self._rate(
            keys=[puzzle_key(puzzle.id), tried_key(player_id), BY_RATING_KEY],
            args=[puzzle.id, rated_mark(puzzle.id), read, after, repr(number), int(solved)],
        )
        return int(answer[0]), answer[1].decode() if len(answer) > 1 else None

    @STORAGE_ERRORS
    def history(self, player_id: str, offset: int, most: int) -> list[tuple[str, Tried]]:
        """A page of the player's first attempts, newest first."""
        ids = [
            puzzle_id.decode()
            for puzzle_id in self._redis.zrevrange(
                history_key(player_id), offset, offset + most - 1
            )
        ]
        if not ids:
            return []
        found = self._redis.hmget(tried_key(player_id), ids)
        return [(i, decode_tried(data)) for i, data in zip(ids, found, strict=True) if data]

    @STORAGE_ERRORS
    def tallies(self, player_id: str) -> dict[str, int]:
        """The player's attempts and solves by theme ("all": every one;
        "<theme>:solved": solved)."""
        return {
            name.decode(): int(count)
            for name, count in self._redis.hgetall(themes_key(player_id)).items()
        }
