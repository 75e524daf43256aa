"""The positions of games in play that have no hints (rated ones, and those
created without), so that perfect play is not handed out for them: per
position (its stacks and the player to move, as a digest), the games that
stand there, each with the time its entry lapses. Each position's key lives
on its own slot; it holds the few games at that position.

Tested in tests/e2e/test_fair_play.py.
"""

from buttonup.store.connection import STORAGE_ERRORS, Client


def position_key(digest: str) -> str:
    return f"buttonup:{{position:{digest}}}:no-hints"


class PositionsInPlay:
    """Every method raises the store's own errors (store.errors)."""

    def __init__(self, client: Client, ttl_ms: int) -> None:
        self._redis = client
        self._ttl_ms = ttl_ms

    @STORAGE_ERRORS
    def enter(self, digest: str, game_id: str, now: int) -> None:
        pipe = self._redis.pipeline(transaction=False)
        pipe.zadd(position_key(digest), {game_id: now + self._ttl_ms})
        pipe.pexpire(position_key(digest), self._ttl_ms)
        pipe.execute()

    @STORAGE_ERRORS
    def leave(self, digest: str, game_ids: list[str]) -> None:
        if game_ids:
            self._redis.zrem(position_key(digest), *game_ids)

    @STORAGE_ERRORS
    def games(self, digest: str, now: int, count: int) -> list[str]:
        """Up to `count` games whose entry at the position has not lapsed."""
        found = self._redis.zrangebyscore(position_key(digest), now, "+inf", start=0, num=count)
        return [game_id.decode() for game_id in found]
