"""What can go wrong when reading or committing a game record."""


class StoreError(Exception):
    """Base of the store's errors."""


class GameNotFound(StoreError):
    """No game with that id (never created, or expired)."""


class VersionConflict(StoreError):
    """The game changed since it was read: the commit was not applied."""

    def __init__(self, current_version: int) -> None:
        super().__init__(f"the game is now at version {current_version}")
        self.current_version = current_version


class StorageUnavailable(StoreError):
    """Redis cannot be reached or did not answer in time; nothing was changed."""


class OutcomeUnknown(StoreError):
    """A write reached Redis and no answer came back, and Redis could not be
    asked since whether it ran: it may have been applied (never later than its
    deadline, a fraction of a second after it was sent)."""
