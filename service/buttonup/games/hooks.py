"""What a wing hooks into the core's use cases, declared in one value
(`Hooks`, which its manifest's `attach` returns with its use cases) and
installed by `Games.hook`: the consequences of a commit it registers, the
ports it fills, the work a worker does for it on a timer, and the work
each sweep does after the core's. A wing calls none of the core's
registration methods itself, so what it adds is read in one place.

Tested in tests/games/test_hooks.py.
"""

from collections.abc import Callable
from dataclasses import dataclass

from buttonup.games.consequences import Consequence
from buttonup.games.ports import RatedSeating, ResultRating, Sealing, StreamListening
from buttonup.games.upkeep import Nudge


@dataclass(frozen=True, slots=True)
class Timer:
    """Work each worker does every `seconds` (buttonup.sweeper), named in
    its logs and meters by `name`; with a `nudge`, at once whenever the
    wing nudges it in this process."""

    name: str
    seconds: float
    work: Callable[[], object]
    nudge: Nudge | None = None


@dataclass(frozen=True, slots=True)
class Hooks:
    """Everything a wing adds to the use cases: `consequences` of commits
    (games.consequences), `seating` and `results` (ports one wing at most
    fills), `listening` and `sealing` (ports any number add to), `timers`, and
    `after_sweep` (what a process that died left of the wing's)."""

    consequences: tuple[Consequence, ...] = ()
    seating: RatedSeating | None = None
    listening: StreamListening | None = None
    sealing: Sealing | None = None
    results: ResultRating | None = None
    timers: tuple[Timer, ...] = ()
    after_sweep: tuple[Callable[[], object], ...] = ()
