"""A player's inbox: notices the wings send a player (a challenge, a
tournament's call), appended to the player's own stream among their games'
notices (store.player_events), so one connection hears both, in order, and
resumes both with one `Last-Event-ID`. A notice that stands until answered
(a pending challenge) is also kept under a key of the wing's, for a stream
opened afresh, until the wing withdraws it or it lapses with the player's
stream.

Bounded per player: the stream keeps about EVENTS_KEPT entries of all
kinds; at most STANDING_KEPT notices stand at once (a wing asked for one
more is told it does not stand).

Tested in tests/store/test_inbox.py, tests/e2e/test_inbox.py.
"""

from typing import NamedTuple

import orjson

from buttonup.store.connection import Client
from buttonup.store.feed import stream_order
from buttonup.store.player_events import DOORBELL_KEPT, EVENTS_KEPT, events_key
from buttonup.store.scripts import LuaScript, lua_source

STANDING_KEPT = 50
_TELL = lua_source("tell", DOORBELL_KEPT=DOORBELL_KEPT)


def standing_key(player_id: str) -> str:
    return f"buttonup:{{player:{player_id}}}:standing"


class Standing(NamedTuple):
    """A notice that stands: where it was told, its name and its data (JSON)."""

    position: str
    name: str
    data: str


class PlayerInbox:
    """Every method raises the store's own errors (store.errors)."""

    def __init__(self, client: Client, ttl_ms: int, doorbell: str | None) -> None:
        self._redis = client
        self._ttl_ms = ttl_ms
        self._doorbell = doorbell
        self._tell = LuaScript(client, _TELL)

    def tell(self, player_id: str, name: str, data: bytes, stands: str | None) -> tuple[str, bool]:
        """Append the notice to the player's stream (its position), keeping it
        under `stands` if given; whether it stands."""
        keys = [events_key(player_id), standing_key(player_id)]
        if self._doorbell is not None:
            keys.append(self._doorbell)
        position, kept = self._tell(
            keys,
            [
                name,
                data,
                stands or "",
                EVENTS_KEPT,
                self._ttl_ms,
                STANDING_KEPT,
                "1" if self._doorbell is not None else "0",
            ],
        )
        return position.decode(), bool(kept)

    def withdraw(self, player_id: str, stands: str) -> bool:
        """The notice under `stands` no longer stands; whether one did."""
        return bool(self._redis.hdel(standing_key(player_id), stands))

    def standing(self, player_id: str) -> list[Standing]:
        """The notices that stand, oldest first."""
        found = self._redis.hgetall(standing_key(player_id))
        notices = [Standing(*orjson.loads(value)) for value in found.values()]
        return sorted(notices, key=lambda notice: stream_order(notice.position))
