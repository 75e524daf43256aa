"""Why a request on a game was refused, beyond the rules' own refusals
(`buttonup.engine.errors`): what the use cases and storage add. Independent
of HTTP; `api.problems` maps each class to a status and a stable code. A
wing's own refusals are its own (subclasses of GameError, declared in its
manifest: buttonup.kit.Problem).

Each carries the game's current version where there is one.

Tested in tests/api/test_errors.py, tests/store/test_errors.py.
"""


class GameError(Exception):
    def __init__(self, detail: str, version: int | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        self.version = version


class InvalidField(GameError):
    """Fields of a request that do not go together, beyond their schema:
    the message, and the field the API's `errors` names for it (a wing's
    own such refusal is a subclass)."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


class GameNotFound(GameError):
    """No game with that id (never created, or expired)."""


class PlayerNotFound(GameError):
    """No player with that id (never made, or expired)."""


class RatedGameInProgress(GameError):
    """A rated game taken on by a player who holds as many rated games in
    play of its kind as one may (ratings.rated_play)."""


class RatedGamesPlayed(GameError):
    """A player who has played a rated game asks to become a bot account."""


class BotMovesLimited(GameError):
    """A bot account's move past its minute's allowance (games.bot_moves);
    `retry_after_ms`: the wait until the next minute."""

    def __init__(self, detail: str, retry_after_ms: int) -> None:
        super().__init__(detail)
        self.retry_after_ms = retry_after_ms


class PositionInPlay(GameError):
    """Perfect play the fair-play gate keeps (games.fair_play)."""


class OperatorOnly(GameError):
    """An operator's request without the deployment's operator key."""


class FlagNotFound(GameError):
    """No fair-play flag for that player."""


class StorageUnavailable(GameError):
    """The game store cannot be reached or did not answer in time; nothing was changed."""


class StorageFull(StorageUnavailable):
    """The game store refused a write for want of memory (Redis at its
    `maxmemory`); nothing was changed, and reads go on."""


class OutcomeUnknown(GameError):
    """A change was sent to the game store, which did not confirm it and could
    not be asked since: it may have been applied. A retry with the same
    Idempotency-Key (or a read of the game) tells."""


class VersionMismatch(GameError):
    """If-Match named a version the game is no longer at."""


class IdempotencyKeyReused(GameError):
    """The Idempotency-Key was first used with another request."""


class InvalidIdempotencyKey(GameError):
    """An Idempotency-Key too short for a scope that no secret guards."""


class ConcurrentUpdate(GameError):
    """The game kept changing under the request; it was not applied."""


class Unauthenticated(GameError):
    """A missing or unknown player key where one is required."""
