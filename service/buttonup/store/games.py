"""GameStore: one record per game under hash-tagged keys, changed only by
an atomic compare-and-set on its version (one Lua call per change)."""

import base64
import hashlib
import hmac
import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import Any

import orjson
import redis
from redis.exceptions import NoScriptError

from buttonup.store.connection import REDIS_ERRORS, Client
from buttonup.store.errors import GameNotFound, StorageUnavailable, VersionConflict
from buttonup.store.feed import EventFeed, StoredEvent, Subscription, stored_event
from buttonup.store.records import GAME_ID_BYTES, GAME_ID_PATTERN, GameRecord

# A cluster client raises some of its own outside redis.RedisError.

# The secret that idempotent creates derive their game's id from (made by the
# first process that needs it; no expiry).
ID_SECRET_KEY = "buttonup:id-secret"  # noqa: S105 (a key name, not a secret)
EVENTS_KEPT = 2000  # per game: enough to resume any real game from its start

# Appends moves and events after a write. ARGV from `first`: the number of
# moves, the moves, then (version, name, data) for each event.
_APPEND = """
local function append(first, ttl)
  local moves = tonumber(ARGV[first])
  for i = first + 1, first + moves do redis.call('RPUSH', KEYS[2], ARGV[i]) end
  local i = first + moves + 1
  while i <= #ARGV do
    redis.call('XADD', KEYS[3], 'MAXLEN', '~', EVENTS_KEPT, '*',
               'v', ARGV[i], 'e', ARGV[i + 1], 'd', ARGV[i + 2])
    i = i + 3
  end
  -- every key of the game expires with it (a no-op for keys not yet made)
  redis.call('PEXPIRE', KEYS[2], ttl)
  redis.call('PEXPIRE', KEYS[3], ttl)
end
""".replace("EVENTS_KEPT", str(EVENTS_KEPT))

# KEYS: game hash, moves list, events stream, and the reply key when there is one.
# ARGV: expected version, new version, record, ttl ms, reply ttl ms, reply ("" when
# none), then what _APPEND reads from ARGV[7].
_COMMIT = (
    _APPEND
    + """
local current = redis.call('HGET', KEYS[1], 'version')
if not current then return {0} end
if ARGV[6] ~= '' then
  local prior = redis.call('GET', KEYS[4])
  if prior then return {2, current, prior} end
end
if current ~= ARGV[1] then return {1, current} end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'record', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
append(7, ARGV[4])
if ARGV[6] ~= '' then redis.call('SET', KEYS[4], ARGV[6], 'PX', ARGV[5]) end
return {3, ARGV[2]}
"""
)

# KEYS: game hash, then reply keys. ARGV: the version the caller already holds ("" if none).
# Returns the version, the record unless it is the one the caller holds, and the replies.
_READ = """
local version = redis.call('HGET', KEYS[1], 'version')
if not version then return {false} end
local result = {version, false}
if version ~= ARGV[1] then result[2] = redis.call('HGET', KEYS[1], 'record') end
for i = 2, #KEYS do result[i + 1] = redis.call('GET', KEYS[i]) end
return result
"""

# KEYS: game hash, moves list, events stream. ARGV: version, record, ttl ms, the
# idempotent reply ("" when none), then what _APPEND reads from ARGV[5] (two bots
# play their game through at creation). A game that exists already is left as it
# is and its reply returned: an idempotent create names its game by its key, so
# two creates with one key race on this one key.
_CREATE = (
    _APPEND
    + """
if redis.call('EXISTS', KEYS[1]) == 1 then return {0, redis.call('HGET', KEYS[1], 'reply')} end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'record', ARGV[2])
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'reply', ARGV[4]) end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
append(5, ARGV[3])
return {1}
"""
)


@dataclass(frozen=True, slots=True)
class NewEvent:
    """A change to report on the game's event stream."""

    version: int
    name: str
    data: str | bytes  # JSON


class LuaScript:
    """A Lua script run by EVALSHA, loaded again when the server has lost it.

    On one Redis the call goes straight to a pooled connection, retried on a
    fresh one by the connection's own Retry (connect() sets one retry: a
    Redis restart closes pooled connections). The client's command layers
    (argument checks, observability hooks) cost about a tenth of a move's
    Redis call. A cluster client routes EVALSHA by its keys.
    """

    def __init__(self, client: Client, source: str) -> None:
        self._client = client
        self._pool = client.connection_pool if isinstance(client, redis.Redis) else None
        self._source = source
        # Redis names a script by its SHA-1.
        self._sha = hashlib.sha1(source.encode(), usedforsecurity=False).hexdigest()

    def __call__(self, keys: Sequence[str], args: Sequence[str | bytes | int]) -> Any:
        command = ("EVALSHA", self._sha, len(keys), *keys, *args)
        try:
            return self._execute(command)
        except NoScriptError:  # a fresh or restarted server
            self._client.script_load(self._source)
            return self._execute(command)

    def _execute(self, command: tuple) -> Any:
        if self._pool is None:
            return self._client.execute_command(*command)
        connection = self._pool.get_connection()

        def send_and_read() -> Any:
            connection.send_command(*command)
            return connection.read_response()

        try:
            # On a connection error or timeout: disconnect, so that the next
            # send connects afresh.
            return connection.retry.call_with_retry(
                send_and_read, lambda _error: connection.disconnect()
            )
        except redis.ResponseError:
            raise  # answered in full: the connection is fine
        except BaseException:
            connection.disconnect()  # an answer may still be on its way
            raise
        finally:
            self._pool.release(connection)


def _json_array(items: Sequence[bytes]) -> str:
    """Stored JSON documents joined into one array, without parsing them."""
    return "[" + ",".join(item.decode() for item in items) + "]"


def _appended(moves: Sequence[str], events: Sequence[NewEvent]) -> list[str | bytes | int]:
    args: list[str | bytes | int] = [len(moves), *moves]
    for event in events:
        args += [event.version, event.name, event.data]
    return args


@dataclass(frozen=True, slots=True)
class StoredReply:
    """The first successful answer to an idempotent request, kept for its retries."""

    fingerprint: str
    body: str
    game_id: str

    def to_json(self) -> str:
        return orjson.dumps(asdict(self)).decode()

    @classmethod
    def from_json(cls, text: bytes | str) -> "StoredReply":
        return cls(**orjson.loads(text))


@dataclass(frozen=True, slots=True)
class Loaded:
    record: GameRecord
    replies: dict[str, StoredReply]


class GameStore:
    def __init__(
        self,
        client: Client,
        *,
        blocking_client: Client | None = None,
        game_ttl_seconds: int,
        reply_ttl_seconds: int,
        recent_records: int = 4096,
    ) -> None:
        self._redis = client
        # Reads that wait for events hold a connection for seconds: a pool of their own.
        self._feed = EventFeed(blocking_client or client, client)
        self._game_ttl_ms = game_ttl_seconds * 1000
        self._reply_ttl_ms = reply_ttl_seconds * 1000
        self._commit = LuaScript(client, _COMMIT)
        self._create = LuaScript(client, _CREATE)
        self._read = LuaScript(client, _READ)
        self._recent = RecentRecords(recent_records)
        self._id_secret: bytes | None = None

    # Keys: every key of one game carries the hash tag {<id>} so that they all
    # share one Redis Cluster slot and one Lua call can change them together.
    @staticmethod
    def game_key(game_id: str) -> str:
        return f"buttonup:{{{game_id}}}:game"

    @staticmethod
    def moves_key(game_id: str) -> str:
        return f"buttonup:{{{game_id}}}:moves"

    @staticmethod
    def events_key(game_id: str) -> str:
        return f"buttonup:{{{game_id}}}:events"

    @staticmethod
    def move_reply_key(game_id: str, scope: str, idempotency_key: str) -> str:
        digest = hashlib.sha256(idempotency_key.encode()).hexdigest()
        return f"buttonup:{{{game_id}}}:reply:{scope}:{digest}"

    def ping(self) -> None:
        with _storage_errors():
            self._redis.ping()

    def create(
        self,
        record: GameRecord,
        reply: StoredReply | None = None,
        moves: Sequence[str] = (),
        events: Sequence[NewEvent] = (),
    ) -> StoredReply | None:
        """Store a new game, keeping `reply` with it for retries. When a game
        with this id exists already (an idempotent create names its game by
        its key: see `idempotent_game_id`), nothing is stored and that game's
        reply is returned (an empty one when it was created without a key)."""
        with _storage_errors():
            outcome = self._create(
                keys=[
                    self.game_key(record.id),
                    self.moves_key(record.id),
                    self.events_key(record.id),
                ],
                args=[
                    record.version,
                    record.to_json(),
                    self._game_ttl_ms,
                    reply.to_json() if reply else "",
                    *_appended(moves, events),
                ],
            )
        if outcome[0] == 0:
            prior = outcome[1]
            return StoredReply.from_json(prior) if prior else StoredReply("", "", record.id)
        self._recent.put(record)
        return None

    def idempotent_game_id(self, idempotency_key: str) -> str:
        """The id of the game that a create with this key makes: unguessable
        without the deployment's secret, and the same on every replica, so
        that concurrent creates with one key meet on one game key."""
        secret = self._id_secret
        if secret is None:
            with _storage_errors():
                pipe = self._redis.pipeline(transaction=False)
                pipe.set(ID_SECRET_KEY, secrets.token_bytes(32), nx=True)
                pipe.get(ID_SECRET_KEY)
                secret = self._id_secret = pipe.execute()[1]
        digest = hmac.new(secret, idempotency_key.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:GAME_ID_BYTES]).decode()

    def cached(self, game_id: str) -> GameRecord | None:
        """The record this process read or wrote last for the game, without
        asking Redis: possibly stale, so only for a compare-and-set commit."""
        return self._recent.get(game_id)

    def load(self, game_id: str, reply_keys: Sequence[str] = ()) -> Loaded:
        """The game (GameNotFound if absent) and any stored replies, in one round trip.

        Redis sends the record only when it is not the version this process
        decoded last: decoding is the larger part of a read.
        """
        if not GAME_ID_PATTERN.match(game_id):
            raise GameNotFound(game_id)
        known = self._recent.get(game_id)
        with _storage_errors():
            found = self._read(
                keys=[self.game_key(game_id), *reply_keys],
                args=[known.version if known else ""],
            )
        if found[0] is None:
            raise GameNotFound(game_id)
        version, text, reply_texts = int(found[0]), found[1], found[2:]
        if text is None and known is not None and known.version == version:
            record = known
        else:
            record = GameRecord.from_json(version, text)
            self._recent.put(record)
        replies = {
            key: StoredReply.from_json(reply_text)
            for key, reply_text in zip(reply_keys, reply_texts, strict=True)
            if reply_text is not None
        }
        return Loaded(record, replies)

    def commit(
        self,
        record: GameRecord,
        *,
        expected_version: int | None = None,
        moves: Sequence[str] = (),
        events: Sequence[NewEvent] = (),
        reply_key: str | None = None,
        reply: StoredReply | None = None,
    ) -> StoredReply | None:
        """Write `record` if the stored game is still at `expected_version`
        (default `record.version - 1`), appending `moves` and `events` and
        keeping `reply` under `reply_key`, all at once.

        Raises VersionConflict when the game moved on, GameNotFound when it
        expired. With a reply key that already holds a reply, nothing is
        written and that reply is returned.
        """
        keys = [self.game_key(record.id), self.moves_key(record.id), self.events_key(record.id)]
        if reply_key:
            keys.append(reply_key)
        args = [
            record.version - 1 if expected_version is None else expected_version,
            record.version,
            record.to_json(),
            self._game_ttl_ms,
            self._reply_ttl_ms,
            reply.to_json() if reply_key and reply else "",
            *_appended(moves, events),
        ]
        with _storage_errors():
            outcome = self._commit(keys=keys, args=args)
        if outcome[0] == 0:
            raise GameNotFound(record.id)
        if outcome[0] == 1:
            raise VersionConflict(int(outcome[1]))
        if outcome[0] == 2:
            return StoredReply.from_json(outcome[2])
        self._recent.put(record)
        return None

    def snapshot(self, game_id: str) -> tuple[GameRecord, str]:
        """The game and the id of the last event on its stream, read atomically,
        so that events after that id are exactly the changes after the record."""
        if not GAME_ID_PATTERN.match(game_id):
            raise GameNotFound(game_id)
        with _storage_errors():
            pipe = self._redis.pipeline(transaction=True)
            pipe.hmget(self.game_key(game_id), "version", "record")
            pipe.xrevrange(self.events_key(game_id), "+", "-", count=1)
            (version, text), last = pipe.execute()
        if version is None or text is None:
            raise GameNotFound(game_id)
        last_id = last[0][0].decode() if last else "0-0"
        return GameRecord.from_json(int(version), text), last_id

    def exists(self, game_id: str) -> bool:
        with _storage_errors():
            return bool(self._redis.exists(self.game_key(game_id)))

    def events_until(self, game_id: str, until_id: str) -> list[StoredEvent]:
        """The events the stream still holds, oldest first, up to `until_id`."""
        with _storage_errors():
            entries = self._redis.xrange(self.events_key(game_id), "-", until_id)
        return [stored_event(entry) for entry in entries]

    @contextmanager
    def subscribe(self, game_id: str, after_id: str) -> Iterator[Subscription]:
        """The game's events after the stream id `after_id`, as they come,
        read together with every other stream this process watches."""
        with _storage_errors():
            subscription = self._feed.subscribe(self.events_key(game_id), after_id)
        try:
            yield subscription
        finally:
            subscription.close()

    # The lobby: public games with an open seat, by creation time. The index is
    # a hint kept up on create and join; every read checks it against the
    # records themselves, so concurrent joins and expiry never show through.
    LOBBY_KEY = "buttonup:lobby"

    def list_publicly(self, record: GameRecord, created_us: int) -> None:
        with _storage_errors():
            pipe = self._redis.pipeline(transaction=False)
            pipe.zadd(self.LOBBY_KEY, {record.id: created_us})
            # Entries older than any game can live are stale whatever they say.
            oldest = created_us - self._game_ttl_ms * 1000
            pipe.zremrangebyscore(self.LOBBY_KEY, "-inf", oldest)
            pipe.execute()

    def unlist(self, game_ids: Sequence[str]) -> None:
        if game_ids:
            with _storage_errors():
                self._redis.zrem(self.LOBBY_KEY, *game_ids)

    def lobby_candidates(
        self, below: tuple[float, str] | None, count: int
    ) -> list[tuple[str, float]]:
        """Up to `count` entries after `below` (score, id), newest first."""
        top = "+inf" if below is None else below[0]
        with _storage_errors():
            # Ties on the score come back in descending id order, as the cursor expects.
            entries = self._redis.zrevrangebyscore(
                self.LOBBY_KEY, top, "-inf", start=0, num=count + 64, withscores=True
            )
        found = []
        for member, score in entries:
            game_id = member.decode()
            if below is not None and score == below[0] and game_id >= below[1]:
                continue
            found.append((game_id, score))
            if len(found) == count:
                break
        return found

    def load_many(self, game_ids: Sequence[str]) -> dict[str, GameRecord | None]:
        with _storage_errors():
            pipe = self._redis.pipeline(transaction=False)
            for game_id in game_ids:
                pipe.hmget(self.game_key(game_id), "version", "record")
            found = pipe.execute()
        return {
            game_id: GameRecord.from_json(int(version), text) if version and text else None
            for game_id, (version, text) in zip(game_ids, found, strict=True)
        }

    def moves_page(self, game_id: str, start: int, count: int) -> tuple[str, bool]:
        """Moves start .. start+count-1 (0-based) as a JSON array, and whether
        more follow."""
        items = self._move_items(game_id, start, start + count)
        return _json_array(items[:count]), len(items) > count

    def moves_json(self, game_id: str) -> str:
        """Every move of the game as one JSON array, oldest first."""
        return _json_array(self._move_items(game_id, 0, -1))

    def _move_items(self, game_id: str, first: int, last: int) -> list[bytes]:
        """Stored moves first..last (LRANGE bounds); GameNotFound if the game is gone."""
        if not GAME_ID_PATTERN.match(game_id):
            raise GameNotFound(game_id)
        with _storage_errors():
            pipe = self._redis.pipeline(transaction=False)
            pipe.exists(self.game_key(game_id))
            pipe.lrange(self.moves_key(game_id), first, last)
            exists, items = pipe.execute()
        if not exists:
            raise GameNotFound(game_id)
        return items

    def _forget(self, key: str) -> None:
        try:
            self._redis.delete(key)
        except REDIS_ERRORS:
            return


class RecentRecords:
    """The last records this process read or wrote, by game id, bounded.

    Only a shortcut for decoding: every read still asks Redis for the
    current version, so a stale entry is never used.
    """

    def __init__(self, capacity: int) -> None:
        self._capacity = capacity
        self._records: OrderedDict[str, GameRecord] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> GameRecord | None:
        return self._records.get(game_id)

    def put(self, record: GameRecord) -> None:
        with self._lock:
            self._records[record.id] = record
            self._records.move_to_end(record.id)
            if len(self._records) > self._capacity:
                self._records.popitem(last=False)


@contextmanager
def _storage_errors() -> Iterator[None]:
    try:
        yield
    except REDIS_ERRORS as error:
        raise StorageUnavailable(str(error)) from error
