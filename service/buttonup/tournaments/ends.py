"""The consequence of a commit that ends a tournament's game
(games.consequences): the game counted in its players' standings. MARKED:
the game is marked before the commit, and the sweep counts what a process
that died left; counting is once per game however often it runs
(tournaments.store, result.lua). A player whose first move never came is
paused, as if they had withdrawn, so that nobody is paired again and again
with someone who is not there (the sweep's count, from the stored game
alone, cannot tell them and pauses nobody).

Tested in tests/tournaments/test_service.py.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from buttonup.engine import Match, Status
from buttonup.engine.actions import Progress
from buttonup.engine.events import Aborted
from buttonup.games.consequences import Commit, Plan, Survival
from buttonup.tournaments.service import Tournaments


class TournamentEnds:
    name: ClassVar[str] = "tournaments"
    survival: ClassVar[Survival] = Survival.MARKED
    restamps: ClassVar[bool] = False

    def __init__(self, tournaments: Tournaments) -> None:
        self._tournaments = tournaments

    def plan(self, commit: Commit, changes: Sequence[Progress]) -> Plan | None:
        before = commit.before
        if before.options.tournament is None or before.status is Status.FINISHED:
            return None  # most commits: at once
        if not changes or changes[-1].match.status is not Status.FINISHED:
            return None
        return _TournamentEnd(self._tournaments, no_show(before, changes))

    def overdue(self, game_id: str, match: Match | None) -> None:
        if match is not None and match.status is Status.FINISHED:
            self._tournaments.count(match)


def no_show(before: Match, changes: Sequence[Progress]) -> str | None:
    """The player whose first move never came: the game was aborted as
    their clock ran out (an `aborted` event of no seat), they were to move."""
    for progress in changes:
        for event in progress.events:
            to_move = before.game.to_move
            if isinstance(event, Aborted) and event.color is None and to_move is not None:
                return before.seat(to_move).player_id
    return None


@dataclass(slots=True)
class _TournamentEnd(Plan):
    tournaments: Tournaments
    no_show: str | None

    def follow(self, changes: list[Progress]) -> None:
        self.tournaments.count(changes[-1].match, self.no_show)
