"""Long work in slices: between two slices of a request's CPU-bound work
(a bot's move, a round reviewed, a stretch of a log replayed), the worker's
other requests run.

The service's gunicorn workers are gevent's. Its sleep(0) hands over to the
greenlets that are ready, but not to those waiting on a socket: gevent's
loop may run many such hand-overs before it polls (its documentation says
as much), so a request whose slices each sleep(0) can keep a worker's new
requests waiting for tens of milliseconds. A sleep of any positive length
makes the loop poll first; it costs a loop turn (up to a millisecond when
nothing else is ready), so it is taken only when the loop last polled a
couple of milliseconds ago or more (the loop's clock, `loop.now()`, is the
time of its last turn), and sleep(0) otherwise. In a process gevent did not
patch there is nobody to hand over to: nothing is done.

Tested in tests/e2e/test_bounded_cost.py.
"""

import time
from collections.abc import Iterable, Iterator
from typing import TypeVar

from gevent import get_hub, monkey

T = TypeVar("T")

# Versions a replay of a game's log makes between two slices: a few
# hundred microseconds of CPU.
REPLAY_SLICE = 64
POLL_AFTER_SECONDS = 0.002


def let_others_run() -> None:
    if not monkey.is_module_patched("time"):
        return
    if time.time() - get_hub().loop.now() < POLL_AFTER_SECONDS:
        time.sleep(0)
    else:
        time.sleep(0.0001)  # the loop polls the sockets before this greenlet runs again


def in_slices(items: Iterable[T], size: int = REPLAY_SLICE) -> Iterator[T]:
    """`items`, letting others run after every `size` of them."""
    for count, item in enumerate(items, start=1):
        yield item
        if count % size == 0:
            let_others_run()
