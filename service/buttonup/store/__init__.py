"""Game records in Redis: keys, atomic compare-and-set commits, expiry."""

from buttonup.store.connection import connect
from buttonup.store.errors import GameNotFound, StorageUnavailable, VersionConflict
from buttonup.store.feed import StoredEvent
from buttonup.store.games import GameStore, Loaded, NewEvent, StoredReply
from buttonup.store.records import GameRecord, Seat, new_game_id

__all__ = [
    "GameNotFound",
    "GameRecord",
    "GameStore",
    "Loaded",
    "NewEvent",
    "Seat",
    "StorageUnavailable",
    "StoredEvent",
    "StoredReply",
    "VersionConflict",
    "connect",
    "new_game_id",
]
