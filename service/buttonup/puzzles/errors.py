"""Why the puzzles wing refuses a request, independent of HTTP: each class,
its status and its stable code are declared in the wing's manifest, which
the core installs.

Tested in tests/e2e/test_puzzles.py.
"""

from buttonup.kit import GameError


class PuzzleNotFound(GameError):
    """No puzzle with that id."""


class NoPuzzle(GameError):
    """No puzzle to serve now: none mined yet near the player's rating that
    they have not tried, or every one near it kept by the fair-play gate."""


class StreakMismatch(GameError):
    """A streak's attempt that does not fit the player's running streak: none
    runs with that id, or its puzzle now is another."""
