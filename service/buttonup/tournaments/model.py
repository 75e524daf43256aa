"""Tournaments, as docs/tournaments.md defines them: what one is made with,
where it stands (upcoming, running, finished), who may join, and each
player's standing, changed by each game's end. Pure and immutable, `now`
passed in.

An arena (after lichess's) runs for its minutes: a player whose game ends
goes back to the pool and is paired again at once (tournaments.pairing).
A win scores WIN_POINTS, a loss nothing; after STREAK_AFTER wins in a row
each win scores STREAK_WIN_POINTS until a loss. An aborted game (nobody
moved) counts for nobody.

Tested in tests/tournaments/test_model.py.
"""

from dataclasses import dataclass, replace
from enum import StrEnum

from buttonup.kit import Category, ClockSettings, Rating, Visibility, category_of


class System(StrEnum):
    ARENA = "arena"
    SWISS = "swiss"


class Scoring(StrEnum):
    RESULT = "result"
    PAR = "par"  # against perfect play on the same deals (Swiss only)


class TournamentStatus(StrEnum):
    UPCOMING = "upcoming"
    RUNNING = "running"
    FINISHED = "finished"


NAME_LENGTH = (1, 60)
ARENA_MINUTES = (10, 720)
SWISS_ROUNDS = (1, 30)
MAX_PLAYERS = (2, 10_000)
# How far ahead a tournament may be set to start: a year.
STARTS_WITHIN_MS = 366 * 86_400_000

WIN_POINTS = 2
# An arena's berserk (engine.clock): a win so played scores this more, when
# the berserk player made BERSERK_MIN_MOVES moves at least in the game.
BERSERK_WIN_POINTS = 1
BERSERK_MIN_MOVES = 7
STREAK_WIN_POINTS = 4
STREAK_AFTER = 2  # wins in a row, after which a win scores STREAK_WIN_POINTS
SWISS_WIN_POINTS = 1
BYE_POINTS = 1  # a Swiss round sat out, as a win
# A game counts only once each player has made a move (docs/tournaments.md,
# "Played games"); who ends one earlier, or never moves in it, is paused:
# from their second such game in a tournament, for PAUSE_STEP_MS, doubling
# with each more, at most PAUSE_MAX_MS, before they may join again.
PAUSE_STEP_MS = 60_000
PAUSE_MAX_MS = 3_600_000
PAR_BYE_POINTS = 0  # under par scoring: a round sat out scores as perfect play

# A tie-break and a rank's key share a sorted set's score: the points first,
# the tie-break (a performance, or a Buchholz that par scoring may make
# negative: within +-TIE_BREAK_SPAN / 2) after.
TIE_BREAK_SPAN = 10_000
_TIE_BREAK_HALF = TIE_BREAK_SPAN // 2


# A player's berserk in a game: none, gone berserk, or gone berserk and made
# BERSERK_MIN_MOVES moves (a win then scores BERSERK_WIN_POINTS more).
Berserk = int
NO_BERSERK, BERSERKED, BERSERK_EARNED = 0, 1, 2
NO_BERSERKS = (NO_BERSERK, NO_BERSERK)  # a game's, neither player gone berserk


@dataclass(frozen=True, slots=True)
class Conditions:
    """Who may join: a rating (in the tournament's category) within bounds,
    and as many rated games played in it at least. None: no bound."""

    min_rating: int | None = None
    max_rating: int | None = None
    min_rated_games: int | None = None

    def refusal(self, rating: Rating) -> str | None:
        """Why a player of this `rating` (and its rated games) may not join; None: they may."""
        rated_games = rating.games
        shown = round(rating.rating)
        if self.min_rating is not None and shown < self.min_rating:
            return f"a rating of {self.min_rating} at least is asked for; yours is {shown}"
        if self.max_rating is not None and shown > self.max_rating:
            return f"a rating of {self.max_rating} at most is asked for; yours is {shown}"
        if self.min_rated_games is not None and rated_games < self.min_rated_games:
            return (
                f"{self.min_rated_games} rated games of the category at least are asked for; "
                f"you have played {rated_games}"
            )
        return None


@dataclass(frozen=True, slots=True)
class NewTournament:
    """What a tournament is made with (POST /v1/tournaments)."""

    name: str
    system: System
    clock: ClockSettings
    scoring: Scoring = Scoring.RESULT
    rated: bool = False
    starts_at: int | None = None  # ms; None: when its creator starts it
    minutes: int | None = None  # an arena's
    rounds: int | None = None  # a Swiss's
    max_players: int = 1000
    conditions: Conditions = Conditions()
    visibility: Visibility = Visibility.PUBLIC
    bots: bool = False  # whether bot accounts may join


@dataclass(frozen=True, slots=True)
class Problem:
    """What is wrong with a new tournament as a whole, and the field to
    name for it (the API's `errors`)."""

    field: str
    message: str


def new_tournament_problem(new: NewTournament, now: int) -> Problem | None:
    """What is wrong with `new` as a whole (each field is bounded where it
    enters); None: nothing."""
    if new.system is System.ARENA:
        if new.minutes is None:
            return Problem("minutes", "an arena runs for `minutes`")
        if new.rounds is not None:
            return Problem("rounds", "an arena runs for `minutes`, not `rounds`")
        if new.scoring is Scoring.PAR:
            return Problem(
                "scoring", "par scoring is for a Swiss: an arena's players meet on different deals"
            )
    else:
        if new.rounds is None:
            return Problem("rounds", "a Swiss is played in `rounds`")
        if new.minutes is not None:
            return Problem("minutes", "a Swiss is played in `rounds`, not `minutes`")
    if new.starts_at is not None and not now <= new.starts_at <= now + STARTS_WITHIN_MS:
        return Problem("starts_at", "`starts_at` is in the past or more than a year ahead")
    bounds = new.conditions
    if (
        bounds.min_rating is not None
        and bounds.max_rating is not None
        and bounds.min_rating > bounds.max_rating
    ):
        return Problem("conditions.min_rating", "`min_rating` is above `max_rating`")
    return None


@dataclass(frozen=True, slots=True)
class Tournament:
    id: str
    name: str
    system: System
    scoring: Scoring
    clock: ClockSettings
    rated: bool
    status: TournamentStatus
    created_by: str  # the creating player's id
    created_at: int  # ms
    starts_at: int | None  # ms; None: when its creator starts it
    ends_at: int | None  # an arena's, once running; a finished one's end
    minutes: int | None
    rounds: int | None
    round: int  # a Swiss's round in play (0 before it starts)
    max_players: int
    conditions: Conditions
    visibility: Visibility
    bots: bool = False  # whether bot accounts may join (its maker's say)

    @classmethod
    def new(cls, tournament_id: str, new: NewTournament, created_by: str, now: int) -> "Tournament":
        return cls(
            id=tournament_id,
            name=new.name,
            system=new.system,
            scoring=new.scoring,
            clock=new.clock,
            rated=new.rated,
            status=TournamentStatus.UPCOMING,
            created_by=created_by,
            created_at=now,
            starts_at=new.starts_at,
            ends_at=None,
            minutes=new.minutes,
            rounds=new.rounds,
            round=0,
            max_players=new.max_players,
            conditions=new.conditions,
            visibility=new.visibility,
            bots=new.bots,
        )

    @property
    def category(self) -> Category:
        return category_of(self.clock)

    def started(self, now: int) -> "Tournament":
        """Running from `now`: an arena until its minutes are up."""
        ends_at = now + self.minutes * 60_000 if self.minutes is not None else None
        return replace(
            self, status=TournamentStatus.RUNNING, starts_at=now, ends_at=ends_at, round=1
        )

    def finished(self, now: int) -> "Tournament":
        return replace(self, status=TournamentStatus.FINISHED, ends_at=now)

    def due_to_start(self, now: int) -> bool:
        return (
            self.status is TournamentStatus.UPCOMING
            and self.starts_at is not None
            and self.starts_at <= now
        )

    @property
    def par_scored(self) -> bool:
        """Scored against perfect play (tournaments.par): a Swiss's only."""
        return self.scoring is Scoring.PAR

    def pairing(self, now: int) -> bool:
        """Whether it pairs players now: an arena while its minutes run."""
        if self.status is not TournamentStatus.RUNNING:
            return False
        return self.ends_at is None or now < self.ends_at


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's place in a tournament, as its games' ends left it.

    `streak`: the wins in a row up to now; `firsts`: how many of the
    player's last games in a row they started (negative: played second);
    `started`: the games they started in all; `opponents_rating`: the sum of
    the ratings (at join) of the opponents met, for the performance; `met`:
    the opponents met, in order; `byes`: a Swiss's rounds sat out with a
    bye; `buchholz` and `sonneborn`: a Swiss's tie-breaks, as of its last
    round's end."""

    player_id: str
    name: str | None
    rating: int  # in the tournament's category, at join
    joined_at: int  # ms
    score: int = 0
    games: int = 0
    wins: int = 0
    losses: int = 0
    streak: int = 0
    berserks: int = 0
    firsts: int = 0
    last_opponent: str | None = None
    opponents_rating: int = 0
    met: tuple[str, ...] = ()
    byes: int = 0
    started: int = 0
    buchholz: int = 0
    sonneborn: int = 0
    withdrawn: bool = False
    bot: bool = False  # a bot account's

    @property
    def performance(self) -> int:
        """The rating the results would earn against these opponents (the
        linear estimate: their average, +400 per win, -400 per loss, over the
        games); before any game, the player's own rating."""
        if not self.games:
            return self.rating
        return round((self.opponents_rating + 400 * (self.wins - self.losses)) / self.games)

    def tie_break(self, system: System) -> int:
        """An arena's: the performance; a Swiss's: the Buchholz (within
        +-TIE_BREAK_SPAN / 2)."""
        value = self.performance if system is System.ARENA else self.buchholz
        return _within_span(value)

    def rank_key(self, system: System) -> int:
        """Its order in the standings, the higher the better: points, then
        the tie-break (a Swiss's, then the Sonneborn-Berger)."""
        key = self.score * TIE_BREAK_SPAN + self.tie_break(system) + _TIE_BREAK_HALF
        if system is System.ARENA:
            return key
        return key * TIE_BREAK_SPAN + _within_span(self.sonneborn) + _TIE_BREAK_HALF

    def played(
        self,
        opponent: "Standing",
        won: bool,
        started: bool,
        system: System = System.ARENA,
        par: int | None = None,
        berserk: Berserk = NO_BERSERK,
    ) -> tuple["Standing", int]:
        """The standing after a game against `opponent` (as they stood),
        `won` or lost, `started` first or second, and the points it scored:
        its `par` when scored against perfect play (tournaments.par); an
        arena's win played berserk with enough moves scores more."""
        points = 0
        if par is not None:
            points = par
        elif won and system is System.SWISS:
            points = SWISS_WIN_POINTS
        elif won:
            points = STREAK_WIN_POINTS if self.streak >= STREAK_AFTER else WIN_POINTS
            points += BERSERK_WIN_POINTS if berserk == BERSERK_EARNED else 0
        if started:
            firsts = self.firsts + 1 if self.firsts > 0 else 1
        else:
            firsts = self.firsts - 1 if self.firsts < 0 else -1
        after = replace(
            self,
            score=self.score + points,
            games=self.games + 1,
            wins=self.wins + won,
            losses=self.losses + (not won),
            streak=self.streak + 1 if won else 0,
            berserks=self.berserks + (berserk != NO_BERSERK),
            firsts=firsts,
            started=self.started + started,
            last_opponent=opponent.player_id,
            opponents_rating=self.opponents_rating + opponent.rating,
            met=(*self.met, opponent.player_id),
        )
        return after, points

    def sat_out(self, points: int = BYE_POINTS) -> tuple["Standing", int]:
        """The standing after a Swiss round's bye, and its points."""
        return replace(self, score=self.score + points, byes=self.byes + 1), points


def _within_span(value: int) -> int:
    return max(1 - _TIE_BREAK_HALF, min(_TIE_BREAK_HALF - 1, value))


# A bye's id among the results counted: its round after this (never a game's id).
BYE_PREFIX = "bye-"


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished tournament game, as it counts: who started (played first)
    and who won; `winner` None for a game that counts for nobody (aborted).
    A Swiss round's bye is a result of its own, `second` empty. `par`: the
    first player's points against perfect play (tournaments.par), the
    second's being its opposite; None when the tournament scores results."""

    game_id: str
    first: str  # player ids
    second: str
    winner: str | None
    par: int | None = None
    berserk: tuple[Berserk, Berserk] = NO_BERSERKS  # the first's and the second's

    @property
    def bye(self) -> bool:
        return not self.second

    @property
    def bye_round(self) -> int | None:
        """A bye's round (its id names it; it is no game)."""
        return int(self.game_id.removeprefix(BYE_PREFIX)) if self.bye else None

    def counted(
        self, first: Standing, second: Standing | None, system: System = System.ARENA
    ) -> tuple[Standing, Standing | None, dict[str, int]] | None:
        """Both standings after the game, and each player's points; None
        when it counts for nobody."""
        if self.bye:
            sat_out, bye_points = first.sat_out(BYE_POINTS if self.par is None else self.par)
            return sat_out, None, {first.player_id: bye_points}
        if self.winner is None or second is None:
            return None
        second_par = -self.par if self.par is not None else None
        first_berserk, second_berserk = self.berserk
        first_after, first_points = first.played(
            second, self.winner == first.player_id, True, system, self.par, first_berserk
        )
        second_after, second_points = second.played(
            first, self.winner == second.player_id, False, system, second_par, second_berserk
        )
        points = {first.player_id: first_points, second.player_id: second_points}
        return first_after, second_after, points


def bye_result(round_number: int, player_id: str, par_scored: bool = False) -> GameResult:
    """A Swiss round's bye: one a round, named by its round, so that it is
    given once however often its giving runs (under par scoring, worth
    PAR_BYE_POINTS)."""
    par = PAR_BYE_POINTS if par_scored else None
    return GameResult(f"{BYE_PREFIX}{round_number}", player_id, "", player_id, par)


def with_tie_breaks(
    standings: dict[str, Standing], results: list[GameResult]
) -> dict[str, Standing]:
    """A Swiss's tie-breaks from the games counted: the Buchholz, the sum of
    the scores of the opponents met; the Sonneborn-Berger, the sum of the
    scores of those beaten (a bye adds to neither)."""
    buchholz = dict.fromkeys(standings, 0)
    sonneborn = dict.fromkeys(standings, 0)
    for result in results:
        if result.bye or result.winner is None:
            continue
        for one, other in ((result.first, result.second), (result.second, result.first)):
            if one in buchholz and other in standings:
                buchholz[one] += standings[other].score
                if result.winner == one:
                    sonneborn[one] += standings[other].score
    return {
        player_id: replace(standing, buchholz=buchholz[player_id], sonneborn=sonneborn[player_id])
        for player_id, standing in standings.items()
    }


def replayed(
    joined: list[Standing], results: list[GameResult], system: System = System.ARENA
) -> dict[str, Standing]:
    """Each player's standing after `results` in order, from how they joined:
    the definition the stored standings are held to (a Swiss's with its
    tie-breaks as of the last result)."""
    standings = {standing.player_id: standing for standing in joined}
    for result in results:
        counted = result.counted(standings[result.first], standings.get(result.second), system)
        if counted is not None:
            first, second, _ = counted
            standings[result.first] = first
            if second is not None:
                standings[result.second] = second
    return with_tie_breaks(standings, results) if system is System.SWISS else standings
