"""What the use cases answer, typed: outcomes of commands, pages, the items
of game and player streams, timelines and analyses. The API's codec makes
their JSON.

Tested in tests/games/test_pipeline.py, tests/api/test_codec.py.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from buttonup.engine import (
    BotLevel,
    Color,
    Match,
    Options,
    Status,
)
from buttonup.engine.actions import Progress
from buttonup.engine.analysis import (
    PositionAnalysis,
    RoundReview,
)
from buttonup.engine.events import Event, Moved
from buttonup.engine.player import Notice, Player
from buttonup.store import SeatPresence


@dataclass(frozen=True, slots=True)
class NewGame:
    options: Options = field(default_factory=Options)
    bots: dict[Color, BotLevel] = field(default_factory=dict)  # seats a bot takes


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a command did: each version it made, in order, and the match
    after the last. `replayed`: the first answer to an idempotent retry,
    rebuilt from storage; nothing was applied this time."""

    match: Match
    changes: list[Progress]
    replayed: bool = False
    seat: Color | None = None  # the seat that acted, when a seat's credential was asked for
    # A replay's: the secret the first answer handed out, sealed (store.idempotency).
    sealed: str = ""
    # A replay of an answer an earlier release kept: its events, whose versions storage
    # cannot rebuild (they came before its log).
    earlier_events: Sequence[Event] = ()

    @property
    def events(self) -> list[Event]:
        if not self.changes:
            return list(self.earlier_events)
        return [event for progress in self.changes for event in progress.events]


@dataclass(frozen=True, slots=True)
class Seated:
    outcome: Outcome
    color: Color
    token: str  # the seat's bearer token: in this answer and nowhere else


@dataclass(frozen=True, slots=True)
class RematchOffered:
    """A rematch asked for, waiting for the other seat: `outcome` is the old game's."""

    outcome: Outcome
    offered_by: tuple[Color, ...]


@dataclass(frozen=True, slots=True)
class NewPlayer:
    player: Player
    key: str  # the player's key: in this answer and nowhere else
    replayed: bool = False


@dataclass(frozen=True, slots=True)
class MyGame:
    """A game of a player's, as the player's list shows it."""

    match: Match
    color: Color  # the player's seat

    @property
    def my_turn(self) -> bool:
        return self.match.status is Status.PLAYING and self.match.game.to_move is self.color


@dataclass(frozen=True, slots=True)
class MyGamesPage:
    games: list[MyGame]
    next_offset: int | None  # where the next page starts; None on the last


@dataclass(frozen=True, slots=True)
class LobbyPage:
    games: list[Match]
    next_after: tuple[float, str] | None  # where the next page starts; None on the last


# What a game's stream carries, for the API's codec to render.


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The whole game, first on every stream."""

    match: Match


@dataclass(frozen=True, slots=True)
class Happened:
    """A version's events, with the match they made."""

    match: Match
    events: Sequence[Event]


@dataclass(frozen=True, slots=True)
class PresenceNow:
    """Which seats are connected, as of now: no change of the game, no version."""

    seats: dict[Color, SeatPresence]


StreamItem = Snapshot | Happened | PresenceNow


# What a player's stream carries.


@dataclass(frozen=True, slots=True)
class MyGamesNow:
    """The player's games not finished, as of `position` in the player's
    stream: first on every new connection."""

    games: list[MyGame]
    position: str


@dataclass(frozen=True, slots=True)
class Heard:
    """What the player heard of a game, at `position` in the player's stream."""

    position: str
    notice: Notice
    token: str | None = None  # game_start: the seat's token, for this player alone


@dataclass(frozen=True, slots=True)
class PaddedKeepAlive:
    """A keep-alive while what a player's stream holds up must know it is
    read (a seek: games.ports), large enough that a stream nobody reads
    fills its buffers within a minute: the server then sees its writes stall
    and ends it (buttonup.worker), and what it held up goes with it."""


@dataclass(frozen=True, slots=True)
class Told:
    """A wing's notice to the player (games.inbox), at `position` in the
    player's stream: its name, and its data as the wing gave it (JSON)."""

    position: str
    name: str
    data: str


PlayerStreamItem = MyGamesNow | Heard | Told | PaddedKeepAlive


@dataclass(frozen=True, slots=True)
class Timeline:
    """Every version of a game that storage can rebuild, by replaying its log."""

    base: Match
    changes: list[Progress]  # one per version after the base
    earlier_moves: list[Moved]  # a game begun by an earlier release: its moves before the base

    @property
    def current(self) -> Match:
        return self.changes[-1].match if self.changes else self.base

    def at(self, version: int) -> Match:
        if version == self.base.version:
            return self.base
        return self.changes[version - self.base.version - 1].match

    def between(self, first: int, last: int) -> list[Progress]:
        offset = self.base.version + 1
        return self.changes[first - offset : last - offset + 1]

    def moves(self) -> list[Moved]:
        """Every move, oldest first: the earlier release's, then the replayed."""
        moved = [
            event
            for progress in self.changes
            for event in progress.events
            if isinstance(event, Moved)
        ]
        return [*self.earlier_moves, *moved]


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    match: Match
    position: PositionAnalysis
    reviews: list[RoundReview]  # a page of the finished rounds
    next_after: int | None = None  # the last round of this page, when more follow
    # This page's rounds the fair-play gate keeps: left out of `reviews`.
    withheld: tuple[int, ...] = ()
