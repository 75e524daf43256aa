"""The rules a game is played by: what a variant of Button Up! may change.

The game state carries them (`GameState.rules`), so every part of the engine
that plays, scores, solves or bots reads them from the state it is given.
A rule variant is a field here, an option of the same name and default
(`Options`, which `Options.rules` picks them from), a field of the API's
schema and a member of the API's game: storage keeps the options whole and
gives the state its rules from them. For example, a variant whose round
ends at the sixth move would be `moves_per_round: int = 8` here and in
`Options`, read where a round's end is decided (engine.game), and keyed into
the solver's table where it changes what a round can become.
"""

from dataclasses import dataclass

DEFAULT_TARGET_SCORE = 15
# What a new game, a position or a record may ask for: a game's length, and
# with it a game between two bots, is bounded where it enters (games stored
# before the bound still load).
TARGET_SCORE_RANGE = (1, 100)


@dataclass(frozen=True, slots=True)
class Rules:
    target_score: int = DEFAULT_TARGET_SCORE  # points that win the game

    def __post_init__(self) -> None:
        if self.target_score < 1:
            raise ValueError("target_score must be at least 1")


STANDARD_RULES = Rules()
