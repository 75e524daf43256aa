"""Tournaments' use cases: made, joined, withdrawn from, started; an
arena's players paired as leased work that any process takes up; each
game's end counted once in its players' standings (docs/tournaments.md).

Pairing is leased per tournament (TournamentPlay.lease): whichever process
holds the lease pairs, so nobody is paired twice at once, and a process
that dies leaves the lease to run out and its pending pairings to whoever
pairs next. A pairing is kept pending (its players out of the pool) before
its game is made; making a game that is there changes nothing, so a
pending pairing is completed however often it is met.

Tested in tests/tournaments/test_service.py.
"""

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from buttonup import errors
from buttonup.engine import PLAYERS, Color, Match, Options, Status
from buttonup.engine.options import EndReason, Visibility
from buttonup.engine.ratings import Rating
from buttonup.games.credentials import player_of
from buttonup.games.idempotency import TOURNAMENT, Idempotency, same_request
from buttonup.games.pairing import PairedPlayer, Pairings
from buttonup.games.ports import Ports
from buttonup.store import GameStore, SealBroken, new_game_id
from buttonup.tournaments.arena import Waiting, pair_pool
from buttonup.tournaments.model import (
    GameResult,
    NewTournament,
    Standing,
    System,
    Tournament,
    TournamentStatus,
    new_tournament_problem,
)
from buttonup.tournaments.play_store import Joined, Pending, TournamentPlay, Withdrawn
from buttonup.tournaments.store import TournamentStore

log = logging.getLogger(__name__)

# Who pairs a tournament holds it this long, and pairs again this often.
LEASE_MS = 5000
PAIRING_SECONDS = 1.0
# The players waiting longest that one pairing reads, and the tournaments
# one process looks after per pass: each pass's work is bounded.
POOL_READ = 400
TOURNAMENTS_PER_PASS = 50
# A pairing whose game is not made this long after has no process making it.
PENDING_OVERDUE_MS = 5000
COUNT_ATTEMPTS = 20


@dataclass(frozen=True, slots=True)
class RankedStanding:
    rank: int  # from 1
    standing: Standing


def tournament_game_options(tournament: Tournament) -> Options:
    """What a tournament's game is played with: its clock, rated as it is
    (and then without hints), private, the first player red."""
    return Options(
        clock=tournament.clock,
        rated=tournament.rated,
        hints=not tournament.rated,
        visibility=Visibility.PRIVATE,
        first_player=Color.RED,
        tournament=tournament.id,
    )


def result_of(match: Match) -> GameResult:
    """A finished tournament game as it counts: red started it (its
    first player); an aborted game counts for nobody."""
    red, black = (match.seat(color).player_id or "" for color in PLAYERS)
    winner = match.game.winner
    if match.end_reason is EndReason.ABORTED or winner is None:
        return GameResult(match.id, red, black, None)
    return GameResult(match.id, red, black, match.seat(winner).player_id)


class Tournaments:
    def __init__(
        self,
        store: GameStore,
        board: TournamentStore,
        play: TournamentPlay,
        pairings: Pairings,
        clock: Callable[[], int],
        ports: Ports,
    ) -> None:
        self._store = store
        self.board = board  # the tournaments and their lists (tournaments.store)
        self.play = play  # what happens in each (tournaments.play_store)
        self._pairings = pairings
        self._clock = clock
        self._ports = ports  # the ratings a player brings (games.ports)
        self._owner = secrets.token_hex(8)  # this process, as a lease's holder
        self._coin = lambda: secrets.randbits(1) == 1

    # ---- made, read ---------------------------------------------------------

    def create(
        self, credential: str | None, new: NewTournament, idempotency: Idempotency | None = None
    ) -> Tournament:
        """Made by the player (by key). With an Idempotency-Key (the
        player's own), a retry gets the tournament its first request made."""
        player = player_of(self._store, credential or "")
        now = self._clock()
        problem = new_tournament_problem(new, now)
        if problem is None and new.system is not System.ARENA:
            problem = "Swiss tournaments are not open yet: an arena for now (docs/tournaments.md)"
        if problem is not None:
            raise errors.InvalidTournament(problem)
        tournament_id = new_game_id()
        if idempotency is not None:
            reserved = self._store.reserve(
                f"{TOURNAMENT}\n{player.id}",
                idempotency.key,
                f"{idempotency.digest} {tournament_id}",
            )
            if reserved is not None:  # the key's first request's
                digest, tournament_id = reserved.split(" ")
                same_request(digest == idempotency.digest)
                made = self.board.load(tournament_id)
                if made is not None:
                    return made
        tournament = Tournament.new(tournament_id, new, player.id, now)
        if not self.board.create(tournament):
            raise errors.TooManyTournaments(
                "a player has 5 upcoming or running tournaments at most"
            )
        return tournament

    def get(self, tournament_id: str) -> tuple[Tournament, int]:
        """The tournament and how many players it has."""
        tournament = self.board.load(tournament_id)
        if tournament is None:
            raise errors.TournamentNotFound(f"no tournament {tournament_id}")
        return tournament, self.board.players(tournament_id)

    def listed(
        self, status: TournamentStatus, offset: int, limit: int
    ) -> list[tuple[Tournament, int]]:
        found = self.board.listed(status, offset, limit)
        return [(tournament, self.board.players(tournament.id)) for tournament in found]

    def standings(self, tournament_id: str, offset: int, limit: int) -> list[RankedStanding]:
        self.get(tournament_id)
        page = self.play.standings_page(tournament_id, offset, limit)
        return [RankedStanding(offset + index + 1, standing) for index, standing in enumerate(page)]

    def games(self, tournament_id: str, offset: int, limit: int) -> list[Match]:
        """A page of its games, newest first (one read of them all); a game
        expired since is left out."""
        self.get(tournament_id)
        ids = self.play.games_page(tournament_id, offset, limit)
        found = self._store.load_many(ids)
        return [match for game_id in ids if (match := found.get(game_id)) is not None]

    # ---- players ------------------------------------------------------------

    def join(self, tournament_id: str, credential: str | None) -> Standing:
        """The player (by key) in the tournament, or back in it after a
        withdrawal; their conditions checked at join."""
        player = player_of(self._store, credential or "")
        tournament, _ = self.get(tournament_id)
        rating = self._ports.seating.current(player, tournament.category)
        refusal = tournament.conditions.refusal(rating)
        if refusal is not None:
            raise errors.ConditionsNotMet(refusal)
        now = self._clock()
        standing = Standing(player.id, player.name, round(rating.rating), now)
        joined = self.play.join(tournament, standing, now)
        if joined is Joined.CLOSED:
            raise errors.TournamentClosed(f"tournament {tournament_id} is finished")
        if joined is Joined.FULL:
            raise errors.TournamentFull(f"tournament {tournament_id} has its players")
        kept = self.play.standing(tournament_id, player.id)
        return kept if kept is not None else standing

    def withdraw(self, tournament_id: str, credential: str | None) -> None:
        """Out of an upcoming tournament; paused in a running one (joining
        again resumes). Nothing when the player is not in it."""
        player = player_of(self._store, credential or "")
        self.get(tournament_id)
        if self.play.withdraw(tournament_id, player.id) is Withdrawn.NOT_IN:
            log.debug("withdrawal of %s from %s: not in it", player.id, tournament_id)

    def start(self, tournament_id: str, credential: str | None) -> Tournament:
        player = player_of(self._store, credential or "")
        tournament, _ = self.get(tournament_id)
        if tournament.created_by != player.id:
            raise errors.NotTournamentCreator("only the tournament's creator starts it")
        if tournament.status is not TournamentStatus.UPCOMING:
            raise errors.TournamentClosed(f"tournament {tournament_id} is {tournament.status}")
        started = tournament.started(self._clock())
        if not self.board.change_status(tournament, started):
            raise errors.TournamentClosed(f"tournament {tournament_id} started already")
        return started

    # ---- the timers: starting, pairing, finishing -----------------------------

    def upkeep(self) -> None:
        """Each pass: the tournaments due to start started; each running one
        whose lease this process takes paired, and finished once its time is
        up and its games counted."""
        now = self._clock()
        for tournament_id in self.board.due(TournamentStatus.UPCOMING, now, TOURNAMENTS_PER_PASS):
            tournament = self.board.load(tournament_id)
            if tournament is None or tournament.status is not TournamentStatus.UPCOMING:
                self.board.unlist(TournamentStatus.UPCOMING, tournament_id)
                continue
            if tournament.due_to_start(now):
                self.board.change_status(tournament, tournament.started(now))
        running = self.board.due(TournamentStatus.RUNNING, float("inf"), TOURNAMENTS_PER_PASS)
        for tournament_id in running:
            if not self.play.lease(tournament_id, self._owner, LEASE_MS):
                continue
            try:
                self._look_after(tournament_id)
            except errors.GameError as error:  # the next pass, or another process
                log.warning("tournament %s not paired: %s", tournament_id, error)
            finally:
                self.play.release(tournament_id, self._owner)

    def _look_after(self, tournament_id: str) -> None:
        tournament = self.board.load(tournament_id)
        if tournament is None or tournament.status is not TournamentStatus.RUNNING:
            self.board.unlist(TournamentStatus.RUNNING, tournament_id)
            return
        now = self._clock()
        self._complete(tournament, self.play.overdue_pairings(tournament_id, now, POOL_READ))
        if tournament.pairing(now):
            if tournament.system is System.ARENA:
                self.pair_arena(tournament)
            return
        if not self.play.in_play(tournament_id):
            self.board.change_status(tournament, tournament.finished(now))

    def pair_arena(self, tournament: Tournament) -> list[str]:
        """The pool paired (tournaments.arena), each pairing kept pending
        and its game made: the ids of the games made."""
        waiting = self.play.pool(tournament.id, POOL_READ)
        pool = [
            Waiting(s.player_id, rank, s.rating, s.last_opponent, s.firsts) for s, rank in waiting
        ]
        pairs = pair_pool(pool, self._coin)
        if not pairs:
            return []
        now = self._clock()
        games = [
            Pending(new_game_id(), first.player_id, second.player_id) for first, second in pairs
        ]
        kept = set(self.play.pair(tournament.id, games, now, now + PENDING_OVERDUE_MS))
        return self._complete(tournament, [game for game in games if game.game_id in kept])

    def _complete(self, tournament: Tournament, pending: list[Pending]) -> list[str]:
        """Each pending pairing's game made (once) and let go."""
        if not pending:
            return []
        ids = sorted({player_id for game in pending for player_id in (game.first, game.second)})
        standings = {player_id: self.play.standing(tournament.id, player_id) for player_id in ids}
        players = self._store.load_players(ids)
        made = []
        options = tournament_game_options(tournament)
        for game in pending:
            seats = {}
            for color, player_id in ((Color.RED, game.first), (Color.BLACK, game.second)):
                standing, player = standings[player_id], players.get(player_id)
                rating = (
                    self._ports.seating.current(player, tournament.category)
                    if player is not None
                    else Rating()  # expired since: the game is made all the same
                )
                name = standing.name if standing is not None else None
                seats[color] = PairedPlayer(player_id, name, rating)
            try:
                self._pairings.start(game.game_id, options, seats)
            except (errors.GameError, SealBroken) as error:  # pending still: the next pass
                log.warning("tournament game %s not made: %s", game.game_id, error)
                continue
            made.append(game.game_id)
        self.play.made(tournament.id, made)
        return made

    # ---- a game's end ---------------------------------------------------------

    def count(self, match: Match) -> bool:
        """A finished game of the tournament counted in its players'
        standings, once (False: counted before, or its tournament is gone)."""
        tournament_id = match.options.tournament
        if tournament_id is None or match.status is not Status.FINISHED:
            return False
        result = result_of(match)
        for _ in range(COUNT_ATTEMPTS):
            now = self._clock()
            first = self.play.standing(tournament_id, result.first)
            second = self.play.standing(tournament_id, result.second)
            if first is None or second is None:
                return False
            counted = result.counted(first, second)
            read, after = ((first, second), counted[:2]) if counted else ((), ())
            answer = self.play.count(tournament_id, result, now, read, after)
            if answer >= 0:
                return answer == 1
        raise errors.ConcurrentUpdate(f"tournament {tournament_id}: its standings kept changing")
