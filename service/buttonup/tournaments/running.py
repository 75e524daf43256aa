"""A running tournament's work (docs/tournaments.md): its players paired
(an arena's pool as games end, a Swiss's rounds one after another, each
with its bye), its games made through the core's pairing, each game's end
counted once in its players' standings, and its end.

Work is scheduled by when each tournament next needs it
(tournaments.schedule): its start, its pool's next pairing, an overdue
pairing, its end; a game's end or a join makes it due at once. Each pass
any process takes the longest due (held while it works on them, so
another process takes the next ones), and an empty or idle tournament
costs nothing until it is due. Pairing is leased per tournament
(TournamentPlay.lease) as well: whichever process holds the lease pairs,
so nobody is paired twice at once, and a process that dies leaves the
lease to run out and its pending pairings to whoever pairs next. A
pairing is kept pending (its players out of the pool) before its game is
made; making a game that is there changes nothing, so a
pending pairing is completed however often it is met. A Swiss round is
paired once (the round kept with its games, atomically), and its bye,
named by its round, is given once.

Tested in tests/tournaments/test_service.py, tests/tournaments/test_swiss_service.py.
"""

import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

from buttonup.kit import (
    Category,
    Color,
    GameStore,
    MoveOutcome,
    PairedPlayer,
    Pairings,
    Ports,
    Rating,
    SealBroken,
    Status,
    errors,
    new_game_id,
    side_by_side,
)
from buttonup.tournaments.arena import Waiting, pair_pool
from buttonup.tournaments.counting import TournamentCounting
from buttonup.tournaments.games import (
    contender,
    placed,
    tournament_game_options,
    tournament_of,
)
from buttonup.tournaments.model import (
    System,
    Tournament,
    TournamentStatus,
    bye_result,
    with_tie_breaks,
)
from buttonup.tournaments.play_store import Pending, TournamentPlay
from buttonup.tournaments.result_store import TournamentResults
from buttonup.tournaments.sealing import TournamentSealing
from buttonup.tournaments.store import TournamentStore
from buttonup.tournaments.swiss import pair_round

log = logging.getLogger(__name__)

# Who pairs a tournament holds it this long. Each process takes the due
# tournaments this often (a pass that finds none is one Redis call), so a
# player is paired again about this soon after their game's end.
LEASE_MS = 5000
PAIRING_SECONDS = 0.1
# A tournament found paired elsewhere is looked at again this soon: a poke
# (a game's end) that came while another process paired it must not wait
# out that process's lease.
LEASE_RETRY_MS = 100
# An arena's pool is paired when a game ends or someone joins (a poke);
# and again this soon when more wait than one pairing reads, or after a
# failure.
POOL_AGAIN_MS = 1000
# A running tournament with games in play is looked at again at least this
# often, whether or not a game's end said so (a poke lost with a process).
IDLE_MS = 30_000
# The players waiting longest that one pairing reads, and the tournaments
# one process looks after per pass: each pass's work is bounded.
POOL_READ = 400
TOURNAMENTS_PER_PASS = 50
# A process's first passes put the tournaments listed before there was a
# schedule on it, this many a pass.
ADOPT_PER_PASS = 200
# An arena's pool is paired again at most this many times in a pass, each
# time without those found busy in a game elsewhere.
BUSY_PASSES = 3
# A pairing whose game is not made this long after has no process making it.
PENDING_OVERDUE_MS = 5000
# A par-scored round's deals come from one seed this long, drawn when it is paired.
DEALS_SEED_BITS = 128


class TournamentRunner:
    def __init__(
        self,
        store: GameStore,
        board: TournamentStore,
        play: TournamentPlay,
        pairings: Pairings,
        clock: Callable[[], int],
        ports: Ports,
        moves: Callable[[str], Sequence[MoveOutcome]],
    ) -> None:
        self._store = store
        self._board = board
        # Each game's end, and each bye, counted (tournaments.counting).
        results = TournamentResults(store.client)
        self.counting = TournamentCounting(board, results, clock, moves)
        self._play = play
        self._pairings = pairings
        # What a par round keeps from perfect play (the Sealing port's answer).
        self.sealing = TournamentSealing(board, play, store.positions, clock)
        self._clock = clock
        self._ports = ports
        self._owner = secrets.token_hex(8)  # this process, as a lease's holder
        self._coin = lambda: secrets.randbits(1) == 1
        # Where this process is in putting listed tournaments on the schedule
        # (None: done).
        self._adopting: tuple[TournamentStatus, int] | None = (TournamentStatus.RUNNING, 0)

    def upkeep(self) -> None:
        """Each pass: the tournaments due (store.claim) looked after, each
        rescheduled for when it next needs work."""
        self._adopt()
        now = self._clock()
        held_until = now + LEASE_MS
        for tournament_id in self._board.schedule.claim(now, TOURNAMENTS_PER_PASS, held_until):
            next_due: int | None = now + POOL_AGAIN_MS  # what a failure leaves
            try:
                next_due = self._look_after(tournament_id)
            except errors.GameError as error:  # the next pass, or another process
                log.warning("tournament %s not looked after: %s", tournament_id, error)
            finally:
                self._board.schedule.reschedule(tournament_id, held_until, next_due)

    def _adopt(self) -> None:
        """Once per process, a page a pass: the tournaments listed before
        there was a schedule put on it."""
        if self._adopting is None:
            return
        status, cursor = self._adopting
        cursor = self._board.schedule.adopt(status, cursor, ADOPT_PER_PASS, self._clock())
        if cursor != 0:
            self._adopting = (status, cursor)
        elif status is TournamentStatus.RUNNING:
            self._adopting = (TournamentStatus.UPCOMING, 0)
        else:
            self._adopting = None

    def _look_after(self, tournament_id: str) -> int | None:
        """Started, paired or finished as due: when it next needs work
        (None: never, it is over or gone)."""
        tournament = self._board.load(tournament_id)
        now = self._clock()
        if tournament is None or tournament.status is TournamentStatus.FINISHED:
            return None
        if tournament.status is TournamentStatus.UPCOMING:
            if not tournament.due_to_start(now):
                return tournament.starts_at  # None: when its creator starts it
            started = tournament.started(now)
            if not self._board.change_status(tournament, started):
                return now  # changed meanwhile: looked at again
            tournament = started
        if not self._play.lease(tournament_id, self._owner, LEASE_MS):
            return now + LEASE_RETRY_MS  # paired elsewhere now (tests pair directly)
        try:
            return self._run(tournament, now)
        finally:
            self._play.release(tournament_id, self._owner)

    def _run(self, tournament: Tournament, now: int) -> int | None:
        tournament_id = tournament.id
        self._complete(tournament, self._play.overdue_pairings(tournament_id, now, POOL_READ))
        someone_busy = False
        if tournament.system is System.SWISS:
            finished = self._run_swiss(tournament)
        elif tournament.pairing(now):
            _, someone_busy = self._pair_arena(tournament)
            finished = False
        else:
            finished = not self._play.in_play(tournament_id)
            if finished:
                self._finish(tournament, now)
        if finished:
            return None
        return self._next_due(tournament, self._clock(), someone_busy)

    def _next_due(self, tournament: Tournament, now: int, someone_busy: bool) -> int:
        """When a running tournament next needs work: an overdue pairing's
        time, an arena's pool paired again or its end; else the idle look
        (a game's end or a join pokes it sooner); `someone_busy`: its pool
        waits on a game elsewhere."""
        waiting, overdue = self._play.backlog(tournament.id)
        due = [now + IDLE_MS, overdue or now + IDLE_MS]
        if tournament.system is System.ARENA and tournament.pairing(now):
            ends_at = tournament.ends_at or now
            due.append(ends_at)
            if waiting > POOL_READ or someone_busy:
                # More wait than one pairing reads, or some wait for a game elsewhere.
                due.append(now + POOL_AGAIN_MS)
            elif not self._play.in_play(tournament.id):
                return ends_at  # nobody playing: only a join (a poke) or its end
        return min(due)

    # ---- an arena -------------------------------------------------------------

    def pair_arena(self, tournament: Tournament) -> list[str]:
        """The pool paired (tournaments.arena), each pairing kept pending
        and its game made: the ids of the games made. A player in a game
        elsewhere (busy_elsewhere) waits in the pool."""
        return self._pair_arena(tournament)[0]

    def _pair_arena(self, tournament: Tournament) -> tuple[list[str], bool]:
        """pair_arena: the games made, and whether someone was left waiting
        for a game elsewhere to end."""
        waiting = self._play.pool(tournament.id, POOL_READ, self._clock())
        pool = [
            Waiting(s.player_id, rank, s.rating, s.last_opponent, s.firsts, recent)
            for s, rank, recent in waiting
        ]
        # Who is busy elsewhere is asked of the players about to be paired
        # (not of the whole pool); a busy one leaves the pool and the rest
        # is paired again, so that nobody waits on them.
        checked: set[str] = set()
        busy: set[str] = set()
        for _ in range(BUSY_PASSES):
            pairs = pair_pool([p for p in pool if p.player_id not in busy], self._coin)
            unchecked = [p.player_id for pair in pairs for p in pair if p.player_id not in checked]
            found = self.busy_elsewhere(tournament.id, unchecked)
            checked.update(unchecked)
            busy |= found
            if not found:
                break
        pairs = [(a, b) for a, b in pairs if a.player_id not in busy and b.player_id not in busy]
        if not pairs:
            return [], bool(busy)
        now = self._clock()
        games = [
            Pending(new_game_id(), first.player_id, second.player_id) for first, second in pairs
        ]
        kept = set(self._play.pair(tournament.id, games, now, now + PENDING_OVERDUE_MS))
        made = self._complete(tournament, [game for game in games if game.game_id in kept])
        return made, bool(busy)

    # ---- a Swiss --------------------------------------------------------------

    def _run_swiss(self, tournament: Tournament) -> bool:
        """The round paired if it is not yet; once its games are all
        counted, its tie-breaks, then the next round or the end: whether
        it ended."""
        paired, bye = self._board.round_paired(tournament.id)
        if paired != tournament.round:
            return self._pair_swiss(tournament)[1]
        if bye is not None:
            self._give_bye(tournament, bye)
        if self._play.in_play(tournament.id):
            return False
        self.settle_round(tournament)
        now = self._clock()
        if tournament.round >= (tournament.rounds or 0):
            self._finish(tournament, now)
            return True
        following = replace(tournament, round=tournament.round + 1)
        if self._board.next_round(tournament, following, now):
            return self._pair_swiss(following)[1]
        return False

    def pair_swiss(self, tournament: Tournament) -> list[str]:
        """The round paired (tournaments.swiss), once: its games made and
        its bye given. A round nobody can play ends the tournament."""
        return self._pair_swiss(tournament)[0]

    def _pair_swiss(self, tournament: Tournament) -> tuple[list[str], bool]:
        """pair_swiss: the games made, and whether the round ended the
        tournament instead."""
        standings = self._play.all_standings(tournament.id)
        out = self._play.withdrawn(tournament.id)
        out |= self.busy_elsewhere(tournament.id, [p for p in standings if p not in out])
        ranked = placed(list(standings.values()), tournament.system)
        contenders = [
            contender(standing, place)
            for place, standing in enumerate(ranked)
            if standing.player_id not in out
        ]
        # Under gevent, the pairing yields between windows: other requests go on.
        paired = pair_round(contenders, self._coin, between=lambda: time.sleep(0))
        now = self._clock()
        if not paired.games and paired.bye is None:
            self._finish(tournament, now)
            return [], True
        games = [Pending(new_game_id(), first, second) for first, second in paired.games]
        deals = None
        if tournament.par_scored:  # each pairing's second game, its seats swapped, after the first
            games += [Pending(new_game_id(), g.second, g.first, after=g.game_id) for g in games]
            deals = secrets.randbits(DEALS_SEED_BITS)
            # Sealed before they can be played (a seed a pairing elsewhere
            # won over seals deals nobody plays, until SEAL_MS).
            self.sealing.seal_deals(tournament.id, deals, now)
        kept = set(
            self._play.pair(
                tournament.id,
                games,
                now,
                now + PENDING_OVERDUE_MS,
                round_number=tournament.round,
                bye=paired.bye,
                deals=deals,
            )
        )
        made = self._complete(tournament, [game for game in games if game.game_id in kept])
        if kept and paired.bye is not None:
            self._give_bye(tournament, paired.bye)
        return made, False

    def busy_elsewhere(self, tournament_id: str, player_ids: list[str]) -> set[str]:
        """Those of these players in a game of another tournament, or of a
        real-time rated game, not yet over: one game at a time."""
        held = self._board.schedule.busy(player_ids)
        games = self._store.load_many(sorted({game_id for game_id, _ in held.values()}))
        now = self._clock()
        busy = set()
        for player_id, (game_id, since) in held.items():
            match = games.get(game_id)
            if match is None:  # being made, or made never (a process gone)
                if now - since < 2 * PENDING_OVERDUE_MS:
                    busy.add(player_id)
            elif match.status is not Status.FINISHED and tournament_of(match) != tournament_id:
                busy.add(player_id)
        free = [player_id for player_id in player_ids if player_id not in busy]
        return busy | self._ports.seating.may_not_sit(free, Category.BLITZ)  # a live rated game?

    def _give_bye(self, tournament: Tournament, player_id: str) -> None:
        """The round's bye counted, once however often it is given."""
        bye = bye_result(tournament.round, player_id, tournament.par_scored)
        self.counting.count(tournament, bye)

    def settle_round(self, tournament: Tournament) -> None:
        """A Swiss round over: everyone's tie-breaks from every game counted."""
        standings = self._play.all_standings(tournament.id)
        results = list(self._play.results(tournament.id).values())
        settled = with_tie_breaks(standings, results)
        changed = [s for player_id, s in settled.items() if s != standings[player_id]]
        self._play.set_standings(tournament, changed)

    def _finish(self, tournament: Tournament, now: int) -> None:
        """It is over: its deals no longer kept from analysis (tournaments.sealing)."""
        finished = self._board.change_status(tournament, tournament.finished(now))
        if finished and tournament.par_scored:
            self.sealing.let_go(tournament.id)

    # ---- games made, and counted ------------------------------------------------

    def _complete(self, tournament: Tournament, pending: list[Pending]) -> list[str]:
        """Each pending pairing's game made (once) and let go."""
        if not pending:
            return []
        ids = sorted({player_id for game in pending for player_id in (game.first, game.second)})
        self._board.schedule.hold(
            {game.game_id: (game.first, game.second) for game in pending}, self._clock()
        )
        standings = self._play.standings_of(tournament.id, ids)
        players = self._store.load_players(ids)
        options = tournament_game_options(tournament)
        # Under par scoring, every game of the round is dealt from the round's seed.
        deals = self._play.deals(tournament.id, tournament.round) if tournament.par_scored else None

        def start(game: Pending) -> str | None:
            seats = {}
            for color, player_id in ((Color.RED, game.first), (Color.BLACK, game.second)):
                standing, player = standings[player_id], players.get(player_id)
                rating = (
                    self._ports.seating.current(player, tournament.category)
                    if player is not None
                    else Rating()  # expired since: the game is made all the same
                )
                name = standing.name if standing is not None else None
                bot = player is not None and player.bot
                seats[color] = PairedPlayer(player_id, name, rating, bot)
            try:
                self._pairings.start(game.game_id, options, seats, seed=deals)
            except (errors.GameError, SealBroken) as error:  # pending still: the next pass
                log.warning("tournament game %s not made: %s", game.game_id, error)
                return None
            return game.game_id

        # Each game is a few round trips: made side by side, a pass waits
        # about one game's, not all of them one after another.
        made = [game_id for game_id in side_by_side(start, pending) if game_id is not None]
        self._play.made(tournament.id, made)
        return made
