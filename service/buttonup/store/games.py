"""GameStore: one record per game under hash-tagged keys, changed only by
an atomic compare-and-set on its version (one Lua call per change)."""

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass

import orjson
import redis

from buttonup.store.errors import GameNotFound, StorageUnavailable, VersionConflict
from buttonup.store.records import GAME_ID_PATTERN, GameRecord

# KEYS: game hash, moves list, reply key ("" when none).
# ARGV: expected version, new version, record, ttl ms, reply ttl ms, reply ("" when none),
#       then the move documents to append.
_COMMIT = """
local current = redis.call('HGET', KEYS[1], 'version')
if not current then return {0} end
if ARGV[6] ~= '' then
  local prior = redis.call('GET', KEYS[3])
  if prior then return {2, current, prior} end
end
if current ~= ARGV[1] then return {1, current} end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'record', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
for i = 7, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
redis.call('PEXPIRE', KEYS[2], ARGV[4])
if ARGV[6] ~= '' then redis.call('SET', KEYS[3], ARGV[6], 'PX', ARGV[5]) end
return {3, ARGV[2]}
"""

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

# KEYS: game hash, moves list. ARGV: version, record, ttl ms, then moves to append
# (a game between two bots is played through when it is created).
_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'record', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
if #ARGV > 3 then
  for i = 4, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
  redis.call('PEXPIRE', KEYS[2], ARGV[3])
end
return 1
"""


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
        client: redis.Redis,
        *,
        game_ttl_seconds: int,
        reply_ttl_seconds: int,
        recent_records: int = 4096,
    ) -> None:
        self._redis = client
        self._game_ttl_ms = game_ttl_seconds * 1000
        self._reply_ttl_ms = reply_ttl_seconds * 1000
        self._commit = client.register_script(_COMMIT)
        self._create = client.register_script(_CREATE)
        self._read = client.register_script(_READ)
        self._recent = RecentRecords(recent_records)

    # Keys: every key of one game carries the hash tag {<id>} so that they all
    # share one Redis Cluster slot and one Lua call can change them together.
    @staticmethod
    def game_key(game_id: str) -> str:
        return f"buttonup:{{{game_id}}}:game"

    @staticmethod
    def moves_key(game_id: str) -> str:
        return f"buttonup:{{{game_id}}}:moves"

    @staticmethod
    def move_reply_key(game_id: str, scope: str, idempotency_key: str) -> str:
        digest = hashlib.sha256(idempotency_key.encode()).hexdigest()
        return f"buttonup:{{{game_id}}}:reply:{scope}:{digest}"

    @staticmethod
    def create_reply_key(idempotency_key: str) -> str:
        digest = hashlib.sha256(idempotency_key.encode()).hexdigest()
        return f"buttonup:create-reply:{{{digest}}}"

    def ping(self) -> None:
        with _storage_errors():
            self._redis.ping()

    def create(
        self,
        record: GameRecord,
        reply_key: str | None,
        reply: StoredReply | None,
        moves: Sequence[str] = (),
    ) -> StoredReply | None:
        """Store a new game. With a reply key already used for a game that
        exists, nothing is stored and that earlier reply is returned."""
        with _storage_errors():
            if reply_key is not None and reply is not None:
                claimed = self._redis.set(
                    reply_key, reply.to_json(), nx=True, px=self._reply_ttl_ms
                )
                if not claimed:
                    prior_text = self._redis.get(reply_key)
                    if prior_text is not None:
                        prior = StoredReply.from_json(prior_text)
                        if self._redis.exists(self.game_key(prior.game_id)):
                            return prior
                    # A stale claim whose game was never stored: take it over.
                    self._redis.set(reply_key, reply.to_json(), px=self._reply_ttl_ms)
            try:
                self._create(
                    keys=[self.game_key(record.id), self.moves_key(record.id)],
                    args=[record.version, record.to_json(), self._game_ttl_ms, *moves],
                )
            except redis.RedisError:
                if reply_key is not None:
                    self._forget(reply_key)
                raise
        return None

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
        reply_key: str | None = None,
        reply: StoredReply | None = None,
    ) -> StoredReply | None:
        """Write `record` if the stored game is still at `expected_version`
        (default `record.version - 1`), appending `moves` and keeping `reply`
        under `reply_key`, all at once.

        Raises VersionConflict when the game moved on, GameNotFound when it
        expired. With a reply key that already holds a reply, nothing is
        written and that reply is returned.
        """
        keys = [self.game_key(record.id), self.moves_key(record.id), reply_key or ""]
        args = [
            record.version - 1 if expected_version is None else expected_version,
            record.version,
            record.to_json(),
            self._game_ttl_ms,
            self._reply_ttl_ms,
            reply.to_json() if reply_key and reply else "",
            *moves,
        ]
        if not reply_key:
            keys.pop()
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

    def moves_json(self, game_id: str) -> str:
        """Every move of the game as one JSON array, oldest first."""
        if not GAME_ID_PATTERN.match(game_id):
            raise GameNotFound(game_id)
        with _storage_errors():
            pipe = self._redis.pipeline(transaction=False)
            pipe.exists(self.game_key(game_id))
            pipe.lrange(self.moves_key(game_id), 0, -1)
            exists, items = pipe.execute()
        if not exists:
            raise GameNotFound(game_id)
        return "[" + ",".join(item.decode() for item in items) + "]"

    def _forget(self, key: str) -> None:
        try:
            self._redis.delete(key)
        except redis.RedisError:
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
    except redis.RedisError as error:
        raise StorageUnavailable(str(error)) from error
