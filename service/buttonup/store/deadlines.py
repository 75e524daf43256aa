"""The deadline index: which games' clocks run out when, for the sweepers.

A sorted set of game ids by deadline (ms since the epoch), its own keys
like the lobby's (on a Redis Cluster, one slot of its own), beside the games:
the game's commit stays the one guard of what happens to a game, so the
index only has to be never late. It keeps one rule: **an entry is never
later than its game's deadline.**

- Before a commit that sets a game's deadline, `expect` lowers the game's
  entry to it (never raises it), so whichever commit lands, and whether or
  not its process lives on, the entry is at most that deadline.
- A sweeper takes the entries that are due (`claim_due`), leasing each for
  a moment (its score moved to the lease's end), so that sweepers of other
  workers and replicas take other games; one that dies with a lease only
  delays its games by the lease.
- Having looked at a game, the sweeper puts its entry where the game says
  (`settle`): at its deadline, or out when no clock runs.
- A commit that ends a game takes its entry out (`forget`) right after it
  is stored: a finished game has no deadline again, and the index holds only
  games in play. Were that lost, the sweeper takes it out at the deadline. Each `expect`
  bumps the game's mark, and `settle` changes nothing when the mark moved
  since the claim: a commit came in between, and its lowering stands.

An entry too early costs one read of the game; nothing else depends on it.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from buttonup.store.connection import Client
from buttonup.store.scripts import LuaScript, lua_source

DUE_KEY = "buttonup:{deadlines}:due"
MARKS_KEY = "buttonup:{deadlines}:marks"

_EXPECT = lua_source("deadline_expect")

_CLAIM_DUE = lua_source("deadline_claim_due", "lease_lib")

_SETTLE = lua_source("deadline_settle")


@dataclass(frozen=True, slots=True)
class Due:
    game_id: str
    mark: str  # what `settle` checks


class DeadlineIndex:
    def __init__(self, client: Client) -> None:
        self._redis = client
        self._expect = LuaScript(client, _EXPECT)
        self._claim_due = LuaScript(client, _CLAIM_DUE)
        self._settle = LuaScript(client, _SETTLE)

    def expect(self, game_id: str, deadline: int) -> None:
        """A commit is about to set the game's deadline to `deadline`."""
        self._expect(keys=[DUE_KEY, MARKS_KEY], args=[game_id, deadline])

    def claim_due(self, now: int, count: int, lease_ms: int) -> list[Due]:
        """Up to `count` games whose entry is due at `now`, each leased until
        `now + lease_ms`."""
        found = self._claim_due(keys=[DUE_KEY, MARKS_KEY], args=[now, count, now + lease_ms])
        return [
            Due(game_id.decode(), mark.decode())
            for game_id, mark in zip(found[::2], found[1::2], strict=True)
        ]

    def settle(self, due: Due, deadline: int | None) -> bool:
        """The game's entry at `deadline` (out, when None), unless a commit
        came since `due` was claimed."""
        args = [due.game_id, due.mark, "" if deadline is None else deadline]
        return bool(self._settle(keys=[DUE_KEY, MARKS_KEY], args=args))

    def forget(self, game_id: str) -> None:
        """The game ended: no entry for it any more (a claim of it in flight
        settles nothing, its mark being gone)."""
        pipe = self._redis.pipeline(transaction=False)
        pipe.zrem(DUE_KEY, game_id)
        pipe.hdel(MARKS_KEY, game_id)
        pipe.execute()

    def entries(self) -> Sequence[tuple[str, int]]:
        """Every entry, earliest first (for tests and the benchmark)."""
        return [
            (game_id.decode(), int(score))
            for game_id, score in self._redis.zrange(DUE_KEY, 0, -1, withscores=True)
        ]
