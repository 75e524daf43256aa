"""A tournament's games as its rules see them (docs/tournaments.md): what
each is played with, whether it was played (a move each), who ended one
unplayed, how a finished one counts, and the players as a Swiss round's
pairing takes them. Pure: the match and the standings passed in.

Tested in tests/tournaments/test_service.py, tests/tournaments/test_par.py.
"""

from buttonup.kit import PLAYERS, Color, EndReason, Match, Options, Origin, Visibility, opponent
from buttonup.tournaments.model import (
    BERSERK_EARNED,
    BERSERK_MIN_MOVES,
    BERSERKED,
    NO_BERSERK,
    Berserk,
    GameResult,
    Scoring,
    Standing,
    System,
    Tournament,
)
from buttonup.tournaments.par import red_par
from buttonup.tournaments.swiss import Contender

# The wing's name, as its games' origin names it (MANIFEST's).
WING = "tournaments"


def tournament_of(match: Match) -> str | None:
    """The id of the tournament whose pairing made the game (None: none)."""
    origin = match.options.origin
    return origin.id if origin is not None and origin.wing == WING else None


def tournament_game_options(tournament: Tournament) -> Options:
    """What a tournament's game is played with: its clock, rated as it is,
    without hints (a standing is earned by play, rated or not), private,
    the first player red; an arena's allow berserk."""
    return Options(
        clock=tournament.clock,
        rated=tournament.rated,
        hints=False,
        berserk=tournament.system is System.ARENA,
        visibility=Visibility.PRIVATE,
        first_player=Color.RED,
        origin=Origin(WING, tournament.id),
    )


def played(match: Match) -> bool:
    """Whether a tournament game was played: each player made a move."""
    return match.end_reason is not EndReason.ABORTED and all(c in match.moved for c in PLAYERS)


def unplayed_by(match: Match, aborted_by: Color | None = None) -> list[str]:
    """Who ended a finished game before it was played, to pause: who
    resigned, called it off (`aborted_by`: the seat that did, if one did),
    or let their clock run out, a first move's included (a no-show, red or
    black). None of a game played."""
    if played(match):
        return []
    game = match.game
    enders = {color for color in (game.resigned, aborted_by) if color is not None}
    if match.end_reason in (EndReason.TIMEOUT, EndReason.ABANDONED) and game.winner is not None:
        enders.add(opponent(game.winner))
    if match.end_reason is EndReason.ABORTED and not enders:  # a first move never came
        first = match.options.first_player or Color.RED
        enders.add(first if first not in match.moved else opponent(first))
    return [
        player_id
        for color in PLAYERS
        if color in enders and (player_id := match.seat(color).player_id) is not None
    ]


def result_of(match: Match, scoring: Scoring = Scoring.RESULT) -> GameResult:
    """A finished tournament game as it counts: red started it (its
    first player); a game not played (tournaments.running.played) counts
    for nobody; under par scoring, red's par (tournaments.par)."""
    red, black = (match.seat(color).player_id or "" for color in PLAYERS)
    winner = match.game.winner
    if not played(match) or winner is None:
        return GameResult(match.id, red, black, None)
    par = red_par(match) if scoring is Scoring.PAR else None
    berserk = (berserk_of(match, Color.RED), berserk_of(match, Color.BLACK))
    return GameResult(match.id, red, black, match.seat(winner).player_id, par, berserk)


def berserk_of(match: Match, color: Color) -> Berserk:
    clock = match.clock
    if clock is None or color not in clock.berserk:
        return NO_BERSERK
    return BERSERK_EARNED if clock.berserk_moves[color] >= BERSERK_MIN_MOVES else BERSERKED


def contender(standing: Standing, place: int = 0) -> Contender:
    run = standing.firsts
    recent = (run > 0,) * min(abs(run), 2)
    return Contender(
        standing.player_id,
        standing.score,
        standing.rating,
        frozenset(standing.met),
        standing.byes,
        standing.started,
        standing.games - standing.started,
        run > 0 if run else None,
        recent,
        place,
    )


def placed(standings: list[Standing], system: System) -> list[Standing]:
    """In the standings' order, best first: by rank key, then by id as the
    ranks' sorted set orders equal keys (tournaments.store)."""
    return sorted(standings, key=lambda s: (s.rank_key(system), s.player_id), reverse=True)
