"""Seeks: "play anyone now". A player asks for a game with a time control,
rated or not, optionally within a rating range and in a colour; two seeks
that suit each other are paired into a new private game, both seats taken
for their players at once.

Two seeks suit each other when they are of different players, have the same
clock and the same `rated`, each player's rating is within the other's range
(when it has one) and their colours do not clash (both red, or both black).
The store's script applies that rule, atomically (seeks.store, lua/seek_lib.lua:
the one place it is written; tests/seeks/test_store.py holds it against a
plain statement of it); this module says what a seek
is, what a player asks for and is answered, and makes the game two paired
seeks start.

Tested in tests/seeks/test_store.py, tests/seeks/test_service.py.
"""

from dataclasses import dataclass, replace

from buttonup.engine.actions import Progress
from buttonup.engine.board import PLAYERS, Color, opponent
from buttonup.engine.clock import ClockSettings
from buttonup.engine.match import Match
from buttonup.engine.options import Options, UnratedReason, Visibility
from buttonup.engine.ratings import Category, Rating, category_of
from buttonup.engine.seats import Seat


@dataclass(frozen=True, slots=True)
class Seek:
    id: str
    player_id: str
    name: str | None
    rating: Rating  # the player's, in the seek's category, as they sought
    clock: ClockSettings | None
    rated: bool
    created_at: int  # ms
    rating_range: tuple[int, int] | None = None  # the opponents' ratings it accepts
    color: Color | None = None  # None: either

    @property
    def category(self) -> Category:
        return category_of(self.clock)


def paired_game(
    game_id: str,
    now: int,
    seeks: dict[Color, Seek],
    token_sha256: dict[Color, str],
    unrated: UnratedReason | None = None,
) -> tuple[Match, list[Progress]]:
    """The game two paired seeks start, at version 0 with both seats
    reserved for their players, and the changes that take both seats at
    once (it is playing from the second: its clock starts then; a rated
    one is played unrated from then when `unrated` says why)."""
    any_seek = seeks[Color.RED]
    options = Options(
        clock=any_seek.clock,
        rated=any_seek.rated,
        hints=not any_seek.rated,  # a rated game has none
        visibility=Visibility.PRIVATE,
        paired=True,
    )
    match = Match.new(game_id, options, now)
    seats = {
        color: Seat(
            name=seek.name,
            token_sha256=token_sha256[color],
            player_id=seek.player_id,
            rating=seek.rating if any_seek.rated else None,
        )
        for color, seek in seeks.items()
    }
    match = replace(match, red=seats[Color.RED], black=seats[Color.BLACK])
    changes: list[Progress] = []
    current = match
    for color in PLAYERS:
        last = color is PLAYERS[-1]
        progress = current.take_reserved(color, token_sha256[color], now, unrated if last else None)
        assert progress is not None  # reserved, not taken: a join
        changes.append(progress)
        current = progress.match
    return match, changes


def colors_of(first: Seek, second: Seek, coin: bool) -> dict[Color, Seek]:
    """Who plays which colour: as the seeks ask, else by the `coin`."""
    if first.color is not None:
        chosen = first.color
    elif second.color is not None:
        chosen = opponent(second.color)
    else:
        chosen = Color.RED if coin else Color.BLACK
    return {chosen: first, opponent(chosen): second}


@dataclass(frozen=True, slots=True)
class NewSeek:
    """What a seek asks for."""

    clock: ClockSettings | None
    rated: bool = False
    rating_range: tuple[int, int] | None = None
    color: Color | None = None


@dataclass(frozen=True, slots=True)
class SeekPlaced:
    """A seek made: waiting, or paired at once into the game `game_id`."""

    seek: Seek
    game_id: str | None = None
