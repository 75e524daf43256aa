"""What the fair-play gate keeps (games.fair_play), in two indexes:

- per position (its canonical form's digest), who keeps it from perfect
  play, each with the time its entry lapses: the games that stand there
  (by id), and a wing's keepers (`<kind>:<id>`, a par tournament's, which
  keep what they sealed or reached until they end). One key a position, on
  its own slot; it holds the few that keep it.
- per holder of a seat (a player, or an anonymous seat's token hash), the
  protected games in play they are seated in: one such player asks for no
  perfect play at all while the game runs.

Every entry is checked against what it names when read (a game that moved
on, a tournament over) and dropped then; every key lapses.

Tested in tests/games/test_fair_play.py, tests/e2e/test_fair_play.py.
"""

from collections.abc import Sequence
from typing import Any

from buttonup.store.connection import STORAGE_ERRORS, Client

# The longest a wing's keeper may keep a position (a tournament's seal).
KEPT_AT_MOST_MS = 30 * 86_400_000


def position_key(digest: str) -> str:
    return f"buttonup:{{position:{digest}}}:kept"


def holder_key(holder: str) -> str:
    return f"buttonup:{{holder:{holder}}}:protected-games"


class PositionsInPlay:
    """Every method raises the store's own errors (store.errors)."""

    def __init__(self, client: Client, ttl_ms: int) -> None:
        self._redis = client
        self._ttl_ms = ttl_ms
        # A position's key outlives its longest entry: one lifetime for all,
        # so that no write shortens another's.
        self._key_ms = max(ttl_ms, KEPT_AT_MOST_MS)

    @STORAGE_ERRORS
    def enter(self, digest: str, game_id: str, now: int, holders: Sequence[str] = ()) -> None:
        """The game stands at the position; `holders`: its seats' holders,
        as the game starts."""
        pipe = self._redis.pipeline(transaction=False)
        self._keep(pipe, digest, game_id, now + self._ttl_ms)
        for holder in holders:
            pipe.sadd(holder_key(holder), game_id)
            pipe.pexpire(holder_key(holder), self._ttl_ms)
        pipe.execute()

    @STORAGE_ERRORS
    def keep(self, digests: Sequence[str], keeper: str, until: int) -> None:
        """A wing's keeper keeps these positions until `until` (ms; at most
        KEPT_AT_MOST_MS from now)."""
        pipe = self._redis.pipeline(transaction=False)
        for digest in digests:
            self._keep(pipe, digest, keeper, until)
        pipe.execute()

    def _keep(self, pipe: Any, digest: str, member: str, until: int) -> None:
        pipe.zadd(position_key(digest), {member: until})
        pipe.pexpire(position_key(digest), self._key_ms)

    @STORAGE_ERRORS
    def leave(self, digest: str, members: list[str], holders: Sequence[str] = ()) -> None:
        """`members` keep the position no longer; with `holders`, the game
        (the one member) has ended for them too."""
        if not members:
            return
        if not holders:  # most calls: one command, no pipeline to build
            self._redis.zrem(position_key(digest), *members)
            return
        pipe = self._redis.pipeline(transaction=False)
        pipe.zrem(position_key(digest), *members)
        for holder in holders:
            pipe.srem(holder_key(holder), *members)
        pipe.execute()

    @STORAGE_ERRORS
    def let_go(self, digests: Sequence[str], keeper: str) -> None:
        if digests:
            pipe = self._redis.pipeline(transaction=False)
            for digest in digests:
                pipe.zrem(position_key(digest), keeper)
            pipe.execute()

    @STORAGE_ERRORS
    def keepers(self, digests: Sequence[str], now: int, count: int) -> list[list[str]]:
        """For each position, up to `count` of those keeping it whose entry
        has not lapsed, in one round trip."""
        pipe = self._redis.pipeline(transaction=False)
        for digest in digests:
            pipe.zrangebyscore(position_key(digest), now, "+inf", start=0, num=count)
        return [[member.decode() for member in found] for found in pipe.execute()]

    @STORAGE_ERRORS
    def held(self, holder: str, count: int) -> list[str]:
        """Up to `count` protected games in play the holder is seated in."""
        return [game_id.decode() for game_id in self._redis.srandmember(holder_key(holder), count)]

    @STORAGE_ERRORS
    def release(self, holder: str, game_ids: list[str]) -> None:
        if game_ids:
            self._redis.srem(holder_key(holder), *game_ids)
