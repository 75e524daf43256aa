"""The rules of the clock, pure: time is an argument (`now`, milliseconds since
the epoch), never read.

Two kinds (API.md, revision 2, "Time"):
- `fischer`: each player has a bank of time that runs only while they are to
  move; after each of their moves the increment is added;
- `per_move`: each turn has the same time, afresh; nothing carries over.

A clock runs for the player to move while the game is playing, and is
stopped while it waits or once it is over. A move stops the mover's clock
and starts that of whoever moves next: the same player after an extra turn
(their clock keeps running, plus the increment). There is no pause between
rounds. Bot seats use no time: while a bot is to move, no clock runs.

A move at the deadline's very millisecond is in time; one millisecond later
the clock has run out.

Berserk (a `fischer` clock, where the game allows it, before the player's
first move): half the initial time is taken from the player's bank (down
to nothing at most), and they get no increment for the rest of the game.
"""

from dataclasses import dataclass, replace
from enum import StrEnum

from buttonup.engine.board import Color
from buttonup.engine.game import Tally

SECOND_MS = 1000
NO_MOVES = Tally()


class ClockType(StrEnum):
    FISCHER = "fischer"
    PER_MOVE = "per_move"


# The settings a game may be created with, in seconds: (lowest, highest).
FISCHER_INITIAL_SECONDS = (10, 7200)
FISCHER_INCREMENT_SECONDS = (0, 120)
PER_MOVE_SECONDS = (5, 1_209_600)  # up to 14 days: correspondence


@dataclass(frozen=True, slots=True)
class ClockSettings:
    type: ClockType
    initial_seconds: int = 0  # fischer: each player's bank at the start
    increment_seconds: int = 0  # fischer: added after each of one's moves
    seconds: int = 0  # per_move: the time of every turn

    def __post_init__(self) -> None:
        if self.type is ClockType.FISCHER:
            _within("initial_seconds", self.initial_seconds, FISCHER_INITIAL_SECONDS)
            _within("increment_seconds", self.increment_seconds, FISCHER_INCREMENT_SECONDS)
        else:
            _within("seconds", self.seconds, PER_MOVE_SECONDS)

    @property
    def turn_ms(self) -> int:
        """What a turn starts with: the bank (fischer) or the turn's time."""
        seconds = self.initial_seconds if self.type is ClockType.FISCHER else self.seconds
        return seconds * SECOND_MS


@dataclass(frozen=True, slots=True)
class Clock:
    """Both players' time as of `since`, and whose is running then."""

    settings: ClockSettings
    remaining_ms: Tally
    running: Color | None = None
    since: int = 0
    berserk: frozenset[Color] = frozenset()  # the seats gone berserk
    berserk_moves: Tally = NO_MOVES  # the moves each made since (for a tournament's bonus)

    @classmethod
    def new(cls, settings: ClockSettings) -> "Clock":
        full = settings.turn_ms
        return cls(settings, Tally(red=full, black=full))

    def remaining(self, color: Color, now: int) -> int:
        """What `color` has left at `now` (0 once run out)."""
        left = self.remaining_ms[color]
        if color is self.running:
            left -= now - self.since
        return max(0, left)

    @property
    def deadline(self) -> int | None:
        """When the running clock reaches zero; None while none runs."""
        if self.running is None:
            return None
        return self.since + self.remaining_ms[self.running]

    def ran_out(self, now: int) -> Color | None:
        """The player whose clock has run out at `now`, if any."""
        deadline = self.deadline
        return self.running if deadline is not None and now > deadline else None

    def start(self, color: Color | None, now: int) -> "Clock":
        """`color` is to move from `now` (None: a bot, or nobody): their clock
        runs; a per-move clock starts the turn afresh."""
        clock = self.stop(now)
        if color is None:
            return clock
        remaining = clock.remaining_ms
        if self.settings.type is ClockType.PER_MOVE:
            remaining = _with(remaining, color, self.settings.turn_ms)
        return replace(clock, remaining_ms=remaining, running=color, since=now)

    def moved(self, mover: Color | None, next_to_move: Color | None, now: int) -> "Clock":
        """After a move by `mover` (None: a bot) at `now`: the mover's time is
        charged (plus the increment), and `next_to_move`'s clock starts (None
        when a bot or nobody is to move next, as when the game is over)."""
        clock = self.stop(now)
        if mover in self.berserk:
            clock = replace(clock, berserk_moves=clock.berserk_moves.add(mover, 1))
        elif mover is not None and self.settings.type is ClockType.FISCHER:
            increment = self.settings.increment_seconds * SECOND_MS
            clock = replace(clock, remaining_ms=clock.remaining_ms.add(mover, increment))
        return clock.start(next_to_move, now)

    @property
    def berserk_allowed(self) -> bool:
        """Whether its kind lets a player go berserk: a bank of time to halve."""
        return self.settings.type is ClockType.FISCHER

    def berserked(self, color: Color, now: int) -> "Clock":
        """`color` goes berserk at `now`: half the initial time off their bank
        (their clock charged first if it runs), no increment from now."""
        running = self.running
        clock = self.stop(now)
        penalty = self.settings.turn_ms // 2
        remaining = _with(clock.remaining_ms, color, max(0, clock.remaining_ms[color] - penalty))
        clock = replace(clock, remaining_ms=remaining, berserk=clock.berserk | {color})
        return clock.start(running, now) if running is not None else clock

    def stop(self, now: int) -> "Clock":
        """No clock runs from `now`; the one that ran is charged its time."""
        if self.running is None:
            return replace(self, since=now)
        spent = now - self.since
        remaining = _with(
            self.remaining_ms, self.running, max(0, self.remaining_ms[self.running] - spent)
        )
        return replace(self, remaining_ms=remaining, running=None, since=now)


def _with(tally: Tally, color: Color, value: int) -> Tally:
    return replace(tally, red=value) if color is Color.RED else replace(tally, black=value)


def _within(name: str, value: int, bounds: tuple[int, int]) -> None:
    low, high = bounds
    if not low <= value <= high:
        raise ValueError(f"{name} must be within {low}..{high}, not {value}")
