"""GameStore: one record per game under hash-tagged keys, changed only by
an atomic compare-and-set on its version (one Lua call per change)."""

import hashlib
import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass

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

# KEYS: game hash. ARGV: version, record, ttl ms.
_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'record', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
"""


@dataclass(frozen=True, slots=True)
class StoredReply:
    """The first successful answer to an idempotent request, kept for its retries."""

    fingerprint: str
    body: str
    game_id: str

    def to_json(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: bytes | str) -> "StoredReply":
        return cls(**json.loads(text))


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
    ) -> None:
        self._redis = client
        self._game_ttl_ms = game_ttl_seconds * 1000
        self._reply_ttl_ms = reply_ttl_seconds * 1000
        self._commit = client.register_script(_COMMIT)
        self._create = client.register_script(_CREATE)

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
        self, record: GameRecord, reply_key: str | None, reply: StoredReply | None
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
                    keys=[self.game_key(record.id)],
                    args=[record.version, record.to_json(), self._game_ttl_ms],
                )
            except redis.RedisError:
                if reply_key is not None:
                    self._forget(reply_key)
                raise
        return None

    def load(self, game_id: str, reply_keys: Sequence[str] = ()) -> Loaded:
        """The game (GameNotFound if absent) and any stored replies, in one round trip."""
        if not GAME_ID_PATTERN.match(game_id):
            raise GameNotFound(game_id)
        with _storage_errors():
            pipe = self._redis.pipeline(transaction=False)
            pipe.hmget(self.game_key(game_id), "version", "record")
            for key in reply_keys:
                pipe.get(key)
            (version, text), *reply_texts = pipe.execute()
        if version is None or text is None:
            raise GameNotFound(game_id)
        replies = {
            key: StoredReply.from_json(reply_text)
            for key, reply_text in zip(reply_keys, reply_texts, strict=True)
            if reply_text is not None
        }
        return Loaded(GameRecord.from_json(int(version), text), replies)

    def commit(
        self,
        record: GameRecord,
        *,
        moves: Sequence[str] = (),
        reply_key: str | None = None,
        reply: StoredReply | None = None,
    ) -> StoredReply | None:
        """Write `record` if the stored game is still at `record.version - 1`,
        appending `moves` and keeping `reply` under `reply_key`, all at once.

        Raises VersionConflict when the game moved on, GameNotFound when it
        expired. With a reply key that already holds a reply, nothing is
        written and that reply is returned.
        """
        keys = [self.game_key(record.id), self.moves_key(record.id), reply_key or ""]
        args = [
            record.version - 1,
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


@contextmanager
def _storage_errors() -> Iterator[None]:
    try:
        yield
    except redis.RedisError as error:
        raise StorageUnavailable(str(error)) from error
