"""Tournaments' use cases: made, read, joined, withdrawn from and started
(docs/tournaments.md); what runs one once started (pairing, rounds, each
game's end counted once) is tournaments.running's.

Tested in tests/tournaments/test_service.py.
"""

import logging
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from buttonup.kit import (
    GameStore,
    Idempotency,
    Match,
    MoveOutcome,
    Pairings,
    Ports,
    Status,
    StoredEvent,
    errors,
    new_game_id,
    player_of,
    reserve_ids,
)
from buttonup.tournaments.errors import (
    BotsNotAllowed,
    ConditionsNotMet,
    InvalidTournament,
    NotTournamentCreator,
    TooManyTournaments,
    TournamentClosed,
    TournamentFull,
    TournamentNotFound,
    TournamentPaused,
)
from buttonup.tournaments.model import (
    NewTournament,
    Standing,
    Tournament,
    TournamentStatus,
    new_tournament_problem,
)
from buttonup.tournaments.play_store import Joined, TournamentPlay, Withdrawn
from buttonup.tournaments.running import TournamentRunner
from buttonup.tournaments.store import TournamentStore, key

log = logging.getLogger(__name__)

# The scope of a tournament create's Idempotency-Key (always a player's own).
TOURNAMENT_SCOPE = "tournament"


RECORDS_PAGE = 100


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A tournament as its stream shows it, as of the event `last_event`."""

    tournament: Tournament
    players: int
    last_event: str


@dataclass(frozen=True, slots=True)
class RankedStanding:
    rank: int  # from 1
    standing: Standing


class Tournaments:
    def __init__(
        self,
        store: GameStore,
        board: TournamentStore,
        play: TournamentPlay,
        pairings: Pairings,
        clock: Callable[[], int],
        ports: Ports,
        record: Callable[[str], str],
        moves: Callable[[str], Sequence[MoveOutcome]],
    ) -> None:
        self._store = store
        self._record = record  # a game's record (games.reads)
        self.board = board  # the tournaments and their lists (tournaments.store)
        self.play = play  # what happens in each (tournaments.play_store)
        self._clock = clock
        self._ports = ports  # the ratings a player brings (games.ports)
        self.runner = runner = TournamentRunner(store, board, play, pairings, clock, ports, moves)
        self.sealing = runner.sealing
        self.upkeep = runner.upkeep
        self.pair_arena = runner.pair_arena
        self.pair_swiss = runner.pair_swiss
        self.count = runner.counting.game

    # ---- made, read ---------------------------------------------------------

    def create(
        self, credential: str | None, new: NewTournament, idempotency: Idempotency | None = None
    ) -> Tournament:
        """Made by the player (by key). With an Idempotency-Key (the
        player's own), a retry gets the tournament its first request made."""
        player = player_of(self._store, credential or "")
        now = self._clock()
        problem = new_tournament_problem(new, now)
        if problem is not None:
            raise InvalidTournament(problem.message, problem.field)
        (tournament_id,), first = reserve_ids(
            self._store, TOURNAMENT_SCOPE, player.id, idempotency, (new_game_id(),)
        )
        if not first:  # the key's first request's (made, unless its create failed)
            made = self.board.load(tournament_id)
            if made is not None:
                return made
        tournament = Tournament.new(tournament_id, new, player.id, now)
        if not self.board.create(tournament):
            raise TooManyTournaments("a player has 5 upcoming or running tournaments at most")
        return tournament

    def get(self, tournament_id: str) -> tuple[Tournament, int]:
        """The tournament and how many players it has."""
        tournament = self.board.load(tournament_id)
        if tournament is None:
            raise TournamentNotFound(f"no tournament {tournament_id}")
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

    def records(self, tournament_id: str) -> Iterator[str]:
        """Each finished game's record (engine.records), in the order the
        games were made, one at a time: a page of RECORDS_PAGE ids read at
        once, one record held at once. NotFound before anything is sent."""
        self.get(tournament_id)
        return self._each_record(tournament_id)

    def _each_record(self, tournament_id: str) -> Iterator[str]:
        offset = 0
        while True:
            ids = self.play.games_page(tournament_id, offset, RECORDS_PAGE, oldest_first=True)
            found = self._store.load_many(ids)
            for game_id in ids:
                match = found.get(game_id)
                if match is None or match.status is not Status.FINISHED:
                    continue  # expired since, or still in play
                try:
                    yield self._record(game_id)
                except errors.GameNotFound:
                    continue
            if len(ids) < RECORDS_PAGE:
                return
            offset += RECORDS_PAGE

    def watch(
        self, tournament_id: str, after: str | None, keepalive_ms: int
    ) -> Iterator[list[Snapshot | StoredEvent]]:
        """Its events as they come, in batches ([] when there was nothing for
        `keepalive_ms`): a snapshot of it first, then each event after
        `after` (a stream id: resuming), until `finished`. NotFound before
        anything is sent."""
        tournament, players = self.get(tournament_id)
        start = after if after is not None else self.play.last_event(tournament_id)
        return self._events(Snapshot(tournament, players, start), keepalive_ms)

    def _events(
        self, snapshot: Snapshot, keepalive_ms: int
    ) -> Iterator[list[Snapshot | StoredEvent]]:
        yield [snapshot]
        # The snapshot, its tournament and players, is not held while the
        # stream lasts: each watcher's own copy of them.
        tournament_id, last_event = snapshot.tournament.id, snapshot.last_event
        del snapshot
        with self._store.follow(key(tournament_id, "events"), last_event) as feed:
            while True:
                arrived = feed.next(keepalive_ms / 1000)
                batch: list[Snapshot | StoredEvent] = []
                for event in arrived:
                    if event.name == "tournament":  # a change of status: the whole of it
                        tournament, players = self.get(tournament_id)
                        batch.append(Snapshot(tournament, players, event.stream_id))
                    else:
                        batch.append(event)
                yield batch
                if any(event.name == "finished" for event in arrived):
                    return

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
        if player.bot and not tournament.bots:
            raise BotsNotAllowed("this tournament's maker did not allow bots")
        rating = self._ports.seating.current(player, tournament.category)
        refusal = tournament.conditions.refusal(rating)
        if refusal is not None:
            raise ConditionsNotMet(refusal)
        now = self._clock()
        standing = Standing(player.id, player.name, round(rating.rating), now, bot=player.bot)
        joined = self.play.join(tournament, standing, now)
        if joined is Joined.CLOSED:
            raise TournamentClosed(f"tournament {tournament_id} is finished")
        if joined is Joined.FULL:
            raise TournamentFull(f"tournament {tournament_id} has its players")
        if joined is Joined.PAUSED:
            wait_ms = self.play.paused_until(tournament_id, player.id) - now
            raise TournamentPaused(
                "paused for ending games before they were played", max(1, wait_ms)
            )
        if tournament.status is TournamentStatus.RUNNING:  # to pair at the next pass
            self.board.schedule.poke(tournament_id, now)
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
            raise NotTournamentCreator("only the tournament's creator starts it")
        if tournament.status is not TournamentStatus.UPCOMING:
            raise TournamentClosed(f"tournament {tournament_id} is {tournament.status}")
        started = tournament.started(self._clock())
        if not self.board.change_status(tournament, started):
            raise TournamentClosed(f"tournament {tournament_id} started already")
        return started
