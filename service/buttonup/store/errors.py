"""What can go wrong when reading or committing a game record, and the one
way errors of one layer are raised as another's (ErrorsAs: Redis's as
these, store.connection).

A game not found, storage unavailable or full, and an outcome unknown are
the use cases' own errors (buttonup.errors): one set, raised here and
answered by the API as they are. What only the store and the pipeline
speak of (a version conflict, a broken seal) is the store's own."""

from collections.abc import Callable
from contextlib import ContextDecorator
from types import TracebackType
from typing import Literal

from buttonup.errors import GameNotFound, OutcomeUnknown, StorageFull, StorageUnavailable

__all__ = [
    "ErrorsAs",
    "GameNotFound",
    "OutcomeUnknown",
    "SealBroken",
    "StorageFull",
    "StorageUnavailable",
    "StoreError",
    "VersionConflict",
    "game_not_found",
]

Kinds = type[BaseException] | tuple[type[BaseException], ...]


class ErrorsAs(ContextDecorator):
    """A context manager (or a function's decorator) that raises an error
    of the kinds of a row of `table` as what the row makes of it, chained to
    it; the first row that matches decides. A class rather than
    contextlib.contextmanager: entered for every Redis call, a generator's
    context manager cost four times as much. Holds no state, so one instance
    serves every use at once."""

    __slots__ = ("_table",)

    def __init__(self, *table: tuple[Kinds, Callable[[BaseException], BaseException]]) -> None:
        self._table = table

    def __enter__(self) -> None:
        return None

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> Literal[False]:
        if kind is not None:
            for kinds, made in self._table:
                if issubclass(kind, kinds):
                    raise made(error) from error  # type: ignore[arg-type]
        return False


class StoreError(Exception):
    """Base of the errors only the store and the pipeline speak of."""


def game_not_found(game_id: str) -> GameNotFound:
    return GameNotFound(f"no game {game_id}")


class VersionConflict(StoreError):
    """The game changed since it was read: the commit was not applied."""

    def __init__(self, current_version: int) -> None:
        super().__init__(f"the game is now at version {current_version}")
        self.current_version = current_version


class SealBroken(StoreError):
    """A seal this deployment's secret did not make (another secret, or an
    earlier release's seal): what it holds cannot be told again."""
