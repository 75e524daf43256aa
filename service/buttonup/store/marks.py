"""Marks: what must follow a commit exactly once (games.consequences), kept
where a process that dies between the commit and what follows cannot lose
it. A game is marked for a consequence before the commit; the mark is taken
out (`settle`) once the consequence ran; a sweeper takes the marks older
than any commit still on its way (`claim`, leased so that one sweeper runs
each) and runs them again. A mark made again while one is leased (another
commit of the same game on its way) outlives that lease's settle.

One sorted set on one slot: member "consequence:game id", score the time
marked, or a sweeper's lease's end once claimed.

Tested in tests/games/test_consequences.py, tests/ratings/test_ends.py.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from buttonup.store.connection import STORAGE_ERRORS, Client
from buttonup.store.scripts import LuaScript, lua_source

MARKS_KEY = "buttonup:{marks}:due"

_CLAIM = lua_source("marks_claim", "lease_lib")
_SETTLE = lua_source("marks_settle")


@dataclass(frozen=True, slots=True)
class Mark:
    consequence: str
    game_id: str
    at: int  # what `settle` checks: when marked, or a claim's lease's end

    @property
    def member(self) -> str:
        return f"{self.consequence}:{self.game_id}"


class Marks:
    """Every method raises the store's own errors (store.errors)."""

    def __init__(self, client: Client) -> None:
        self._redis = client
        self._claim = LuaScript(client, _CLAIM)
        self._settle = LuaScript(client, _SETTLE)

    @STORAGE_ERRORS
    def mark(self, consequences: Sequence[str], game_id: str, now: int) -> list[Mark]:
        marks = [Mark(name, game_id, now) for name in consequences]
        self._redis.zadd(MARKS_KEY, {mark.member: now for mark in marks})
        return marks

    @STORAGE_ERRORS
    def claim(self, up_to: int, count: int, lease_end: int) -> list[Mark]:
        """Marks made no later than `up_to`, each leased until `lease_end`."""
        found = self._claim(keys=[MARKS_KEY], args=[up_to, count, lease_end])
        claimed = []
        for member in found:
            consequence, _, game_id = member.decode().partition(":")
            claimed.append(Mark(consequence, game_id, lease_end))
        return claimed

    @STORAGE_ERRORS
    def settle(self, mark: Mark) -> bool:
        """The mark out, unless the game was marked again since."""
        return bool(self._settle(keys=[MARKS_KEY], args=[mark.member, mark.at]))
