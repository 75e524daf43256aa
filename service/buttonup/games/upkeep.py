"""A worker's upkeep, whether or not requests come: its presence beat, its
leaving, and the work each worker does on a timer (`Periodic`, run by
buttonup.sweeper).

Tested in tests/test_sweeper.py, tests/store/test_presence.py.
"""

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from buttonup.store import BEAT_SECONDS, GameStore

__all__ = ["BEAT_SECONDS", "Nudge", "Periodic", "Upkeep"]


class Nudge:
    """Work on a timer asked for now: its next round starts at once
    instead of at the end of its wait (a wing's work that a request has
    just made due, such as a tournament's pairing after a game's end)."""

    def __init__(self) -> None:
        self._due = threading.Event()  # a gevent event where gevent patched

    def now(self) -> None:
        self._due.set()

    def wait(self, seconds: float) -> None:
        """Until nudged or `seconds` passed; a nudge meanwhile is used up."""
        self._due.wait(seconds)
        self._due.clear()


@dataclass(frozen=True, slots=True)
class Periodic:
    name: str
    seconds: float
    work: Callable[[], object]
    # Wakes the work before its time (None: every `seconds`, no sooner).
    nudge: Nudge | None = field(default=None, compare=False)


class Upkeep:
    def __init__(self, store: GameStore) -> None:
        self._store = store

    def beat(self) -> None:
        """This process is alive; dead ones' stream connections are let go."""
        self._store.beat()

    def leave(self) -> None:
        """This process stops: its stream connections are let go now."""
        self._store.leave()
