"""The use cases on games and players: one pipeline (pipeline) that every
change takes, the commands on it (commands), reads (reads), players
(players), game and player streams, the sweep, and what they all answer
(results). `Games` (service) wires them for the API and the worker."""

from buttonup.games.idempotency import UNSCOPED_KEY_MIN_LENGTH, Idempotency
from buttonup.games.pipeline import MAX_ATTEMPTS
from buttonup.games.reads import REVIEW_ROUNDS_PER_PAGE
from buttonup.games.results import (
    GameAnalysis,
    Happened,
    Heard,
    Leader,
    LobbyPage,
    MyGame,
    MyGamesNow,
    MyGamesPage,
    NewGame,
    NewPlayer,
    NewSeek,
    Outcome,
    PlayerStreamItem,
    PresenceNow,
    RematchOffered,
    Seated,
    SeatPresence,
    SeekPlaced,
    Snapshot,
    StillSeeking,
    StreamItem,
    Timeline,
)
from buttonup.games.service import Games
from buttonup.games.sweep import SWEEP_BATCH

__all__ = [
    "REVIEW_ROUNDS_PER_PAGE",
    "GameAnalysis",
    "Games",
    "Happened",
    "Heard",
    "Idempotency",
    "Leader",
    "LobbyPage",
    "MAX_ATTEMPTS",
    "MyGame",
    "MyGamesNow",
    "MyGamesPage",
    "NewGame",
    "NewSeek",
    "SeekPlaced",
    "NewPlayer",
    "Outcome",
    "PlayerStreamItem",
    "StillSeeking",
    "PresenceNow",
    "RematchOffered",
    "SWEEP_BATCH",
    "SeatPresence",
    "Seated",
    "Snapshot",
    "StreamItem",
    "Timeline",
    "UNSCOPED_KEY_MIN_LENGTH",
]
