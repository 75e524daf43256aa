"""Ratings of outcomes that are not games (games.ports.ResultRating, filled
by this wing): a wing that rates something else reports a player's result
against a rating (a puzzle solved or missed, against the puzzle's), and the
player's rating in that wing's pool changes by Glicko-2, once per result
however often it is reported, none lost to a concurrent report.

A player's pool ratings live beside their record, under the player's hash
tag (`buttonup:{player:<id>}:pools`), apart from the games' categories, with
the results rated (each once); both last as the player's rated games do.

Tested in tests/ratings/test_results.py.
"""

import re

from buttonup.kit import (
    STORAGE_ERRORS,
    Client,
    LuaScript,
    RatedResult,
    Rating,
    decode_rating,
    encode_rating,
    errors,
    lua_source,
    rated_against,
)

_RATE = lua_source("result_rate", package="buttonup.ratings")
POOL = re.compile(r"[a-z_]{1,20}")
RATE_ATTEMPTS = 20
# What a report's id may be: a wing's own, bounded.
RESULT_ID = re.compile(r"[A-Za-z0-9_:-]{1,64}")


def pools_key(player_id: str) -> str:
    return f"buttonup:{{player:{player_id}}}:pools"


def rated_results_key(player_id: str) -> str:
    return f"buttonup:{{player:{player_id}}}:pool-results"


def _rating(stored: bytes | str | None) -> Rating | None:
    if not stored:
        return None
    return decode_rating(stored.decode() if isinstance(stored, bytes) else stored)


class ResultRatings:
    """The ResultRating port's answer. Every method raises the store's own
    errors (store.errors)."""

    def __init__(self, client: Client, ttl_ms: int) -> None:
        self._redis = client
        self._ttl_ms = ttl_ms
        self._rate = LuaScript(client, _RATE)

    @STORAGE_ERRORS
    def rating(self, player_id: str, pool: str) -> Rating | None:
        return _rating(self._redis.hget(pools_key(player_id), pool))

    def rate(self, result: RatedResult, now: int) -> Rating | None:
        if POOL.fullmatch(result.pool) is None or RESULT_ID.fullmatch(result.id) is None:
            raise ValueError(f"a result's pool and id are words of its wing's: {result!r}")
        if not 0 <= result.score <= 1:
            raise ValueError(f"a result's score is 0 to 1: {result.score}")
        current = self.rating(result.player_id, result.pool)
        for _ in range(RATE_ATTEMPTS):
            after = rated_against(current or Rating(), result.opponent, result.score)
            kind, stored = self._store(result, current, after)
            if kind != 1:  # rated now, or before: the rating as it stands
                return _rating(stored)
            current = _rating(stored)  # changed since it was read: again
        raise errors.ConcurrentUpdate(f"player {result.player_id}: their rating kept changing")

    @STORAGE_ERRORS
    def _store(
        self, result: RatedResult, read: Rating | None, after: Rating
    ) -> tuple[int, bytes | None]:
        kind, *stored = self._rate(  # idempotent by the result's id
            keys=[pools_key(result.player_id), rated_results_key(result.player_id)],
            args=[
                result.id,
                result.pool,
                encode_rating(read) if read is not None else "",
                encode_rating(after),
                self._ttl_ms,
            ],
        )
        return int(kind), stored[0] if stored else None
