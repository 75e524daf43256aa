"""The deployment's secret, and what is sealed with it: the pads of
idempotent replies' secrets (store.idempotency) and the tokens of the seats
the service reserves (a rematch's, a pairing's), kept sealed beside their
game until their holder asks (`SeatSeals`).

The secret is the operator's (BUTTONUP_SECRET_KEY, or a file): never kept in
Redis, so a copy of Redis opens no seal. Without one, a process draws its
own (`buttonup serve` and gunicorn's master draw one for all their workers).

Tested in tests/store/test_games_store.py, tests/e2e/test_store_copy.py.
"""

import hashlib
import hmac
import secrets
from collections.abc import Callable

from buttonup.engine import Color
from buttonup.store.connection import Client
from buttonup.store.keys import key_of

# A process's own secret, for a store made without one (tests, scripts).
PROCESS_SECRET = secrets.token_bytes(32)


class Secret:
    def __init__(self, secret: bytes | None) -> None:
        self._secret = secret or PROCESS_SECRET

    def keyed_digest(self, message: bytes) -> bytes:
        return hmac.new(self._secret, message, hashlib.sha256).digest()

    def __repr__(self) -> str:
        return "Secret(...)"  # never the secret itself


def seats_key(game_id: str) -> str:
    """A game's reserved seats' tokens, sealed: on the game's slot."""
    return key_of(game_id, "seat-seals")


class SeatSeals:
    """The tokens of the seats the service reserves for their holders,
    random, each sealed (with the deployment's secret, the game and the
    seat) beside its game, and opened for the holder when they ask."""

    def __init__(
        self,
        client: Client,
        seal: Callable[[str, str], str],
        open_seal: Callable[[str, str], str],
        ttl_ms: int,
    ) -> None:
        self._redis = client
        self._seal = seal
        self._open = open_seal
        self._ttl_ms = ttl_ms

    def keep(self, game_id: str, tokens: dict[Color, str]) -> dict[Color, str]:
        """`tokens` sealed for the game's seats, unless some were kept
        first (by a retry, or another process making the same game): the
        tokens kept, which the game's seats must be reserved for."""
        key = seats_key(game_id)
        pipe = self._redis.pipeline(transaction=False)
        for color, token in tokens.items():
            pipe.hsetnx(key, color.value, self._seal(token, _context(game_id, color)))
        pipe.pexpire(key, self._ttl_ms)
        pipe.hgetall(key)
        kept = pipe.execute()[-1]
        return {
            color: self._open(kept[color.value.encode()].decode(), _context(game_id, color))
            for color in tokens
        }

    def token(self, game_id: str, color: Color) -> str | None:
        sealed = self._redis.hget(seats_key(game_id), color.value)
        return self._open(sealed.decode(), _context(game_id, color)) if sealed else None


def _context(game_id: str, color: Color) -> str:
    return f"reserved-seat\n{game_id}\n{color.value}"
