"""The consequence of a commit that ends a rated game (games.consequences):
both players' turns held while it is made, the ending action restamped with
their ratings as it ends (so the change is worked out once, from them, and
stored with the game), each player's change applied after it. MARKED: the
game is marked before the commit, and the sweep applies what a process
that died left; each player's next rated game applies it first too."""

from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from typing import ClassVar

from buttonup.kit import (
    Action,
    Color,
    Commit,
    GameStore,
    Match,
    Plan,
    Progress,
    Rating,
    RatingChange,
    Status,
    Survival,
    rates,
    rating_changes,
    restamped_end,
    shown_diff,
)
from buttonup.ratings.model import players_of
from buttonup.ratings.service import Ratings
from buttonup.ratings.store import RatingStore


def ends_rated(before: Match, changes: Sequence[Progress]) -> Match | None:
    """The version among `changes` that ends a rated game with a result, if any."""
    if not before.options.rated or before.status is Status.FINISHED:  # most commits: at once
        return None
    for progress in changes:
        if progress.match.status is Status.FINISHED:
            return progress.match if rates(progress.match) else None
    return None


def rated_at_end(
    before: Match, changes: Sequence[Progress], ratings: dict[Color, Rating]
) -> tuple[list[Progress], dict[Color, RatingChange]]:
    """`changes` (after `before`), the action that ends the rated game
    carrying both players' `ratings` as it ends and the change as shown
    (engine.transitions), and each player's change: worked out here, once."""
    worked_out: dict[Color, RatingChange] = {}

    def rated(end: Progress) -> Action:
        ended = end.match
        red = replace(ended.red, rating=ratings[Color.RED])
        black = replace(ended.black, rating=ratings[Color.BLACK])
        worked_out.update(rating_changes(replace(ended, red=red, black=black)) or {})
        ends = (ratings[Color.RED], ratings[Color.BLACK])
        diff = shown_diff(ratings, worked_out) if worked_out else None
        return replace(end.action, rated_from=ends, rating_diff=diff)  # type: ignore[arg-type]

    return restamped_end(before, changes, rated), worked_out


class RatedEnds:
    """The consequence (games.consequences) of a commit that ends a rated
    game: both players' turns held while it is made, the ending action
    restamped with their ratings as it ends, each player's change applied
    after it. MARKED: the sweep applies what a process left."""

    name: ClassVar[str] = "ratings"
    survival: ClassVar[Survival] = Survival.MARKED
    restamps: ClassVar[bool] = True

    def __init__(self, ratings: Ratings, board: RatingStore) -> None:
        self._ratings = ratings
        self._board = board

    def plan(self, commit: Commit, changes: Sequence[Progress]) -> Plan | None:
        if not commit.before.options.rated:  # most commits: at once
            return None
        ended = ends_rated(commit.before, changes)
        if ended is None:
            return None
        return _RatedEnd(self._ratings, self._board, commit.before, ended)

    def overdue(self, game_id: str, match: Match | None) -> None:
        if match is None:
            return  # gone: its players' unsettled entries lapse with it
        if match.status is Status.FINISHED:
            self._ratings.apply(match)
        else:  # its end never landed
            self._board.forget_unsettled(match.id, players_of(match))


@dataclass(slots=True)
class _RatedEnd(Plan):
    ratings: Ratings
    board: RatingStore
    before: Match
    ended: Match
    held: ExitStack = field(default_factory=ExitStack)
    worked_out: dict[Color, RatingChange] = field(default_factory=dict)

    def prepare(self, changes: list[Progress]) -> list[Progress]:
        at_end = self.held.enter_context(self.ratings.ending(self.ended))
        changes, self.worked_out = rated_at_end(self.before, changes, at_end)
        # their next rated game applies it first, if need be
        self.board.expect(self.before.id, players_of(self.ended))
        return changes

    def follow(self, changes: list[Progress]) -> None:
        # The same end, rated from the ratings it carries: found, not worked out again.
        ended = next(p.match for p in changes if p.match.status is Status.FINISHED)
        self.ratings.apply(ended, self.worked_out)

    def close(self) -> None:
        self.held.close()


LEGACY_BATCH = 100


def carry_over_legacy_marks(store: GameStore, board: RatingStore) -> int:
    """After each sweep: the rated ends an earlier release marked in a set of
    its own, marked again as the consequence's (with the time they were
    marked), so that the sweep applies them. Marked before forgotten: a
    process that dies between marks one again, which changes nothing."""
    pending = board.legacy_pending(LEGACY_BATCH)
    for game_id, at in pending:
        store.mark([RatedEnds.name], game_id, at)
    board.forget_legacy([game_id for game_id, _ in pending])
    return len(pending)
