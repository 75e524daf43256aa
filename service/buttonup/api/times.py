"""Times as the API writes them: RFC 3339, UTC, to the millisecond.

Tested in tests/api/test_codec.py, tests/e2e/test_time.py.
"""

import functools
import time


@functools.lru_cache(maxsize=4096)
def timestamp(milliseconds: int) -> str:
    """RFC 3339, UTC, millisecond precision. Cached: a game's creation and each
    version's time appear in several answers and events. Every move makes a
    new one, so the second's part is kept apart: building it through
    datetime took 4 us a move."""
    seconds, millis = divmod(milliseconds, 1000)
    return f"{_second(seconds)}.{millis:03d}Z"


@functools.lru_cache(maxsize=256)
def _second(seconds: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds))


def timestamp_or_none(milliseconds: int | None) -> str | None:
    return timestamp(milliseconds) if milliseconds is not None else None
