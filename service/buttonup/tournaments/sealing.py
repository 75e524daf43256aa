"""What a par-scored tournament keeps from analysis while it runs, so that
a player cannot look up perfect play for deals they will play
(games.ports.Sealing; docs/tournaments.md, "Par scoring"):

- its games' analysis (`GET /v1/games/{id}/analysis`), finished or not,
  until the tournament is over: a pairing's first game's review would be
  perfect play for its second game's deals (403 `hints_disabled`);
- the opening positions of its rounds' deals (the first SEALED_DEALS of
  each round, either player to start), which `POST /v1/analysis` refuses
  until the tournament is over (403 `position_in_play`). A round's are
  sealed before the round is paired, and let go as the tournament ends.

What it does not keep, as for a rated game (games.fair_play): a position a
move or more into a deal, which a player can work out and ask about, or
perfect play from a program of one's own.

Tested in tests/tournaments/test_par.py, tests/e2e/test_tournaments.py.
"""

from collections.abc import Callable

from buttonup.engine import PLAYERS, Match
from buttonup.engine.board import deal_circle
from buttonup.games.fair_play import digest
from buttonup.tournaments.model import TournamentStatus
from buttonup.tournaments.play_store import TournamentPlay
from buttonup.tournaments.store import TournamentStore

# The deals of a round sealed: a game of more rounds than this (rare: games
# played perfectly by both last 9 to 21) has its later deals open.
SEALED_DEALS = 30
# How long a seal lasts at most, should the tournament's end never let it
# go (a process that died there): as long as a finished tournament is kept.
SEAL_MS = 30 * 86_400_000


def deal_digests(seed: int) -> list[str]:
    """The opening positions of a round's first SEALED_DEALS deals, either
    player to start."""
    return [
        digest(deal_circle(seed, number), starter)
        for number in range(1, SEALED_DEALS + 1)
        for starter in PLAYERS
    ]


class TournamentSealing:
    def __init__(
        self, board: TournamentStore, play: TournamentPlay, clock: Callable[[], int]
    ) -> None:
        self._board = board
        self._play = play
        self._clock = clock

    def analysis_sealed(self, match: Match) -> str | None:
        tournament_id = match.options.tournament
        if tournament_id is None:
            return None
        tournament = self._board.load(tournament_id)
        if tournament is None or not tournament.par_scored:
            return None
        if tournament.status is TournamentStatus.FINISHED:
            return None
        return (
            "a game of a tournament scored against perfect play: its analysis opens "
            "when the tournament is over"
        )

    def position_sealed(self, position_digest: str) -> str | None:
        if not self._play.sealed(position_digest, self._clock()):
            return None
        return (
            "this is a deal of a tournament round scored against perfect play: it is "
            "analysed once the tournament is over"
        )
