"""Why a request on a game was refused, independent of HTTP.

Each carries the game's current version where there is one; `api.problems`
maps each class to a status and a stable code.
"""


class GameError(Exception):
    def __init__(self, detail: str, version: int | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        self.version = version


class Unauthorized(GameError):
    """No token, or one that belongs to no seat of this game."""


class SeatTaken(GameError):
    """The requested seat is not open."""


class GameFull(GameError):
    """No open seat is left."""


class GameNotInProgress(GameError):
    """A move or resignation while the game is waiting or finished."""


class NotYourTurn(GameError):
    """The token's colour is not the one to move."""


class IllegalMove(GameError):
    """The position is empty or its stack holds no white."""


class VersionMismatch(GameError):
    """If-Match named a version the game is no longer at."""


class IdempotencyKeyReused(GameError):
    """The Idempotency-Key was first used with another body."""


class HintsDisabled(GameError):
    """Analysis of a game in play that was created without hints."""


class ConcurrentUpdate(GameError):
    """The game kept changing under the request; it was not applied."""
