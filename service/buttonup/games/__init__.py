"""The use cases on games and players: one pipeline (pipeline) that every
change takes, what follows a commit (consequences), the commands on it
(commands), reads (reads), players (players), game and player streams, the
sweep, the ports a wing fills (ports), and what they all answer (results).
`Games` (service) wires them for the API, the worker and the wings."""

from buttonup.games.idempotency import UNSCOPED_KEY_MIN_LENGTH, Idempotency
from buttonup.games.pipeline import MAX_ATTEMPTS
from buttonup.games.reads import REVIEW_ROUNDS_PER_PAGE
from buttonup.games.results import (
    GameAnalysis,
    Happened,
    Heard,
    LobbyPage,
    MyGame,
    MyGamesNow,
    MyGamesPage,
    NewGame,
    NewPlayer,
    Outcome,
    PaddedKeepAlive,
    PlayerStreamItem,
    PresenceNow,
    RematchOffered,
    Seated,
    SeatPresence,
    Snapshot,
    StreamItem,
    Timeline,
    Told,
)
from buttonup.games.service import Games
from buttonup.games.sweep import SWEEP_BATCH
from buttonup.games.upkeep import BEAT_SECONDS

__all__ = [
    "BEAT_SECONDS",
    "REVIEW_ROUNDS_PER_PAGE",
    "GameAnalysis",
    "Games",
    "Happened",
    "Heard",
    "Idempotency",
    "LobbyPage",
    "MAX_ATTEMPTS",
    "MyGame",
    "MyGamesNow",
    "MyGamesPage",
    "NewGame",
    "NewPlayer",
    "Outcome",
    "PlayerStreamItem",
    "PaddedKeepAlive",
    "PresenceNow",
    "RematchOffered",
    "SWEEP_BATCH",
    "SeatPresence",
    "Seated",
    "Snapshot",
    "StreamItem",
    "Timeline",
    "Told",
    "UNSCOPED_KEY_MIN_LENGTH",
]
