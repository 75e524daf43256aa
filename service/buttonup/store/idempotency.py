"""What an Idempotency-Key reserves, for the idempotency TTL only, and the
secrets its first answer handed out, sealed so that only a holder of the key
can open them again.

A reservation is one small string under a key of its own
(`buttonup:{idem:<digest of scope and key>}`), set only if absent: two
requests racing with one key meet on it, and once it expires, the key is a
new request's. Secrets (seat tokens, player keys) are always random; what a
reservation or a stored reply keeps of one is the secret XORed with a pad
that an HMAC of the deployment's secret (the operator's, never in Redis: store.derived)
derives from a random salt and the Idempotency-Key, and a tag that tells a
seal another secret made. A copy of Redis tells nothing of the secret, even
for the shortest Idempotency-Key: the pad needs the deployment's secret too.

Tested in tests/store/test_games_store.py, tests/e2e/test_idempotency.py.
"""

import base64
import hashlib
import hmac
from collections.abc import Callable

from buttonup.store.connection import Client
from buttonup.store.errors import SealBroken

NONCE_BYTES = 12
TAG_BYTES = 12
SECRET_BYTES = 32  # store.ids.TOKEN_BYTES: every token and key secret is this long


def reservation_key(scope: str, idempotency_key: str) -> str:
    digest = hashlib.sha256(f"{scope}\n{idempotency_key}".encode()).hexdigest()[:40]
    return f"buttonup:{{idem:{digest}}}"


class Reservations:
    def __init__(self, client: Client, ttl_ms: int) -> None:
        self._redis = client
        self._ttl_ms = ttl_ms

    def reserve(self, scope: str, idempotency_key: str, value: str) -> str | None:
        """Keep `value` for the key in `scope` unless a request kept one first:
        then that one's value (and nothing is changed)."""
        key = reservation_key(scope, idempotency_key)
        pipe = self._redis.pipeline(transaction=False)
        pipe.set(key, value, nx=True, px=self._ttl_ms)
        pipe.get(key)
        made, kept = pipe.execute()
        if made:
            return None
        # Gone between the two calls (expired): the key is this request's now.
        return kept.decode() if kept is not None else self.reserve(scope, idempotency_key, value)


class Sealer:
    """Seals a secret with what only its holder's context (an
    Idempotency-Key, a reserved seat) and the deployment's secret open."""

    def __init__(self, keyed_digest: Callable[[bytes], bytes], nonce: Callable[[], bytes]) -> None:
        self._keyed_digest = keyed_digest  # HMAC with the deployment's secret
        self._nonce = nonce

    def seal(self, secret: str, context: str) -> str:
        raw = _decoded(secret)
        nonce = self._nonce()
        sealed = bytes(a ^ b for a, b in zip(raw, self._pad(nonce, context), strict=True))
        tag = self._tag(nonce, context, sealed)
        return base64.urlsafe_b64encode(nonce + sealed + tag).decode().rstrip("=")

    def open(self, sealed: str, context: str) -> str:
        whole = _decoded(sealed)
        if len(whole) != NONCE_BYTES + SECRET_BYTES + TAG_BYTES:
            raise SealBroken("not a seal of this release")
        nonce = whole[:NONCE_BYTES]
        body, tag = whole[NONCE_BYTES:-TAG_BYTES], whole[-TAG_BYTES:]
        if not hmac.compare_digest(tag, self._tag(nonce, context, body)):
            raise SealBroken("sealed with another secret")
        raw = bytes(a ^ b for a, b in zip(body, self._pad(nonce, context), strict=True))
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")

    def _pad(self, nonce: bytes, context: str) -> bytes:
        # The nonce salts the derivation: no two seals share a pad.
        return self._keyed_digest(b"seal\n" + nonce + b"\n" + context.encode())[:SECRET_BYTES]

    def _tag(self, nonce: bytes, context: str, sealed: bytes) -> bytes:
        message = b"tag\n" + nonce + b"\n" + context.encode() + b"\n" + sealed
        return self._keyed_digest(message)[:TAG_BYTES]


def sealing_context(scope: str, idempotency_key: str) -> str:
    """What a seal is bound to: where the key was used, and the key itself."""
    return f"{scope}\n{idempotency_key}"


def _decoded(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
