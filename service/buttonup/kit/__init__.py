"""The kit: all a wing (ratings, seeks, tournaments: a feature beside the
games, one folder) may use of the core's model, use cases and store. A
wing's edge (its routes, views and schemas) uses `buttonup.kit.http` too.
Nothing else of the core is a wing's to import (tests/test_layout.py): a
change inside the core that keeps these names costs the wings nothing.

What each name does is tested where it is defined; that the wings import
the kit and themselves alone, in tests/test_layout.py.
"""

from buttonup import errors
from buttonup.config import Settings, WingSetting
from buttonup.engine import PLAYERS, Color, Match, Options, Origin, Status, opponent
from buttonup.engine.actions import Action, Progress
from buttonup.engine.board import BOARD_SIZE, Circle, deal_circle, legal_moves, sow
from buttonup.engine.clock import ClockSettings
from buttonup.engine.events import Aborted, Moved
from buttonup.engine.game import GameState, MoveOutcome
from buttonup.engine.notation import circle_text, read_position, write_position
from buttonup.engine.options import EndReason, UnratedReason, Visibility
from buttonup.engine.player import Player
from buttonup.engine.ratings import (
    Category,
    Rating,
    RatingChange,
    category_of,
    rated_against,
    rates,
    rating_changes,
    shown_diff,
)
from buttonup.engine.review import SeatReview, round_openings
from buttonup.engine.rules import DEFAULT_TARGET_SCORE, TARGET_SCORE_RANGE
from buttonup.engine.solver import best_moves, move_margins, position_value
from buttonup.errors import GameError, InvalidField
from buttonup.games import BEAT_SECONDS, Games
from buttonup.games.consequences import Commit, Plan, Survival, restamped_end
from buttonup.games.credentials import named_player, player_of
from buttonup.games.fair_play import Surface, digest
from buttonup.games.flags import Flags
from buttonup.games.hooks import Hooks, Timer
from buttonup.games.idempotency import Idempotency, reserve_ids, same_request
from buttonup.games.pairing import PairedPlayer, Pairings
from buttonup.games.pipeline import Pipeline
from buttonup.games.ports import Held, Ports, RatedResult, ResultRating, StoredRatings
from buttonup.games.reviews import Reviews
from buttonup.games.upkeep import Nudge
from buttonup.kit.manifest import (
    Attached,
    Board,
    BoardPage,
    InboxNotice,
    Manifest,
    OriginField,
    Problem,
    Routes,
    board_of,
    words_of,
)
from buttonup.slices import every_slice, let_others_run, side_by_side, sleep_aside
from buttonup.store import (
    GameNotFound,
    GameStore,
    SealBroken,
    StorageUnavailable,
    StoredEvent,
    new_game_id,
)
from buttonup.store.codec import decode_rating, encode_rating
from buttonup.store.connection import STORAGE_ERRORS, Client
from buttonup.store.players import record_key
from buttonup.store.positions import PositionsInPlay
from buttonup.store.scripts import LuaScript, lua_source
from buttonup.store.settling import local_ms

__all__ = [
    # What a wing adds, declared in one place and installed by the core.
    "Attached",
    "Board",
    "BoardPage",
    "Hooks",
    "InboxNotice",
    "Manifest",
    "OriginField",
    "Problem",
    "Routes",
    "Timer",
    "Nudge",
    "board_of",
    "words_of",
    # The game and the match (engine): what a wing reads of a game, and the
    # options it makes one with.
    "BOARD_SIZE",
    "PLAYERS",
    "Aborted",
    "Moved",
    "Action",
    "Circle",
    "ClockSettings",
    "Color",
    "EndReason",
    "GameState",
    "Match",
    "MoveOutcome",
    "Options",
    "Origin",
    "Progress",
    "Status",
    "UnratedReason",
    "Visibility",
    "DEFAULT_TARGET_SCORE",
    "TARGET_SCORE_RANGE",
    "deal_circle",
    "legal_moves",
    "circle_text",
    "read_position",
    "write_position",
    "opponent",
    "sow",
    # Players, their ratings and reviews (engine).
    "Category",
    "Player",
    "Rating",
    "RatingChange",
    "SeatReview",
    "category_of",
    "rated_against",
    "rates",
    "rating_changes",
    "round_openings",
    "shown_diff",
    # Perfect play (engine.solver), the fair-play gate's digest of a
    # position and the surfaces it is asked for (Pipeline.fair_play).
    "Surface",
    "digest",
    "best_moves",
    "move_margins",
    "position_value",
    # The use cases: the games, their one pipeline, the ports a wing fills,
    # the consequences of a commit it registers, pairing into new games.
    "BEAT_SECONDS",
    "Commit",
    "Flags",
    "Games",
    "Held",
    "PairedPlayer",
    "Pairings",
    "Pipeline",
    "Plan",
    "Ports",
    "RatedResult",
    "ResultRating",
    "Reviews",
    "StoredRatings",
    "Survival",
    "named_player",
    "player_of",
    "restamped_end",
    # Idempotent creates, shared by the wings: their ids reserved under the key.
    "Idempotency",
    "reserve_ids",
    "same_request",
    # Long work in slices, and side by side.
    "every_slice",
    "let_others_run",
    "sleep_aside",
    "side_by_side",
    # The store: its client, Lua scripts, codecs and failures.
    "STORAGE_ERRORS",
    "Client",
    "GameNotFound",
    "GameStore",
    "LuaScript",
    "PositionsInPlay",
    "SealBroken",
    "StorageUnavailable",
    "StoredEvent",
    "decode_rating",
    "encode_rating",
    "local_ms",
    "lua_source",
    "new_game_id",
    "record_key",
    # The deployment's settings; the core's refusals, and the bases of a
    # wing's own (declared in its manifest's problems).
    "GameError",
    "InvalidField",
    "Settings",
    "WingSetting",
    "errors",
]
