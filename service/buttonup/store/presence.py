"""Which seats of a game have a stream open: presence, across workers and replicas.

Each stream opened with a seat's credential is a *connection* of that seat,
kept in the game's presence hash (its hash tag, so its slot) under the id of
the worker process that holds it. A worker beats every `BEAT_SECONDS` in the
workers' index; a worker whose last beat is older than `DEAD_MS` is dead,
and its connections count for nothing from then on: reads check each
connection's worker, and every live worker reaps the dead one's connections
(the change is then published like any other), so a killed worker's seats
show as disconnected within `DEAD_MS` and their streams hear of it within a
beat more.

A seat is connected while it has a connection on a live worker. `since` is
when it last became connected or disconnected (None: never connected).
Each change of a seat's connectedness adds a `presence` entry to the game's
event stream (no version: it changes nothing of the game).

Keys: `buttonup:{<game>}:presence` (hash: `c:<colour>:<connection>` ->
worker, `s:<colour>` -> since), `buttonup:presence:workers` (sorted set:
worker -> last beat, ms), `buttonup:presence:worker:<worker>` (set: the
games where that worker holds connections).
"""

import secrets
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from buttonup.engine import PLAYERS, Color
from buttonup.store.connection import Client
from buttonup.store.player_events import DOORBELL_KEPT
from buttonup.store.scripts import LuaScript, lua_source

BEAT_SECONDS = 1.0
DEAD_MS = 2500
WORKERS_KEY = "buttonup:presence:workers"
EVENTS_KEPT = 2000


@dataclass(frozen=True, slots=True)
class SeatPresence:
    connected: bool
    since: int | None  # ms since the epoch; None: never connected


_CONNECT = lua_source(
    "presence_connect", "presence_lib", EVENTS_KEPT=EVENTS_KEPT, DOORBELL_KEPT=DOORBELL_KEPT
)

_DISCONNECT = lua_source(
    "presence_disconnect", "presence_lib", EVENTS_KEPT=EVENTS_KEPT, DOORBELL_KEPT=DOORBELL_KEPT
)

_REAP = lua_source(
    "presence_reap", "presence_lib", EVENTS_KEPT=EVENTS_KEPT, DOORBELL_KEPT=DOORBELL_KEPT
)


class PresenceBoard:
    """This process's connections, and the reads and beats of presence."""

    def __init__(
        self,
        client: Client,
        keys_of: Callable[[str], list[str]],
        clock: Callable[[], int],
    ) -> None:
        self._redis = client
        # A game's presence, events and game keys, and the games' doorbell
        # where there is one.
        self._keys_of = keys_of
        self._clock = clock
        self.worker = secrets.token_urlsafe(9)
        self._connect = LuaScript(client, _CONNECT)
        self._disconnect = LuaScript(client, _DISCONNECT)
        self._reap = LuaScript(client, _REAP)
        self._held: Counter[str] = Counter()  # game -> this process's connections there
        self._lock = threading.Lock()
        self._beating = False

    def _worker_games_key(self, worker: str) -> str:
        return f"buttonup:presence:worker:{worker}"

    def _alive(self, now: int) -> list[str]:
        alive = self._redis.zrangebyscore(WORKERS_KEY, now - DEAD_MS, "+inf")
        return [worker.decode() for worker in alive]

    def connect(self, game_id: str, color: Color) -> str:
        """A stream of `color`'s seat opened: its connection's id."""
        connection = secrets.token_urlsafe(6)
        now = self._clock()
        if not self._beating:  # before the first beat: this worker counts already
            self.beat()
        with self._lock:
            self._held[game_id] += 1
        self._redis.sadd(self._worker_games_key(self.worker), game_id)
        self._connect(
            keys=self._keys_of(game_id),
            args=[color.value, connection, self.worker, now, *self._alive(now)],
        )
        return connection

    def disconnect(self, game_id: str, color: Color, connection: str) -> None:
        now = self._clock()
        self._disconnect(
            keys=self._keys_of(game_id),
            args=[color.value, connection, now, *self._alive(now)],
        )
        with self._lock:
            self._held[game_id] -= 1
            last = self._held[game_id] <= 0
            if last:
                del self._held[game_id]
        if last:
            self._redis.srem(self._worker_games_key(self.worker), game_id)

    def read(self, game_id: str) -> dict[Color, SeatPresence]:
        now = self._clock()
        stored = {
            name.decode(): value.decode()
            for name, value in self._redis.hgetall(self._keys_of(game_id)[0]).items()
        }
        workers = sorted({value for name, value in stored.items() if name.startswith("c:")})
        beats = {}
        if workers:
            beats = dict(zip(workers, self._redis.zmscore(WORKERS_KEY, workers), strict=True))
        presence = {}
        for color in PLAYERS:
            prefix = f"c:{color.value}:"
            held_by = [value for name, value in stored.items() if name.startswith(prefix)]
            since = stored.get(f"s:{color.value}")
            since_ms = int(since) if since is not None else None
            live = [w for w in held_by if beats.get(w) is not None and beats[w] >= now - DEAD_MS]
            if live:
                presence[color] = SeatPresence(True, since_ms)
            elif held_by:  # only on dead workers: gone since the last of their beats
                last_beats = [int(beats[w]) for w in held_by if beats.get(w) is not None]
                presence[color] = SeatPresence(False, max(last_beats, default=since_ms))
            else:
                presence[color] = SeatPresence(False, since_ms)
        return presence

    def beat(self) -> None:
        """This worker is alive; the dead ones' connections are reaped."""
        self._beating = True
        now = self._clock()
        self._redis.zadd(WORKERS_KEY, {self.worker: now})
        dead = self._redis.zrangebyscore(WORKERS_KEY, "-inf", now - DEAD_MS, withscores=True)
        for worker, last_beat in dead:
            self.reap(worker.decode(), int(last_beat))

    def reap(self, worker: str, last_beat: int) -> None:
        games_key = self._worker_games_key(worker)
        for game_id in self._redis.smembers(games_key):
            self._reap(keys=self._keys_of(game_id.decode()), args=[worker, last_beat])
        # Last, so that a reaper dying half way leaves the rest to the next one.
        self._redis.delete(games_key)
        self._redis.zrem(WORKERS_KEY, worker)

    def leave(self) -> None:
        """This worker stops: what it still holds is disconnected now."""
        self.reap(self.worker, self._clock())
