"""What the store's scripts answer first, by name: each script's header
comment (lua/*.lua) says the same codes, and the rest of its answer."""

from enum import Enum, IntEnum


class Created(IntEnum):
    """create.lua."""

    EXISTS = 0  # the game is there already: {0, its create's reply or "-"}
    WRITTEN = 1  # {1, Redis's clock}
    LATE = 4  # past the write's deadline, nothing written: {4, Redis's clock}


class Committed(IntEnum):
    """commit.lua."""

    GONE = 0  # no such game
    CONFLICT = 1  # the game moved on: {1, its version}
    REPLIED = 2  # the Idempotency-Key's first request committed: {2, version, its reply}
    WRITTEN = 3  # {3, Redis's clock}
    LATE = 4  # past the write's deadline, nothing written: {4, Redis's clock}
    WRITTEN_BEFORE = 5  # this very write, sent again, was written: {5, Redis's clock}


class Read(bytes, Enum):
    """read.lua: what follows the version."""

    CURRENT = b"="  # the caller's match is current
    TAIL = b"T"  # {T, the log after the caller's}
    FULL = b"F"  # {F, the base, the log}
    FORMAT1 = b"1"  # {1, a format-1 record}


# The answers that carry Redis's clock second (store.settling).
WITH_REDIS_CLOCK = frozenset(
    {Created.WRITTEN, Committed.WRITTEN, Committed.LATE, Committed.WRITTEN_BEFORE}
)
