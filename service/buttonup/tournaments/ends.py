"""The consequence of a commit that ends a tournament's game
(games.consequences): the game counted in its players' standings. MARKED:
the game is marked before the commit, and the sweep counts what a process
that died left; counting is once per game however often it runs
(tournaments.store, result.lua).

Tested in tests/tournaments/test_service.py.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from buttonup.engine import Match, Status
from buttonup.engine.actions import Progress
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
        return _TournamentEnd(self._tournaments)

    def overdue(self, game_id: str, match: Match | None) -> None:
        if match is not None and match.status is Status.FINISHED:
            self._tournaments.count(match)


@dataclass(slots=True)
class _TournamentEnd(Plan):
    tournaments: Tournaments

    def follow(self, changes: list[Progress]) -> None:
        self.tournaments.count(changes[-1].match)
