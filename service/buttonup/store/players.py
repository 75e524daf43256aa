"""Players in Redis: one small record each, under the player's own hash tag
(`buttonup:{player:<id>}:player`), so that what else a player has lives on
the player's slot.

A key is `<player id>.<secret>`: the id says which record to read, and the
hash of the whole key is compared in constant time, like a seat token. Only
the hash is stored; both parts are random (store.ids).

Tested in tests/api/test_players.py, tests/e2e/test_player_bounds.py.
"""

import hmac
import re
from collections.abc import Sequence

import orjson

from buttonup.engine.player import Player
from buttonup.engine.ratings import Category
from buttonup.store.codec import decode_rating
from buttonup.store.connection import STORAGE_ERRORS, Client
from buttonup.store.ids import GAME_ID_PATTERN, hash_token
from buttonup.store.scripts import LuaScript, lua_source

_AUTHENTICATE = lua_source("player_authenticate")
_REPLACE = lua_source("player_replace")
BOT_ATTEMPTS = 5
PLAYER_KEY = re.compile(r"^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43,86})$")


def player_key_of(player_id: str, secret: str) -> str:
    return f"{player_id}.{secret}"


def is_player_key(credential: str) -> bool:
    """Whether a bearer credential is a player's key (a seat token has no dot)."""
    return PLAYER_KEY.match(credential) is not None


def record_key(player_id: str) -> str:
    return f"buttonup:{{player:{player_id}}}:player"


class PlayerStore:
    def __init__(self, client: Client, ttl_ms: int) -> None:
        self._redis = client
        self._ttl_ms = ttl_ms
        self._authenticate = LuaScript(client, _AUTHENTICATE)
        self._replace = LuaScript(client, _REPLACE)

    def create(self, player: Player) -> Player:
        """Store `player` unless its id has a record already (the first of two
        requests with one Idempotency-Key): then the stored one."""
        stored = orjson.dumps({"n": player.name, "k": player.key_sha256, "c": player.created_at})
        if self._redis.set(record_key(player.id), stored, nx=True, px=self._ttl_ms):
            return player
        first = self.load(player.id)
        return first if first is not None else self.create(player)

    @STORAGE_ERRORS
    def count_bot_move(self, player_id: str, minute: int) -> int:
        """One more move of the bot in this minute (of the epoch): its count."""
        key = f"buttonup:{{player:{player_id}}}:bot-moves:{minute}"
        pipe = self._redis.pipeline(transaction=False)
        pipe.incr(key)
        pipe.pexpire(key, 2 * 60_000)
        return int(pipe.execute()[0])

    @STORAGE_ERRORS
    def make_bot(self, player_id: str) -> Player | None:
        """The player a bot account from now on, unless they may not become
        one (Player.may_become_bot): the player as stored (None: gone). A
        compare-and-set of the record as read, so that a rated game's end
        written meanwhile is kept and seen."""
        key = record_key(player_id)
        for _ in range(BOT_ATTEMPTS):
            stored = self._redis.get(key)
            if stored is None:
                return None
            player = _decoded(player_id, stored)
            if not player.may_become_bot:
                return player
            now = orjson.dumps({**orjson.loads(stored), "b": 1})
            if self._replace(keys=[key], args=[stored, now]):
                return _decoded(player_id, now)
        return self.load(player_id)

    def load(self, player_id: str) -> Player | None:
        stored = self._redis.get(record_key(player_id))
        return _decoded(player_id, stored) if stored is not None else None

    def load_many(self, player_ids: Sequence[str]) -> dict[str, Player | None]:
        """Several players in one round trip; None for each that is gone, or
        that no id of a player names (ids are made as games' are: store.ids)."""
        named = [player_id for player_id in player_ids if GAME_ID_PATTERN.match(player_id)]
        pipe = self._redis.pipeline(transaction=False)
        for player_id in named:
            pipe.get(record_key(player_id))
        found = dict(zip(named, pipe.execute() if named else [], strict=True))
        players: dict[str, Player | None] = dict.fromkeys(player_ids)
        for player_id, stored in found.items():
            if stored is not None:
                players[player_id] = _decoded(player_id, stored)
        return players

    def authenticate(self, key: str) -> Player | None:
        """The player whose key this is; None for any other credential."""
        found = PLAYER_KEY.match(key)
        if found is None:
            return None
        # A player in use stays: each request with the player's key renews the
        # record, in the same call that reads it (a wrong key renews nothing).
        key_sha256 = hash_token(key)
        stored = self._authenticate(
            keys=[record_key(found.group(1))], args=[key_sha256, self._ttl_ms]
        )
        if stored is None:
            return None
        player = _decoded(found.group(1), stored)
        if not hmac.compare_digest(player.key_sha256, key_sha256):
            return None
        return player


def _decoded(player_id: str, stored: bytes) -> Player:
    """A player record: name, key's hash, when made and, once rated games
    ended, "r" (ratings by category, the ratings wing writes them: ratings.store), "w" and
    "l" (rated games won and lost); "b": 1 for a bot account. Records of earlier releases also hold
    "f", unread."""
    plain = orjson.loads(stored)
    ratings = {
        Category(category): decode_rating(text) for category, text in (plain.get("r") or {}).items()
    }
    return Player(
        player_id,
        plain["n"],
        plain["k"],
        plain["c"],
        ratings=ratings,
        wins=plain.get("w", 0),
        losses=plain.get("l", 0),
        bot=plain.get("b", 0) == 1,
    )
