"""Long work in slices: between two slices of a request's CPU-bound work
(a bot's move, a round reviewed, a stretch of a log replayed), the worker's
other requests run; and work that mostly waits on Redis done side by side.

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

Each hand-over waits its turn behind the worker's ready requests: on a busy
worker, work that hands over after every small step (a round judged, 2 ms)
waits many turns and ends late. `every_slice` hands over only once a slice
of time has run.

Work such as a pass's games, each a few round trips to Redis, is done
`side_by_side` under gevent, a few greenlets at once, so that it waits
about one game's round trips rather than all of them one after another.

A worker works on at most so many requests at once (`TURNS`, set by the
worker from BUTTONUP_REQUESTS_AT_ONCE): on a saturated worker each ready
greenlet waits behind every other one at each of its round trips, and
with hundreds of requests ready a tournament's pairing pass (a dozen round
trips, on a timer's greenlet) took a second. The requests past the bound
wait for a turn before they start, first come first served, and what runs
beside requests (timers, the streams' deliveries) waits behind a few. A
request gives its turn up at every hand-over of long work
(let_others_run) and while it waits on purpose (`sleep_aside`), so that no
request keeps a turn it does not use.

Work that a greenlet waiting for long (an event stream's) must do now and
then, and that calls deep (a round of Redis reads), is done `apart`, on a
greenlet that ends with it: each greenlet has its own stack of Python
frames, and every page of it the greenlet ever reached stays in memory for
as long as it lives (docs/performance.md, "Twenty thousand streams").

Tested in tests/test_slices.py, tests/e2e/test_bounded_cost.py.
"""

import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import gevent
from gevent import get_hub, monkey
from gevent.event import Event
from gevent.pool import Pool

T = TypeVar("T")
R = TypeVar("R")

# Versions a replay of a game's log makes between two slices: a few
# hundred microseconds of CPU.
REPLAY_SLICE = 64
POLL_AFTER_SECONDS = 0.002
# CPU-bound work holds a worker at most about this long between hand-overs.
SLICE_SECONDS = 0.01
# Greenlets that one piece of side-by-side work runs at once.
SIDE_BY_SIDE = 8
# A request's turn this long is a stall (its work takes milliseconds).
STALLED_SECONDS = 0.25


class Turns:
    """The requests a worker works on at once (the module's words). A turn
    given back goes to the request that has waited longest. When every
    request that has a turn has had it for STALLED_SECONDS (waiting on a
    Redis that stopped answering, say), those waiting go on without one:
    the bound is there to keep a busy worker's round trips short, not to
    queue requests behind a stall, which each must answer within its own
    timeouts (a 503 that changed nothing)."""

    def __init__(self) -> None:
        self._at_once = 0  # 0: as many as arrive
        self._free = 0  # turns nobody has
        self._holding: dict[Any, float] = {}  # greenlet: when its turn began
        self._waiting: deque[Event] = deque()

    def limit(self, at_once: int) -> None:
        """At most `at_once` requests at work (0: no bound); set once, by
        a worker as it starts, before it answers anything."""
        self._at_once = self._free = max(0, at_once)

    @contextmanager
    def turn(self) -> Iterator[None]:
        """A request's work, once a turn is free."""
        if not self._at_once:
            yield
            return
        me = gevent.getcurrent()
        self._take(me)
        try:
            yield
        finally:
            self._give_back(me)

    @contextmanager
    def aside(self) -> Iterator[None]:
        """The current request's turn given up meanwhile, and then waited
        for again behind those that came before (nothing for a greenlet
        without one: a timer's, a stream's)."""
        me = gevent.getcurrent()
        if me not in self._holding:
            yield
            return
        self._give_back(me)
        try:
            yield
        finally:
            self._take(me)

    def _take(self, me: Any) -> None:
        if self._free and not self._waiting:
            self._free -= 1
        else:
            handed = Event()
            self._waiting.append(handed)
            try:
                while not handed.wait(STALLED_SECONDS):
                    if self._stalled():
                        self._waiting.remove(handed)
                        return  # on without a turn
            except BaseException:  # ended while waiting: its place, or its turn, passed on
                if handed.is_set():
                    self._hand_on()
                else:
                    self._waiting.remove(handed)
                raise
        self._holding[me] = time.monotonic()

    def _give_back(self, me: Any) -> None:
        if self._holding.pop(me, None) is not None:  # else it had none
            self._hand_on()

    def _hand_on(self) -> None:
        if self._waiting:
            self._waiting.popleft().set()  # handed on: nobody may take it meanwhile
        else:
            self._free += 1

    def _stalled(self) -> bool:
        began = self._holding.values()
        return bool(began) and time.monotonic() - max(began) >= STALLED_SECONDS


TURNS = Turns()


def sleep_aside(seconds: float) -> None:
    """A request's pause on purpose (a refusal held back, a lease polled
    for), its turn given to another request meanwhile."""
    with TURNS.aside():
        time.sleep(seconds)


def let_others_run() -> None:
    if not monkey.is_module_patched("time"):
        return
    with TURNS.aside():
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


def every_slice(
    seconds: float = SLICE_SECONDS,
    hand_over: Callable[[], None] = let_others_run,
    clock: Callable[[], float] = time.perf_counter,
) -> Callable[[], None]:
    """A `pause` for long work to call between its steps: it hands over
    (let_others_run) only once `seconds` have run since it last did."""
    last = clock()

    def pause() -> None:
        nonlocal last
        if clock() - last >= seconds:
            hand_over()
            last = clock()

    return pause


def side_by_side(
    work: Callable[[T], R], items: Sequence[T], at_most: int = SIDE_BY_SIDE
) -> list[R]:
    """`work` done on each item, its answers in the items' order: up to
    `at_most` at once under gevent, one after another where gevent did not
    patch (there, nothing waits for another's round trips). An error is
    raised as `work` raised it."""
    if len(items) < 2 or not monkey.is_module_patched("socket"):
        return [work(item) for item in items]
    return list(Pool(at_most).imap(work, items))


def apart(work: Callable[[], R], abandoned: Callable[[R], object] | None = None) -> R:
    """`work()` on a greenlet of its own under gevent, its answer (or what
    it raised) here; called here where gevent did not patch. The work is
    never cut halfway: should this greenlet be ended while it waits (its
    client gone, its worker stopping), the work is let finish, and its
    answer, which nobody will take, is handed to `abandoned`."""
    if not monkey.is_module_patched("socket"):
        return work()
    doing = gevent.spawn(work)
    try:
        return doing.get()
    except BaseException:
        doing.join()
        if abandoned is not None and doing.successful():
            abandoned(doing.value)
        raise
