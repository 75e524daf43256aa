"""Why the seeks wing refuses a request, independent of HTTP: each class,
its status and its stable code are declared in the wing's manifest
(seeks.PROBLEMS), which the core installs.

Tested in tests/e2e/test_seeks.py.
"""

from buttonup.kit import GameError


class SeekNotFound(GameError):
    """No open seek with that id of the player asking."""


class BotsNotAllowed(GameError):
    """A seek by a bot account: bots play challenges, not seeks."""


class StreamRequired(GameError):
    """A seek by a player whose stream is not open: it would be gone at once."""
