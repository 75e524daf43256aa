"""What the engine refuses, each its own exception.

A refusal by the match carries the match's version, so that an answer can
tell the client where the game is; the game's own refusals carry none.

Tested in tests/engine/test_match.py, tests/engine/test_game.py.
"""


class RulesError(Exception):
    """A move or action the rules do not allow."""

    def __init__(self, detail: str, version: int | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        self.version = version


class IllegalMove(RulesError):
    """The position is empty or its stack holds no white button."""


class NotYourTurn(RulesError):
    """The player who tried to act is not the player to move."""


class NotInProgress(RulesError):
    """The match is waiting for players or finished: nothing can be played."""


class SeatTaken(RulesError):
    """The requested seat is not open."""


class GameFull(RulesError):
    """No open seat is left."""


class NotSeated(RulesError):
    """No token, or one that belongs to no seat of this match."""


class HintsDisabled(RulesError):
    """Analysis of a match in play that was created without hints."""


class AbortNotAllowed(RulesError):
    """Abort after the game's first move."""


class BerserkNotAllowed(RulesError):
    """Berserk where a game does not allow it, or after one's first move."""


class ClaimNotAllowed(RulesError):
    """Claim victory while the opponent is not gone long enough, or on one's
    own turn. `retry_after_ms`: when the wait that is running would allow it."""

    def __init__(
        self, detail: str, version: int | None = None, retry_after_ms: int | None = None
    ) -> None:
        super().__init__(detail, version)
        self.retry_after_ms = retry_after_ms


class RematchClosed(RulesError):
    """A rematch asked for after the window since the game's end."""


class RatedNeedsPlayers(RulesError):
    """A rated game with a bot seat, or a seat of one taken without a player's key."""
