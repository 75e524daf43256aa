"""The game of Button Up!, pure Python: no Flask, no Redis, no I/O."""

from buttonup.engine.board import (
    BOARD_SIZE,
    PLAYERS,
    Circle,
    Color,
    SowResult,
    Stack,
    deal_circle,
    legal_moves,
    opponent,
    sow,
    sow_unchecked,
    strengths,
)
from buttonup.engine.bots import BOT_NAMES, BotLevel, choose_move
from buttonup.engine.errors import GameOver, IllegalMove, NotYourTurn, RulesError
from buttonup.engine.game import (
    DEFAULT_TARGET_SCORE,
    GameState,
    MoveOutcome,
    RoundResult,
    RoundState,
    Tally,
)
from buttonup.engine.randomness import SeededDraws

__all__ = [
    "BOARD_SIZE",
    "BOT_NAMES",
    "BotLevel",
    "choose_move",
    "DEFAULT_TARGET_SCORE",
    "PLAYERS",
    "Circle",
    "Color",
    "GameOver",
    "GameState",
    "IllegalMove",
    "MoveOutcome",
    "NotYourTurn",
    "RoundResult",
    "RoundState",
    "RulesError",
    "SeededDraws",
    "SowResult",
    "Stack",
    "Tally",
    "deal_circle",
    "legal_moves",
    "opponent",
    "sow",
    "sow_unchecked",
    "strengths",
]
