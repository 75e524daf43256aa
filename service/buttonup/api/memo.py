"""A bounded memo of what the API renders: the codec keeps what one version
of a game renders to, so that every request and stream for it shares one.

Tested in tests/api/test_codec.py.
"""

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class Memo(Generic[T]):
    """What was made, least recently made first out, within a budget of bytes
    (a long game's later versions each render to tens of KB)."""

    def __init__(self, budget_bytes: int) -> None:
        self._budget = budget_bytes
        self._held = 0
        self._items: OrderedDict[Hashable, T] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        found = self._items.get(key)
        if found is not None:
            return found
        made = make()
        with self._lock:
            if key not in self._items:
                self._items[key] = made
                self._held += len(made)  # type: ignore[arg-type]
            while self._held > self._budget and len(self._items) > 1:
                _, dropped = self._items.popitem(last=False)
                self._held -= len(dropped)  # type: ignore[arg-type]
        return made
