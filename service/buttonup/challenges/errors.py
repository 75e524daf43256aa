"""Why the challenges wing refuses a request, independent of HTTP: each
class, its status and its stable code are declared in the wing's manifest,
which the core installs.

Tested in tests/e2e/test_challenges.py.
"""

from buttonup.kit import GameError, InvalidField


class ChallengeNotFound(GameError):
    """No challenge with that id that the player may see."""


class ChallengeClosed(GameError):
    """A challenge no longer pending: accepted, declined, canceled or lapsed."""


class NotYourChallenge(GameError):
    """A challenge answered by a player it does not ask, or canceled by
    another than its maker."""


class TooManyChallenges(GameError):
    """A player with as many pending challenges as one may make."""


class TooManyBlocks(GameError):
    """A player who blocks as many players as one may."""


class StreamRequired(GameError):
    """A real-time challenge by a player whose stream is not open: it would
    lapse at once."""


class InvalidChallenge(InvalidField):
    """A challenge whose fields do not go together (oneself challenged)."""
