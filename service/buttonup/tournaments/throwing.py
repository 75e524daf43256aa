"""Throwing (docs/tournaments.md, "Played games"): a player whose losses in
a tournament gave away far more points than a random mover's would have,
judged exactly by the solver, move by move, as the fair-play review judges
them (engine.review).

For each of the loser's moves whose choice mattered, a random mover's loss
(the best move's margin minus the move's) has a mean and a variance over
the legal moves. Summed over the player's lost games in the tournament
(ThrowFigures), they say what a random mover would have given away and how
widely; one game holds too few choices to tell, a few games do. A player
whose losses gave away more than that mean plus THROW_SIGMAS of its spread,
over THROW_MIN_MOVES such moves at least, throws: a random mover lands
there about once in 30,000 tries, a player trying to win never; each such
loss counts for nobody. Pure: the game's rounds and moves passed in.

Tested in tests/tournaments/test_throwing.py.
"""

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from buttonup.kit import Circle, Color, MoveOutcome, move_margins, sow

THROW_SIGMAS = 4.0
THROW_MIN_MOVES = 12


@dataclass(frozen=True, slots=True)
class ThrowFigures:
    """A loser's moves that mattered: the points they gave away, and a random
    mover's expected loss over the same choices and its variance."""

    mattered: int = 0
    given: float = 0.0
    expected: float = 0.0
    variance: float = 0.0

    def plus(self, other: "ThrowFigures") -> "ThrowFigures":
        return ThrowFigures(
            self.mattered + other.mattered,
            self.given + other.given,
            self.expected + other.expected,
            self.variance + other.variance,
        )

    @property
    def thrown(self) -> bool:
        if self.mattered < THROW_MIN_MOVES:
            return False
        return self.given > self.expected + THROW_SIGMAS * math.sqrt(self.variance)


def figures_of(
    openings: Mapping[int, Circle],
    moves: Sequence[MoveOutcome],
    loser: Color,
    pause: Callable[[], None] = lambda: None,
) -> ThrowFigures:
    """`loser`'s figures in the game these moves made (its rounds' opening
    circles by number, as engine.review.round_openings gives them); `pause`
    is called between rounds (about 10 ms of solving a 40-move game)."""
    figures = ThrowFigures()
    circle: Circle = ()
    current_round = None
    for move in moves:
        if move.round != current_round:
            if current_round is not None:
                pause()
            current_round, circle = move.round, openings[move.round]
        if move.player is loser:
            margins = move_margins(circle, move.player)
            best = max(margins.values())
            losses = [best - margin for margin in margins.values()]
            mean = sum(losses) / len(losses)
            variance = sum((loss - mean) ** 2 for loss in losses) / len(losses)
            if variance > 0:  # the choice mattered
                given = best - margins[move.position]
                figures = figures.plus(ThrowFigures(1, given, mean, variance))
        circle = sow(circle, move.position).circle
    return figures
