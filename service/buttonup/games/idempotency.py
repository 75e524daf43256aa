"""An Idempotency-Key and the request it was first sent with, and the checks
every idempotent use case makes of them.

Tested in tests/e2e/test_idempotency.py, tests/api/test_games.py.
"""

import base64
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NoReturn

from buttonup import errors
from buttonup.store import GameStore, is_player_key

JOIN = "join"  # the scope of a join's Idempotency-Key (a move's is its seat)
CREATE = "create"  # of a create's (a player's own, when a player key is sent)
PLAYER = "player"  # of a player's creation
# Where the Idempotency-Keys no player key scopes are reserved, whatever the
# endpoint (a game's or a player's creation, an anonymous join): one key, one
# request, so another endpoint's use of it is 422 `idempotency_key_reused`.
UNSCOPED = "unscoped"
# An Idempotency-Key that no secret scopes (creating a player, or a game or a
# seat without a player key) is at least this long: it is all that stands
# between another client and the first answer, the secret it carries included.
UNSCOPED_KEY_MIN_LENGTH = 16


@dataclass(frozen=True, slots=True)
class Idempotency:
    key: str
    # The whole request, canonical: method, route, its parameters and body. A
    # retry must repeat it all; the seat or player is the key's scope.
    request: str
    body: str  # the body alone, canonical: what an earlier release's replies compared

    @property
    def digest(self) -> str:
        raw = hashlib.sha256(self.request.encode()).digest()[:12]
        return base64.urlsafe_b64encode(raw).decode()


def same_request(same: bool) -> None:
    """An idempotent retry must repeat its first request whole."""
    if not same:
        reused()


def reused() -> NoReturn:
    raise errors.IdempotencyKeyReused("this Idempotency-Key was used with another request")


def long_enough(idempotency: Idempotency | None, credential: str | None) -> None:
    """An Idempotency-Key that no player key scopes must be long enough that
    nobody else guesses it (UNSCOPED_KEY_MIN_LENGTH)."""
    if idempotency is None or len(idempotency.key) >= UNSCOPED_KEY_MIN_LENGTH:
        return
    if credential is None or not is_player_key(credential):
        raise errors.InvalidIdempotencyKey(
            f"must be at least {UNSCOPED_KEY_MIN_LENGTH} characters unless a player key "
            "is sent (use a random UUID)"
        )


def reserve_ids(
    store: GameStore,
    scope: str,
    owner: str,
    idempotency: Idempotency | None,
    ids: Sequence[str],
) -> tuple[list[str], bool]:
    """The ids a create makes (a wing's: a seek, a tournament), reserved under
    its Idempotency-Key, scoped to `scope` (the wing's, one per kind of
    create) and `owner` (the player whose key it is): this request's own
    and True; or, for a retry, the first request's and False
    (IdempotencyKeyReused when the retry's request is not the first's)."""
    if idempotency is None:
        return list(ids), True
    reserved = store.reserve(
        f"{scope}\n{owner}", idempotency.key, " ".join([idempotency.digest, *ids])
    )
    if reserved is None:
        return list(ids), True
    digest, *first = reserved.split(" ")
    same_request(digest == idempotency.digest)
    return first, False
