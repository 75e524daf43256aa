"""Who has a stream open, for the seeks (a seek lives while its player
listens): each process beats, and names itself beside each player whose
stream it holds, as the stream opens and closes.

- `buttonup:{seeks}:processes`, each process's last beat (sorted set, ms),
  renewed every MARK_SECONDS; a process whose beat is older than MARK_MS is
  dead, and pruned once long dead;
- `buttonup:{seeks}:listening`, each player's processes (hash: player ->
  process ids, space-separated), written as the player's first stream in a
  process opens and its last closes; a process long dead (LONG_DEAD_MS) is
  dropped from it.

A player listens while a process named beside them beats (seek_lib.lua's
`online`). A beat costs the same however many streams a process holds: each
process once marked every player it held, four times a second, which at
10,000 streams a worker was a quarter of its idle CPU (docs/performance.md,
"Twenty thousand streams"). A beat that finds its process gone (Redis lost
its data) names it again beside every player it holds; what dead processes
leave behind is pruned a page a beat.

Tested in tests/seeks/test_listening.py, tests/e2e/test_seek_liveness.py.
"""

import secrets
from collections.abc import Iterable, Sequence

from buttonup.kit import STORAGE_ERRORS, Client, LuaScript, lua_source

# A process beats every quarter second and is taken for dead when its last
# beat is MARK_MS old: a player whose process died is paired with nobody
# three seconds later, and a worker whose event loop is held up (a burst of
# 200 seekers on a Redis Cluster, on 2 busy cores, held one over a second)
# is not taken for dead.
MARK_MS = 3000
MARK_SECONDS = 0.25
PROCESSES_KEY = "buttonup:{seeks}:processes"
LISTENING_KEY = "buttonup:{seeks}:listening"
PRUNE_PAGE = 100  # players' entries looked at each beat for dead processes
LONG_DEAD_MS = 100 * MARK_MS  # a process's beat kept this long after its last

_LISTEN = lua_source("seek_listen", "listening_lib", package="buttonup.seeks")
_UNLISTEN = lua_source("seek_unlisten", "listening_lib", package="buttonup.seeks")
_PRUNE = lua_source("seek_prune", "listening_lib", package="buttonup.seeks")


class Listeners:
    def __init__(self, client: Client) -> None:
        self._redis = client
        self.process = secrets.token_hex(6)
        self._listen = LuaScript(client, _LISTEN)
        self._unlisten = LuaScript(client, _UNLISTEN)
        self._prune = LuaScript(client, _PRUNE)
        self._cursor = 0  # where the pruning of dead processes' entries is

    @STORAGE_ERRORS
    def listen(self, player_ids: Iterable[str], now: int) -> None:
        """This process holds a stream of each of these players (and beats)."""
        self._listen(
            keys=[LISTENING_KEY, PROCESSES_KEY],
            args=[self.process, now, now - LONG_DEAD_MS, *player_ids],
        )

    @STORAGE_ERRORS
    def unlisten(self, player_id: str) -> None:
        """This process's last stream of the player closed."""
        self._unlisten(keys=[LISTENING_KEY], args=[self.process, player_id])

    @STORAGE_ERRORS
    def beat(self, now: int, held: Sequence[str]) -> None:
        """This process is alive. `held`: the players whose streams it holds,
        named again if its beat was gone (Redis lost it)."""
        pipe = self._redis.pipeline(transaction=False)
        pipe.zadd(PROCESSES_KEY, {self.process: now})
        pipe.zremrangebyscore(PROCESSES_KEY, "-inf", now - LONG_DEAD_MS)
        added, _ = pipe.execute()
        if added and held:
            self.listen(held, now)

    @STORAGE_ERRORS
    def prune(self, now: int) -> None:
        """A page of the players' entries rid of processes long dead (a
        late beat is not death: `listening` asks for a beat within MARK_MS)."""
        self._cursor = int(
            self._prune(
                keys=[LISTENING_KEY, PROCESSES_KEY],
                args=[self._cursor, PRUNE_PAGE, now - LONG_DEAD_MS],
            )
        )

    @STORAGE_ERRORS
    def listening(self, player_ids: Sequence[str], now: int) -> list[bool]:
        """Whether each player has a stream open on a live process."""
        if not player_ids:
            return []
        pipe = self._redis.pipeline(transaction=False)
        pipe.hmget(LISTENING_KEY, list(player_ids))
        pipe.zrangebyscore(PROCESSES_KEY, now - MARK_MS, "+inf")
        holders, alive = pipe.execute()
        live = {process.decode() for process in alive}
        return [
            held is not None and any(process in live for process in held.decode().split())
            for held in holders
        ]
