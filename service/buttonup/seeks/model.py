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
is, what a player asks for and is answered, and what the game two paired
seeks start is played with (the core's games.pairing makes it).

Tested in tests/seeks/test_store.py, tests/seeks/test_service.py.
"""

from dataclasses import dataclass

from buttonup.kit import (
    Category,
    ClockSettings,
    Color,
    Options,
    Origin,
    PairedPlayer,
    Rating,
    Visibility,
    category_of,
    opponent,
)


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


# The wing's name, as its games' origin names it (MANIFEST's).
WING = "seeks"


def seek_options(seek: Seek) -> Options:
    """What a game two paired seeks make is played with (both seeks share
    the clock and `rated`): private, and with hints unless rated; its
    origin the seek that waited."""
    return Options(
        clock=seek.clock,
        rated=seek.rated,
        hints=not seek.rated,  # a rated game has none
        visibility=Visibility.PRIVATE,
        origin=Origin(WING, seek.id),
    )


def paired_players(seeks: dict[Color, Seek]) -> dict[Color, PairedPlayer]:
    return {
        color: PairedPlayer(seek.player_id, seek.name, seek.rating) for color, seek in seeks.items()
    }


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
    answers: str | None = None  # the id of the waiting seek it answers


@dataclass(frozen=True, slots=True)
class SeekPlaced:
    """A seek made: waiting, or paired at once into the game `game_id`."""

    seek: Seek
    game_id: str | None = None
