"""Typed domain events: what a command on a match did, one version at a time.

Each names the version it produced; the events of one change share it and
come in the order Moved, RoundOver, GameOver (or the ending that is not a
move: Resigned, Aborted, TimedOut or Abandoned, then GameOver). After the
end, a rematch is asked for (RematchOffered) and arranged (Rematched).

Tested in tests/engine/test_match.py, tests/api/test_codec.py.
"""

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from buttonup.engine.board import Color
from buttonup.engine.game import MoveOutcome, RoundResult


class EventName(StrEnum):
    """The names of a game's events, as its stream sends them."""

    CREATED = "created"  # a game made: what observers hear first, never on a stream
    GAME = "game"  # the snapshot a stream starts with, not a change
    JOINED = "joined"
    MOVE = "move"
    ROUND_OVER = "round_over"
    RESIGNED = "resigned"
    ABORTED = "aborted"
    TIMEOUT = "timeout"
    ABANDONED = "abandoned"
    GAME_OVER = "game_over"
    BERSERK = "berserk"
    REMATCH_OFFERED = "rematch_offered"
    REMATCH = "rematch"
    PRESENCE = "presence"  # who is connected: no change, no version, no id

    @property
    def streamed(self) -> bool:
        """Whether a game's stream sends it (a creation is only observed)."""
        return self is not EventName.CREATED


@dataclass(frozen=True, slots=True)
class Joined:
    name: ClassVar[EventName] = EventName.JOINED
    version: int
    color: Color


@dataclass(frozen=True, slots=True)
class Moved:
    name: ClassVar[EventName] = EventName.MOVE
    version: int
    outcome: MoveOutcome
    at: int  # milliseconds since the epoch


@dataclass(frozen=True, slots=True)
class RoundOver:
    name: ClassVar[EventName] = EventName.ROUND_OVER
    version: int
    result: RoundResult


@dataclass(frozen=True, slots=True)
class Resigned:
    name: ClassVar[EventName] = EventName.RESIGNED
    version: int
    color: Color


@dataclass(frozen=True, slots=True)
class GameOver:
    name: ClassVar[EventName] = EventName.GAME_OVER
    version: int


@dataclass(frozen=True, slots=True)
class Aborted:
    name: ClassVar[EventName] = EventName.ABORTED
    version: int
    color: Color | None  # who aborted; None when the first move's time ran out


@dataclass(frozen=True, slots=True)
class TimedOut:
    name: ClassVar[EventName] = EventName.TIMEOUT
    version: int
    color: Color  # whose clock ran out


@dataclass(frozen=True, slots=True)
class Abandoned:
    name: ClassVar[EventName] = EventName.ABANDONED
    version: int
    color: Color  # the absent player, who loses


@dataclass(frozen=True, slots=True)
class Berserked:
    """`color` went berserk before their first move: half their time, no increment."""

    name: ClassVar[EventName] = EventName.BERSERK
    version: int
    color: Color


@dataclass(frozen=True, slots=True)
class RematchOffered:
    """After the game's end: `color` asks for another game."""

    name: ClassVar[EventName] = EventName.REMATCH_OFFERED
    version: int
    color: Color


@dataclass(frozen=True, slots=True)
class Rematched:
    """The other seat agreed (or is a bot): `game_id` is the next game."""

    name: ClassVar[EventName] = EventName.REMATCH
    version: int
    color: Color  # the seat whose asking made it
    game_id: str


Event = (
    Joined
    | Moved
    | RoundOver
    | Resigned
    | Aborted
    | TimedOut
    | Abandoned
    | GameOver
    | Berserked
    | RematchOffered
    | Rematched
)
# The events that end a game and say how, each followed by GameOver.
Ending = Resigned | Aborted | TimedOut | Abandoned
