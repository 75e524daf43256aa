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
from buttonup.store.scripts import LuaScript

BEAT_SECONDS = 1.0
DEAD_MS = 2500
WORKERS_KEY = "buttonup:presence:workers"
EVENTS_KEPT = 2000


@dataclass(frozen=True, slots=True)
class SeatPresence:
    connected: bool
    since: int | None  # ms since the epoch; None: never connected


# Publishes a presence entry on the game's stream, which lives as long as the game.
_PUBLISH = """
local function publish()
  redis.call('XADD', KEYS[2], 'MAXLEN', '~', EVENTS_KEPT, '*', 'p', '1')
  if redis.call('PTTL', KEYS[2]) < 0 then
    local ttl = redis.call('PTTL', KEYS[3])
    if ttl <= 0 then ttl = 60000 end
    redis.call('PEXPIRE', KEYS[2], ttl)
  end
end
-- Whether `color` holds a connection other than `except` on a worker of
-- `alive` (nil: on any worker).
local function has_live(color, alive, except)
  local prefix = 'c:' .. color .. ':'
  local fields = redis.call('HGETALL', KEYS[1])
  for i = 1, #fields, 2 do
    local name = fields[i]
    if name ~= except and string.sub(name, 1, #prefix) == prefix
        and (alive == nil or alive[fields[i + 1]]) then
      return true
    end
  end
  return false
end
local function set_of(first)  -- ARGV[first..]: the live workers
  local alive = {}
  for i = first, #ARGV do alive[ARGV[i]] = true end
  return alive
end
local function keep_as_long_as_the_game()
  local ttl = redis.call('PTTL', KEYS[3])
  if ttl > 0 then redis.call('PEXPIRE', KEYS[1], ttl) end
end
""".replace("EVENTS_KEPT", str(EVENTS_KEPT))

# KEYS: presence, events, game. ARGV: colour, connection, worker, now, then
# the live workers. Returns 1 when the seat became connected.
_CONNECT = (
    _PUBLISH
    + """
local field = 'c:' .. ARGV[1] .. ':' .. ARGV[2]
local had = has_live(ARGV[1], set_of(5), field)
redis.call('HSET', KEYS[1], field, ARGV[3])
keep_as_long_as_the_game()
if had then return 0 end
redis.call('HSET', KEYS[1], 's:' .. ARGV[1], ARGV[4])
publish()
return 1
"""
)

# KEYS: presence, events, game. ARGV: colour, connection, now, then the live
# workers. Returns 1 when the seat became disconnected.
_DISCONNECT = (
    _PUBLISH
    + """
local field = 'c:' .. ARGV[1] .. ':' .. ARGV[2]
if redis.call('HDEL', KEYS[1], field) == 0 then return 0 end
if has_live(ARGV[1], set_of(4), field) then return 0 end
redis.call('HSET', KEYS[1], 's:' .. ARGV[1], ARGV[3])
publish()
return 1
"""
)

# KEYS: presence, events, game. ARGV: the dead worker, its last beat.
# Its connections go; each seat left without one is disconnected since then.
_REAP = (
    _PUBLISH
    + """
local fields = redis.call('HGETALL', KEYS[1])
local dropped = {}
for i = 1, #fields, 2 do
  if fields[i + 1] == ARGV[1] and string.sub(fields[i], 1, 2) == 'c:' then
    redis.call('HDEL', KEYS[1], fields[i])
    dropped[string.match(fields[i], '^c:(%a+):')] = true
  end
end
local changed = false
for color in pairs(dropped) do
  if not has_live(color, nil, nil) then
    redis.call('HSET', KEYS[1], 's:' .. color, ARGV[2])
    changed = true
  end
end
if changed then publish() end
return changed and 1 or 0
"""
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
        self._keys_of = keys_of  # a game's presence, events and game keys
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
