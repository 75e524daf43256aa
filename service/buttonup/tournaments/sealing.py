"""What a par-scored tournament keeps from analysis while it runs, so that
a player cannot look up perfect play for deals they will play
(games.ports.Sealing; docs/tournaments.md, "Par scoring"):

- its games' analysis (`GET /v1/games/{id}/analysis`), finished or not,
  until the tournament is over: a pairing's first game's review would be
  perfect play for its second game's deals (403 `hints_disabled`);
- the opening positions of its rounds' deals (the first SEALED_DEALS of
  each round, either player to start), sealed before the round is paired,
  and every position its games reach, as each game reaches it: the
  fair-play gate (games.fair_play) refuses them, in any of their forms, on
  every surface until the tournament is over (403 `position_in_play`), and
  they are let go as it ends.

What it does not keep, as for a rated game: a position none of its games
reached, which a player can work out from a deal, or perfect play from a
program of one's own.

Tested in tests/tournaments/test_par.py, tests/e2e/test_tournaments.py.
"""

from collections.abc import Callable

from buttonup.kit import PLAYERS, Match, PositionsInPlay, deal_circle, digest, let_others_run
from buttonup.tournaments.games import tournament_of
from buttonup.tournaments.model import TournamentStatus
from buttonup.tournaments.play_store import TournamentPlay
from buttonup.tournaments.store import TournamentStore

# The deals of a round sealed: a game of more rounds than this (rare: games
# played perfectly by both last 9 to 21) has its later deals open.
SEALED_DEALS = 30
# How long a seal lasts at most, should the tournament's end never let it
# go (a process that died there): as long as a finished tournament is kept.
SEAL_MS = 30 * 86_400_000
# The keepers' kind in the gate's index (store.positions): `tournament:<id>`.
KEEPER_KIND = "tournament"
# Digests let go a round trip at a time as a tournament ends.
LET_GO_BATCH = 500
# Tournaments whose scoring this process knows (it never changes).
_KNOWN_SCORING = 10_000


def keeper(tournament_id: str) -> str:
    return f"{KEEPER_KIND}:{tournament_id}"


def deal_digests(seed: int) -> list[str]:
    """The opening positions of a round's first SEALED_DEALS deals, either
    player to start."""
    return [
        digest(deal_circle(seed, number), starter)
        for number in range(1, SEALED_DEALS + 1)
        for starter in PLAYERS
    ]


class TournamentSealing:
    """The Sealing port (games.ports) and the seals a par round makes."""

    def __init__(
        self,
        board: TournamentStore,
        play: TournamentPlay,
        positions: PositionsInPlay,
        clock: Callable[[], int],
    ) -> None:
        self._board = board
        self._play = play
        self._positions = positions
        self._clock = clock
        self._par: dict[str, bool] = {}

    def analysis_sealed(self, match: Match) -> str | None:
        tournament_id = tournament_of(match)
        if tournament_id is None or not self._running_par(tournament_id):
            return None
        return (
            "a game of a tournament scored against perfect play: its analysis opens "
            "when the tournament is over"
        )

    def keeps(self, keeper_name: str) -> bool:
        kind, _, tournament_id = keeper_name.partition(":")
        return kind == KEEPER_KIND and self._running_par(tournament_id)

    def _running_par(self, tournament_id: str) -> bool:
        """What keeps analysis and positions closed: a par-scored tournament
        not yet over."""
        tournament = self._board.load(tournament_id)
        return (
            tournament is not None
            and tournament.par_scored
            and tournament.status is not TournamentStatus.FINISHED
        )

    def reached(self, match: Match, position_digest: str, now: int) -> None:
        """A par tournament's game keeps each position it reaches until the
        tournament is over (its players meet the same deals elsewhere)."""
        tournament_id = tournament_of(match)
        if tournament_id is None or not self._par_scored(tournament_id):
            return
        self._play.reached(tournament_id, position_digest, SEAL_MS)
        self._positions.keep([position_digest], keeper(tournament_id), now + SEAL_MS)

    def seal_deals(self, tournament_id: str, seed: int, now: int) -> None:
        """A par round's deals kept before the round is paired."""
        self._positions.keep(deal_digests(seed), keeper(tournament_id), now + SEAL_MS)

    def let_go(self, tournament_id: str) -> None:
        """It is over: its deals and the positions its games reached let go."""
        seeds = self._play.all_deals(tournament_id)
        sealed = [digest for seed in seeds for digest in deal_digests(seed)]
        name = keeper(tournament_id)
        for start in range(0, len(sealed), LET_GO_BATCH):
            self._positions.let_go(sealed[start : start + LET_GO_BATCH], name)
            let_others_run()
        cursor = None
        while cursor != 0:
            cursor, reached = self._play.reached_page(tournament_id, cursor or 0, LET_GO_BATCH)
            self._positions.let_go(reached, name)
            let_others_run()
        self._play.forget_reached(tournament_id)

    def _par_scored(self, tournament_id: str) -> bool:
        known = self._par.get(tournament_id)
        if known is None:
            tournament = self._board.load(tournament_id)
            known = tournament is not None and tournament.par_scored
            if len(self._par) >= _KNOWN_SCORING:
                self._par.clear()
            self._par[tournament_id] = known
        return known
