"""What changes a match: the actions (each makes one version), and the
`Progress` a command returns: the action, the match it made, the events it
produced. Storage keeps the actions; streams and notices take the events.

Tested in tests/engine/test_match.py, tests/store/test_codec.py.
"""

from dataclasses import dataclass
from typing import TYPE_CHECKING

from buttonup.engine.board import Color
from buttonup.engine.events import Event
from buttonup.engine.options import UnratedReason
from buttonup.engine.ratings import Rating
from buttonup.engine.review import GameReview

# A rated game's end: both players' ratings (red's, black's) as it ended,
# which its result is applied to (engine.ratings). Set on the action that
# ends a rated game, by whoever commits it (the ratings wing: ratings.ends); None elsewhere.
RatedFrom = tuple[Rating, Rating] | None
# With them, the change each rating takes as players see it (red's,
# black's), worked out once as the game ends (engine.ratings.shown_diff)
# and kept with it; None on an end recorded before it was kept.
RatingDiff = tuple[int, int] | None
# A rated game's end: its exact review (engine.review), worked out once as
# it ends and kept with it, as the ratings are (games.reviews); None elsewhere.
Reviewed = GameReview | None

if TYPE_CHECKING:
    from buttonup.engine.match import Match


@dataclass(frozen=True, slots=True)
class Join:
    color: Color
    name: str | None
    token_sha256: str
    at: int  # milliseconds since the epoch
    player_id: str | None = None  # a player's seat; None: an anonymous one
    rating: Rating | None = None  # a rated game's: the player's rating as they join
    # A rated game's join that makes it unrated, and why (engine.ratings)
    unrated: UnratedReason | None = None
    bot_account: bool = False  # the player is a bot account (engine.player)


@dataclass(frozen=True, slots=True)
class Play:
    position: int  # for the player to move
    at: int
    rated_from: RatedFrom = None
    rating_diff: RatingDiff = None
    review: Reviewed = None


@dataclass(frozen=True, slots=True)
class Resign:
    color: Color
    at: int
    rated_from: RatedFrom = None
    rating_diff: RatingDiff = None
    review: Reviewed = None


@dataclass(frozen=True, slots=True)
class Abort:
    color: Color
    at: int


@dataclass(frozen=True, slots=True)
class TimeOut:
    """The running clock reached zero; `at` is that instant (the deadline)."""

    at: int
    rated_from: RatedFrom = None
    rating_diff: RatingDiff = None
    review: Reviewed = None


@dataclass(frozen=True, slots=True)
class Claim:
    """`color` claims the game its absent opponent abandoned."""

    color: Color
    at: int
    rated_from: RatedFrom = None
    rating_diff: RatingDiff = None
    review: Reviewed = None


@dataclass(frozen=True, slots=True)
class OfferRematch:
    """After the end, `color` asks for another game."""

    color: Color
    at: int


@dataclass(frozen=True, slots=True)
class AcceptRematch:
    """`color` asks for another game that the other seat asked for already
    (or that a bot seat agrees to at once): `game_id` is that game."""

    color: Color
    game_id: str
    at: int


@dataclass(frozen=True, slots=True)
class Berserk:
    """`color` goes berserk before their first move (engine.clock)."""

    color: Color
    at: int


Action = Join | Play | Resign | Abort | TimeOut | Claim | OfferRematch | AcceptRematch | Berserk


@dataclass(frozen=True, slots=True)
class Progress:
    """One version of a match: the action that made it, the match it is, and
    what happened (the domain events, in order)."""

    action: Action
    match: "Match"
    events: list[Event]
