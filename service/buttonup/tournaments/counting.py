"""Each finished tournament game counted in its players' standings once,
however often and by whoever it is counted (the consequence's mark, the
sweep, a retry: tournaments.result_store), and each Swiss bye: a game not
played counts for nobody and pauses who ended it so
(tournaments.games.unplayed_by), a thrown loss counts for nobody
(tournaments.throwing), and the players are let go for their next game
(tournaments.freeing) and the tournament made due (its pool or its round
changed). Each count reads, decides in the model, and stores the decision
if nothing it read has changed since, else reads again.

Tested in tests/tournaments/test_service.py, tests/tournaments/test_swiss_service.py.
"""

from collections.abc import Callable, Sequence
from dataclasses import replace

from buttonup.kit import (
    Color,
    Match,
    MoveOutcome,
    Status,
    errors,
    every_slice,
    opponent,
    round_openings,
)
from buttonup.tournaments.freeing import freed
from buttonup.tournaments.games import result_of, tournament_of, unplayed_by
from buttonup.tournaments.model import GameResult, Standing, Tournament
from buttonup.tournaments.result_store import TournamentResults
from buttonup.tournaments.store import TournamentStore
from buttonup.tournaments.throwing import figures_of

COUNT_ATTEMPTS = 20


class TournamentCounting:
    def __init__(
        self,
        board: TournamentStore,
        results: TournamentResults,
        clock: Callable[[], int],
        moves: Callable[[str], Sequence[MoveOutcome]],
    ) -> None:
        self._board = board
        self._results = results
        self._clock = clock
        self._moves = moves  # a game's moves, in order (its timeline)

    def game(self, match: Match, aborted_by: Color | None = None) -> bool:
        """A finished game of the tournament counted in its players'
        standings, once (False: counted before, or its tournament is gone).
        A game not played counts for nobody, and who ended it so
        (unplayed_by; `aborted_by`: the seat that called it off) is paused
        as if they had withdrawn, longer each time."""
        tournament_id = tournament_of(match)
        if tournament_id is None or match.status is not Status.FINISHED:
            return False
        tournament = self._board.load(tournament_id)
        if tournament is None:
            return False
        result = result_of(match, tournament.scoring)
        winner = match.game.winner
        loser = opponent(winner) if winner is not None and result.winner is not None else None
        loser_id = match.seat(loser).player_id if loser is not None else None
        losses = None  # the loser's figures so far, this game's included
        if loser is not None and loser_id is not None:  # thrown? (tournaments.throwing)
            openings, moves = round_openings(match.game), self._moves(match.id)
            # Under gevent, other requests go on between rounds, a slice at a time.
            figures = figures_of(openings, moves, loser, pause=every_slice())
            losses = self._board.throw_figures(tournament_id, loser_id).plus(figures)
            if losses.thrown:
                result = replace(result, winner=None)  # a thrown game counts for nobody
        counted = self.count(tournament, result, unplayed_by(match, aborted_by))
        if counted and losses is not None and loser_id is not None:
            self._board.keep_throw_figures(tournament_id, loser_id, losses)
        # Its players free: paired again, or its round over, at the next pass.
        poke = tournament_id if counted else None
        self._board.schedule.free(match.id, [result.first, result.second], self._clock(), poke)
        return counted

    def count(self, tournament: Tournament, result: GameResult, paused: Sequence[str] = ()) -> bool:
        for _ in range(COUNT_ATTEMPTS):
            now = self._clock()
            standings, seen = self._results.read(tournament.id, result, paused)  # one read
            first = standings[result.first]
            second = None if result.bye else standings[result.second]
            if first is None or (second is None and not result.bye):
                return False
            counted = result.counted(first, second, tournament.system)
            read: tuple[Standing, ...] = ()
            after: tuple[Standing, ...] = ()
            points: dict[str, int] = {}
            if counted is not None:
                first_after, second_after, points = counted
                read, after = (first,), (first_after,)
                if second is not None and second_after is not None:
                    read, after = (first, second), (first_after, second_after)
            decided = freed(result, seen, paused, now)
            answer = self._results.count(
                tournament, result, now, seen, decided, read, after, points
            )
            if answer >= 0:
                return answer == 1
        raise errors.ConcurrentUpdate(f"tournament {tournament.id}: its standings kept changing")
