"""The key scheme. Every key of one game carries the hash tag {<id>} so that
they all share one Redis Cluster slot and one Lua call can change them
together:
- `game`: the stored form (store.codec, format 2); a game written by format 1
  is a hash with `record` until its next change upgrades it;
- `events`: a stream, one small entry per version (its log entry), that
  watchers block on; it expires soon after the game is over;
- `replies`: a hash of what idempotent moves answered, as references;
- `presence`: who is connected (store.presence);
- `moves`: only in games written by format 1: their moves until the upgrade.

Beside the games: the lobby, the deadline index (store.deadlines), the
deployment's secret (store.derived) and the players' keys (store.players,
store.player_games, store.player_events).

Tested in tests/store/test_games_store.py.
"""

import base64
import hashlib
from typing import NamedTuple

LOBBY_KEY = "buttonup:lobby"
# On one Redis, every write to a game's stream rings this doorbell (an entry
# naming the stream, in the same call), so that the games' feed waits on the
# doorbell and reads only the streams rung (store.feed), not every game its
# process watches. None on a cluster, where it would be a slot of its own.
GAMES_DOORBELL_KEY = "buttonup:games:doorbell"
# The deployment's secret (store.derived), made by the first process that
# needs it; no expiry.


def key_of(game_id: str, part: str) -> str:
    return f"buttonup:{{{game_id}}}:{part}"


def game_key(game_id: str) -> str:
    return key_of(game_id, "game")


def events_key(game_id: str) -> str:
    return key_of(game_id, "events")


def replies_key(game_id: str) -> str:
    return key_of(game_id, "replies")


def presence_key(game_id: str) -> str:
    return key_of(game_id, "presence")


def moves_key(game_id: str) -> str:
    """Format 1's move list."""
    return key_of(game_id, "moves")


def reply_field(scope: str, idempotency_key: str) -> str:
    """Where a game's `replies` hash keeps an idempotent request's reply."""
    digest = hashlib.sha256(idempotency_key.encode()).digest()[:12]
    return f"{scope}:{base64.urlsafe_b64encode(digest).decode()}"


class ReplyKey(NamedTuple):
    """An idempotent request's key in its scope (a seat's colour, a join's
    scope), and the field of the game's `replies` hash its reply is kept in."""

    field: str
    scope: str
    idempotency_key: str


def reply_key(scope: str, idempotency_key: str) -> ReplyKey:
    return ReplyKey(reply_field(scope, idempotency_key), scope, idempotency_key)


def format1_reply_key(game_id: str, scope: str, idempotency_key: str) -> str:
    """Where format 1 kept a reply (for a day): still honoured after the upgrade."""
    digest = hashlib.sha256(idempotency_key.encode()).hexdigest()
    return key_of(game_id, f"reply:{scope}:{digest}")


def format1_create_reply_key(idempotency_key: str) -> str:
    """Where format 1 kept a create's reply (for a day)."""
    digest = hashlib.sha256(idempotency_key.encode()).hexdigest()
    return f"buttonup:create-reply:{{{digest}}}"
