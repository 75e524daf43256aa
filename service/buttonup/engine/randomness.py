"""Reproducible random draws from a seed, the same on every machine and Python.

`random.Random` does not promise the same sequence across Python versions, so
each draw is derived from SHA-256 of the seed, a purpose and a counter.
"""

import hashlib
from collections.abc import MutableSequence
from typing import Any

_WORD_BYTES = 8
_WORD_RANGE = 1 << (8 * _WORD_BYTES)


class SeededDraws:
    """A stream of uniform draws for one purpose (e.g. "round/3") of one seed."""

    def __init__(self, seed: int, purpose: str) -> None:
        self._prefix = f"buttonup/v1/{seed}/{purpose}/".encode()
        self._counter = 0
        self._buffer = b""

    def _take(self, size: int) -> bytes:
        while len(self._buffer) < size:
            block = hashlib.sha256(self._prefix + str(self._counter).encode()).digest()
            self._counter += 1
            self._buffer += block
        taken, self._buffer = self._buffer[:size], self._buffer[size:]
        return taken

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound), by rejection sampling (no modulo bias)."""
        if bound < 1:
            raise ValueError("bound must be positive")
        limit = _WORD_RANGE - _WORD_RANGE % bound
        while True:
            word = int.from_bytes(self._take(_WORD_BYTES), "big")
            if word < limit:
                return word % bound

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
