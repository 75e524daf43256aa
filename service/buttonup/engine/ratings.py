"""Ratings: a Glicko-2 rating, deviation and volatility per player and per
category of time control, changed by each rated game's result.

The maths is glicko2-py's (`glicko2.math`, pure functions), behind this
module alone: a rated game is one rating period for each of its players, as
lichess rates each game, applied as it ends to both players' ratings at that
moment (the action that ends it carries them: `Match` seats hold them from
then on), so that games played at once rate as they would one after another.
Pure and immutable, like the rest of the engine.

Categories, by a game's time control (docs/api.md, "Ratings"):
- live Fischer clocks, by the game's estimated duration, each player's
  initial time plus 20 increments (about the moves a player makes in a
  15-point game): `blitz` under 8 minutes, `rapid` under 25, `classical`
  beyond;
- `daily`: a clock per move (correspondence);
- `untimed`: no clock.
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING

from glicko2.math.algorithm import update_rating
from glicko2.math.conversions import mu_to_rating, phi_to_rd, rating_to_mu, rd_to_phi

from buttonup.engine.board import PLAYERS, Color, opponent
from buttonup.engine.clock import ClockSettings, ClockType
from buttonup.engine.options import EndReason

if TYPE_CHECKING:
    from buttonup.engine.match import Match

DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
# A rating whose deviation is above this says too little yet: provisional,
# shown with a "?" and kept off the leaderboards (lichess uses 110 too).
PROVISIONAL_DEVIATION = 110.0
# Glicko-2's system constant: how much volatility may change in a game.
TAU = 0.5
# A deviation never falls below this floor (it would take hundreds of games)
# nor rises above the starting one.
MIN_DEVIATION = 30.0
ESTIMATED_MOVES = 20  # a player's moves in a 15-point game, about
BLITZ_SECONDS = 8 * 60
RAPID_SECONDS = 25 * 60


class Category(StrEnum):
    BLITZ = "blitz"
    RAPID = "rapid"
    CLASSICAL = "classical"
    DAILY = "daily"
    UNTIMED = "untimed"


def category_of(clock: ClockSettings | None) -> Category:
    """The category a game's time control rates it in."""
    if clock is None:
        return Category.UNTIMED
    if clock.type is ClockType.PER_MOVE:
        return Category.DAILY
    estimated = clock.initial_seconds + ESTIMATED_MOVES * clock.increment_seconds
    if estimated < BLITZ_SECONDS:
        return Category.BLITZ
    if estimated < RAPID_SECONDS:
        return Category.RAPID
    return Category.CLASSICAL


@dataclass(frozen=True, slots=True)
class Rating:
    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY
    games: int = 0  # rated games played in its category

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL_DEVIATION


def rated(ratings: dict[Color, Rating], winner: Color | None) -> dict[Color, Rating]:
    """Both players' ratings after a rated game between them: `winner` won
    (None: nobody did), each player's game one rating period."""
    return {
        color: rated_against(
            ratings[color],
            ratings[opponent(color)],
            0.5 if winner is None else float(winner is color),
        )
        for color in PLAYERS
    }


def rated_against(own: Rating, other: Rating, score: float) -> Rating:
    """`own` after one rating period with one result against `other`:
    `score` 1 won, 0 lost, 0.5 drawn (a game's side, or an outcome that is
    not a game's: a puzzle solved against the puzzle's rating)."""
    updated = update_rating(
        rating_to_mu(own.rating),
        rd_to_phi(own.deviation),
        own.volatility,
        [(rating_to_mu(other.rating), rd_to_phi(other.deviation), score)],
        tau=TAU,
    )
    return replace(
        own,
        rating=mu_to_rating(updated.mu),
        deviation=min(DEFAULT_DEVIATION, max(MIN_DEVIATION, phi_to_rd(updated.phi))),
        volatility=updated.sigma,
        games=own.games + 1,
    )


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one rated game changes of a player's rating: each part's
    difference, and the game counted."""

    rating: float
    deviation: float
    volatility: float

    def applied(self, current: Rating) -> Rating:
        """`current` after the game: the game's change added. The rating the
        change was worked out from is the player's when the game ended, so
        this is Glicko-2's own result; it differs only when another of the
        player's games was applied between (a process that could not take
        the player's turn to be rated: ratings.service), and is never lost."""
        deviation = min(DEFAULT_DEVIATION, max(MIN_DEVIATION, current.deviation + self.deviation))
        return Rating(
            rating=current.rating + self.rating,
            deviation=deviation,
            volatility=max(0.0, current.volatility + self.volatility),
            games=current.games + 1,
        )


def rates(match: "Match") -> bool:
    """Whether the match's result changes its players' ratings: a rated
    match over, not aborted, each player having moved, both seats rated."""
    if not match.rated or match.end_reason in (None, EndReason.ABORTED):
        return False
    if len(match.moved) < len(PLAYERS):
        return False
    return all(match.seat(color).rating is not None for color in PLAYERS)


def rating_changes(match: "Match") -> dict[Color, RatingChange] | None:
    """Each seat's change by a rated match's result, once it is over, from
    the ratings its seats hold (as it ended); None for an unrated match, one
    not over, one aborted or one a player never moved in (nothing changes)."""
    if not rates(match):
        return None
    before = {color: match.seat(color).rating or Rating() for color in PLAYERS}
    after = rated(before, match.game.winner)
    return {
        color: RatingChange(
            rating=after[color].rating - before[color].rating,
            deviation=after[color].deviation - before[color].deviation,
            volatility=after[color].volatility - before[color].volatility,
        )
        for color in PLAYERS
    }


def shown(rating: float) -> int:
    """A rating as players see it: rounded to a whole number."""
    return round(rating)


def shown_diff(
    ratings: Mapping[Color, Rating], changes: Mapping[Color, RatingChange]
) -> tuple[int, int]:
    """Each seat's change as players see it (red's, black's): the shown
    rating after, less the shown one before."""
    red, black = (
        shown(ratings[color].rating + changes[color].rating) - shown(ratings[color].rating)
        for color in PLAYERS
    )
    return red, black


def rating_diff(match: "Match") -> dict[Color, int] | None:
    """Each seat's rating change once a rated match is over, as players see
    it: the one its end kept (worked out once, as it ended), else (an end
    recorded before it was kept) worked out from the seats' ratings."""
    if match.rating_diff is not None:
        return dict(zip(PLAYERS, match.rating_diff, strict=True))
    changes = rating_changes(match)
    if not changes:
        return None
    ratings = {color: match.seat(color).rating or Rating() for color in PLAYERS}
    return dict(zip(PLAYERS, shown_diff(ratings, changes), strict=True))
