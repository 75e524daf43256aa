"""Games in Redis, behind one interface (GameStore, store.interface): the
use cases import this package and nothing under it."""

from buttonup.store.connection import connect
from buttonup.store.deadlines import Due
from buttonup.store.errors import (
    ErrorsAs,
    GameNotFound,
    OutcomeUnknown,
    SealBroken,
    StorageFull,
    StorageUnavailable,
    VersionConflict,
)
from buttonup.store.feed import StoredEvent, Subscription, stream_order
from buttonup.store.format1 import EarlierVersion
from buttonup.store.ids import hash_token, new_game_id, new_token
from buttonup.store.interface import GameStore, action_of, player_notice
from buttonup.store.keys import ReplyKey, reply_key
from buttonup.store.marks import Mark
from buttonup.store.player_events import Relay
from buttonup.store.players import is_player_key, player_key_of
from buttonup.store.presence import BEAT_SECONDS, SeatPresence
from buttonup.store.recent import Revision
from buttonup.store.records import AlreadyMade, History, Loaded
from buttonup.store.replies import EarlierReply, Reply, StoredReply

__all__ = [
    "BEAT_SECONDS",
    "AlreadyMade",
    "EarlierReply",
    "EarlierVersion",
    "Reply",
    "ReplyKey",
    "StoredReply",
    "Due",
    "ErrorsAs",
    "GameNotFound",
    "GameStore",
    "SealBroken",
    "History",
    "Loaded",
    "Mark",
    "OutcomeUnknown",
    "Relay",
    "Revision",
    "SeatPresence",
    "StorageFull",
    "StorageUnavailable",
    "StoredEvent",
    "Subscription",
    "VersionConflict",
    "action_of",
    "connect",
    "reply_key",
    "player_notice",
    "hash_token",
    "is_player_key",
    "new_game_id",
    "new_token",
    "player_key_of",
    "stream_order",
]
