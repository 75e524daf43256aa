"""Storage's errors as the use cases' own: the API never sees the store."""

from buttonup import errors
from buttonup.store import ErrorsAs
from buttonup.store import GameNotFound as StoredGameNotFound
from buttonup.store import OutcomeUnknown as StoreOutcomeUnknown
from buttonup.store import StorageFull as StoreFull
from buttonup.store import StorageUnavailable as StoreUnavailable

STORE_ERRORS = ErrorsAs(
    (StoredGameNotFound, lambda error: errors.GameNotFound(f"no game {error}")),
    (StoreFull, lambda error: errors.StorageFull(str(error))),
    (StoreUnavailable, lambda error: errors.StorageUnavailable(str(error))),
    (StoreOutcomeUnknown, lambda error: errors.OutcomeUnknown(str(error))),
)
