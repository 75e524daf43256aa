"""The consequence of a commit that ends a tournament's game
(games.consequences): the game counted in its players' standings. MARKED:
the game is marked before the commit, and the sweep counts what a process
that died left; counting is once per game however often it runs
(tournaments.result_store). A game ended before each player moved
counts for nobody, and who ended it so is paused, as if they had
withdrawn: a no-show (red or black) or a resignation the stored game
tells, a seat's abort the commit's events (the sweep's count, from the
stored game alone, tells the no-shows).

Tested in tests/tournaments/test_service.py.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from buttonup.kit import Aborted, Color, Commit, Match, Plan, Progress, Status, Survival
from buttonup.tournaments.games import tournament_of
from buttonup.tournaments.service import Tournaments


class TournamentEnds:
    name: ClassVar[str] = "tournaments"
    survival: ClassVar[Survival] = Survival.MARKED
    restamps: ClassVar[bool] = False

    def __init__(self, tournaments: Tournaments) -> None:
        self._tournaments = tournaments

    def plan(self, commit: Commit, changes: Sequence[Progress]) -> Plan | None:
        before = commit.before
        if tournament_of(before) is None or before.status is Status.FINISHED:
            return None  # most commits: at once
        if not changes or changes[-1].match.status is not Status.FINISHED:
            return None
        return _TournamentEnd(self._tournaments, aborted_by(changes))

    def overdue(self, game_id: str, match: Match | None) -> None:
        if match is not None and match.status is Status.FINISHED:
            self._tournaments.count(match)


def aborted_by(changes: Sequence[Progress]) -> Color | None:
    """The seat that called the game off, if one did (an `aborted` event
    of a seat; one of no seat is a first move that never came)."""
    for progress in changes:
        for event in progress.events:
            if isinstance(event, Aborted) and event.color is not None:
                return event.color
    return None


@dataclass(slots=True)
class _TournamentEnd(Plan):
    tournaments: Tournaments
    aborted_by: Color | None

    def follow(self, changes: list[Progress]) -> None:
        self.tournaments.count(changes[-1].match, self.aborted_by)
