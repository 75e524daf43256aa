"""Games in Redis: keys, atomic compare-and-set commits, expiry, the compact
stored form (codec) and the event feed."""

from buttonup.store.connection import connect
from buttonup.store.errors import (
    GameNotFound,
    OutcomeUnknown,
    StorageUnavailable,
    VersionConflict,
)
from buttonup.store.feed import StoredEvent
from buttonup.store.games import GameStore, History, Loaded, Revision
from buttonup.store.ids import hash_token, new_game_id, new_token

__all__ = [
    "GameNotFound",
    "GameStore",
    "History",
    "OutcomeUnknown",
    "Loaded",
    "Revision",
    "StorageUnavailable",
    "StoredEvent",
    "VersionConflict",
    "connect",
    "hash_token",
    "new_game_id",
    "new_token",
]
