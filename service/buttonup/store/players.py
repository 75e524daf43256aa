"""Players in Redis: one small record each, under the player's own hash tag
(`buttonup:{player:<id>}:player`), so that what else a player has lives on
the player's slot.

A key is `<player id>.<secret>`: the id says which record to read, and the
hash of the whole key is compared in constant time, like a seat token. Only
the hash is stored. A create with an Idempotency-Key derives both the id and
the secret from the key (with the deployment's secret), so that a retry
answers the same player and key though the key was never stored.
"""

import hmac
import re
from collections.abc import Callable

import orjson

from buttonup.engine.player import Player
from buttonup.store.connection import Client
from buttonup.store.ids import (
    hash_token,
    id_from_digest,
    new_game_id,
    new_token,
    token_from_digest,
)

PLAYER_KEY = re.compile(r"^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43,86})$")


def player_key_of(player_id: str, secret: str) -> str:
    return f"{player_id}.{secret}"


def is_player_key(credential: str) -> bool:
    """Whether a bearer credential is a player's key (a seat token has no dot)."""
    return PLAYER_KEY.match(credential) is not None


def record_key(player_id: str) -> str:
    return f"buttonup:{{player:{player_id}}}:player"


class PlayerStore:
    def __init__(
        self,
        client: Client,
        keyed_digest: Callable[[bytes], bytes],
        ttl_ms: int,
    ) -> None:
        self._redis = client
        self._keyed_digest = keyed_digest  # HMAC with the deployment's secret
        self._ttl_ms = ttl_ms

    def create(
        self, name: str | None, now: int, idempotency: tuple[str, str] | None
    ) -> tuple[Player, str, str | None]:
        """A new player and its key. With `idempotency` (key, body digest), the
        same key makes the same player: then also the body digest the first
        create was made with (None when this call made it)."""
        if idempotency is None:
            player_id, secret = new_game_id(), new_token()
        else:
            player_id = id_from_digest(self._keyed_digest(f"player\n{idempotency[0]}".encode()))
            secret = token_from_digest(self._keyed_digest(f"player-key\n{idempotency[0]}".encode()))
        key = player_key_of(player_id, secret)
        player = Player(player_id, name, hash_token(key), now)
        body = idempotency[1] if idempotency else ""
        stored = orjson.dumps({"n": name, "k": player.key_sha256, "c": now, "f": body})
        if self._redis.set(record_key(player_id), stored, nx=True, px=self._ttl_ms):
            return player, key, None
        first = self._load(player_id)
        if first is None:  # gone between the two calls: made again
            return self.create(name, now, idempotency)
        first_player, first_body = first
        return first_player, key, first_body

    def load(self, player_id: str) -> Player | None:
        found = self._load(player_id)
        return found[0] if found else None

    def _load(self, player_id: str) -> tuple[Player, str] | None:
        stored = self._redis.get(record_key(player_id))
        return _decoded(player_id, stored) if stored is not None else None

    def authenticate(self, key: str) -> Player | None:
        """The player whose key this is; None for any other credential."""
        found = PLAYER_KEY.match(key)
        if found is None:
            return None
        # A player in use stays: each authenticated request renews the record
        # (with a wrong key too: the record is the id's, whoever asks).
        stored = self._redis.getex(record_key(found.group(1)), px=self._ttl_ms)
        if stored is None:
            return None
        player, _ = _decoded(found.group(1), stored)
        if not hmac.compare_digest(player.key_sha256, hash_token(key)):
            return None
        return player


def _decoded(player_id: str, stored: bytes) -> tuple[Player, str]:
    """A player record: the player, and the body digest it was made with."""
    plain = orjson.loads(stored)
    return Player(player_id, plain["n"], plain["k"], plain["c"]), plain.get("f", "")
