"""The work each worker does by itself, whether or not any request comes: the
sweep of clocks that ran out (`Games.sweep`) and the work on a timer the
core and its wings ask for (`Games.periodic`: the presence beat, seeks'
marks), each on a thread of its own (a greenlet under gunicorn's gevent
workers), started with the app and stopped with it. Work with a nudge
(games.upkeep.Nudge) runs at once when a request nudges it in this process,
instead of at the end of its wait.

Every worker of every replica sweeps: the deadline index leases each game to
one sweeper at a time and the game's compare-and-set commits each timeout
once, so more sweepers only share the work.
"""

import logging
import secrets
import threading
import weakref

from buttonup.errors import GameError
from buttonup.games import Games
from buttonup.games.upkeep import Periodic

log = logging.getLogger(__name__)
_RUNNING: "weakref.WeakSet[Background]" = weakref.WeakSet()


def stop_all() -> None:
    """Stop every Background of this process (each app's, as at exit)."""
    for background in list(_RUNNING):
        background.stop()


class Background:
    def __init__(self, games: Games, sweep_seconds: float) -> None:
        self._games = games
        self._stopping = threading.Event()
        sweep = Periodic("sweeper", sweep_seconds, games.sweep)
        self._timers = [sweep, *games.periodic]
        self._threads = [
            threading.Thread(target=self._every, args=(timer,), name=timer.name, daemon=True)
            for timer in self._timers
        ]

    def start(self) -> None:
        _RUNNING.add(self)
        for thread in self._threads:
            thread.start()

    def stop(self, timeout: float = 2.0) -> None:
        """Ends both loops; this worker's connections are let go at once."""
        if self._stopping.is_set():
            return
        self._stopping.set()
        for timer in self._timers:  # a timer waiting on its nudge stops too
            if timer.nudge is not None:
                timer.nudge.now()
        _RUNNING.discard(self)
        for thread in self._threads:
            if thread.is_alive():
                thread.join(timeout)
        try:
            self._games.leave()
        except GameError as error:  # the others reap them once its beats stop
            log.warning("presence not let go on stop: %s", error)

    def _every(self, timer: Periodic) -> None:
        """The timer's work every `timer.seconds`, or at once when nudged. A
        failure is logged once, not every round (Redis away would fill the
        log several lines a second), and the return of the work once it
        succeeds again."""
        name, seconds, work = timer.name, timer.seconds, timer.work
        failing = False
        # Each worker's rounds start at a phase of their own, so that the
        # workers' rounds of shared work (a tournament's pairing) interleave.
        wait = seconds * secrets.randbelow(1000) / 1000
        while not self._waited(timer, wait):
            wait = seconds
            try:
                work()
            except GameError as error:  # Redis away: the next round tries again
                if not failing:
                    log.warning("%s: %s (said once, until it works again)", name, error)
                failing = True
                continue
            except Exception:
                log.exception("%s failed; it goes on", name)
                continue
            if failing:
                log.warning("%s: works again", name)
                failing = False

    def _waited(self, timer: Periodic, seconds: float) -> bool:
        """The wait before the timer's next round (cut short by its nudge):
        whether to stop instead."""
        if timer.nudge is None:
            return self._stopping.wait(seconds)
        timer.nudge.wait(seconds)
        return self._stopping.is_set()
