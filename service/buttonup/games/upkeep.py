"""A worker's upkeep, whether or not requests come: its presence beat, its
leaving, and the work each worker does on a timer (`Periodic`, run by
buttonup.sweeper).

Tested in tests/test_sweeper.py, tests/store/test_presence.py.
"""

from collections.abc import Callable
from dataclasses import dataclass

from buttonup.store import BEAT_SECONDS, GameStore

__all__ = ["BEAT_SECONDS", "Periodic", "Upkeep"]


@dataclass(frozen=True, slots=True)
class Periodic:
    name: str
    seconds: float
    work: Callable[[], object]


class Upkeep:
    def __init__(self, store: GameStore) -> None:
        self._store = store

    def beat(self) -> None:
        """This process is alive; dead ones' stream connections are let go."""
        self._store.beat()

    def leave(self) -> None:
        """This process stops: its stream connections are let go now."""
        self._store.leave()
