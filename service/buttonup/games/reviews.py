"""The exact review of finished rated games (engine.review), worked out once
as a rated game ends: the action that ends it is restamped with the review
before it is stored (as its ratings are), so the Game, its `game_over`, its
record and its replay all carry the same figures; after the commit, each
player's figures are kept with their recent reviewed games (store.reviews)
and their fair-play flag looked at again (games.flags). MARKED: the sweep
keeps what a process that died left, from the game as stored.

The review shown with a game is a surface of the fair-play gate
(games.fair_play, GAME_REVIEW), asked once as the game ends: a game whose
analysis a wing keeps closed (a par tournament's, until it is over), or one
of whose positions a protected game stands at, does not carry its review.
Its players' figures are kept all the same, and its analysis shows every
move's loss once it opens.

Tested in tests/games/test_reviews.py, tests/e2e/test_fair_play_review.py.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from buttonup.engine import PLAYERS, Match, Status
from buttonup.engine.actions import Progress
from buttonup.engine.events import Moved
from buttonup.engine.ratings import rates
from buttonup.engine.review import (
    GameReview,
    JudgedMove,
    SeatReview,
    judge_moves,
    review_of,
    round_openings,
)
from buttonup.games.consequences import Commit, Plan, Survival, restamped_end
from buttonup.games.fair_play import FairPlay
from buttonup.games.flags import Flags
from buttonup.games.results import Timeline
from buttonup.slices import every_slice
from buttonup.store import GameStore

# The games a player's profile sums.
PROFILE_GAMES = 50


def reviewed_end(before: Match, changes: Sequence[Progress]) -> Progress | None:
    """The change among `changes` that ends a rated game with a result."""
    if not before.options.rated or before.status is Status.FINISHED:  # most commits: at once
        return None
    for progress in changes:
        if progress.match.status is Status.FINISHED:
            return progress if rates(progress.match) else None
    return None


def with_review(before: Match, changes: list[Progress], review: GameReview) -> list[Progress]:
    """`changes`, the action that ends the game carrying its review."""
    return restamped_end(
        before,
        changes,
        lambda end: replace(end.action, review=review),  # type: ignore[arg-type]  # an ending action
    )


class Reviews:
    def __init__(self, store: GameStore, timeline: Callable[[str], Timeline], flags: Flags) -> None:
        self._store = store
        self._timeline = timeline
        self.flags = flags

    def review(
        self, before: Match, changes: Sequence[Progress], created: bool
    ) -> tuple[GameReview, list[JudgedMove]]:
        """The review of the game `changes` end, from every move it made,
        and those moves judged."""
        stored = [] if created else self._timeline(before.id).moves()
        moves = [event.outcome for event in stored]
        moves += [
            event.outcome
            for progress in changes
            for event in progress.events
            if isinstance(event, Moved)
        ]
        ended = changes[-1].match
        judged = judge_moves(round_openings(ended.game), moves, pause=every_slice())
        return review_of(judged), judged

    def kept(self, match: Match, review: GameReview | None = None) -> None:
        """Each player's figures kept (the match's review, or `review` where
        the match carries none), and their flag looked at again."""
        review = review or match.review
        if review is None or match.ended_at is None:
            return
        for color in PLAYERS:
            player_id = match.seat(color).player_id
            if player_id is not None:
                self._store.reviews.record(player_id, match.id, match.ended_at, review[color])
                self.flags.look_at(player_id)

    def summary(self, player_id: str) -> tuple[int, SeatReview]:
        """How many of the player's last PROFILE_GAMES rated games were
        reviewed, and their figures summed."""
        games = self._store.reviews.recent(player_id, PROFILE_GAMES)
        total = SeatReview()
        for _, seat in games:
            total = total.plus(seat)
        return len(games), total


class Reviewed:
    """The consequence (games.consequences): see the module's docstring."""

    name: ClassVar[str] = "review"
    survival: ClassVar[Survival] = Survival.MARKED
    restamps: ClassVar[bool] = True

    def __init__(self, reviews: Reviews, fair_play: FairPlay) -> None:
        self._reviews = reviews
        self._fair_play = fair_play

    def plan(self, commit: Commit, changes: Sequence[Progress]) -> Plan | None:
        if not commit.before.options.rated:  # most commits: at once
            return None
        end = reviewed_end(commit.before, changes)
        if end is None:
            return None
        return _Review(self._reviews, self._fair_play, commit.before, commit.created, end.match)

    def overdue(self, game_id: str, match: Match | None) -> None:
        if match is not None and match.status is Status.FINISHED:
            self._reviews.kept(match)  # a sealed game's review is not kept with it: lost


@dataclass(slots=True)
class _Review(Plan):
    reviews: Reviews
    fair_play: FairPlay
    before: Match
    created: bool
    ended: Match
    review: GameReview | None = None

    def prepare(self, changes: list[Progress]) -> list[Progress]:
        self.review, judged = self.reviews.review(self.before, changes, self.created)
        asked = [(move.played_from, move.player) for move in judged]
        if not self.fair_play.review_shown(self.ended, asked):
            return changes  # kept for its players only
        return with_review(self.before, changes, self.review)

    def follow(self, changes: list[Progress]) -> None:
        ended = next(p.match for p in changes if p.match.status is Status.FINISHED)
        self.reviews.kept(ended, self.review)
