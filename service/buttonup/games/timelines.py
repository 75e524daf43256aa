"""The timelines a worker replayed lately, bounded by the versions they hold.

Tested in tests/api/test_history.py, tests/e2e/test_cursors.py.
"""

import threading
from collections import OrderedDict

from buttonup.games.results import Timeline
from buttonup.slices import in_slices
from buttonup.store import History


class Timelines:
    """Timelines replayed lately, by game: a longer log replays only its new
    part. Bounded by the versions held in all (a long bots' game holds a
    thousand), so that no mix of requests makes a worker hold more."""

    def __init__(self, versions: int) -> None:
        self._budget = versions
        self._held = 0
        self._timelines: OrderedDict[str, Timeline] = OrderedDict()
        self._lock = threading.Lock()

    def extend(self, history: History) -> Timeline:
        known = self._timelines.get(history.base.id)
        if (
            known is not None
            and known.base == history.base
            and len(known.changes) <= len(history.actions)
        ):
            changes = list(known.changes)
        else:
            changes = []
        start = changes[-1].match if changes else history.base
        changes += in_slices(start.replay(history.actions[len(changes) :]))
        timeline = Timeline(history.base, changes, history.earlier_moves)
        with self._lock:
            replaced = self._timelines.pop(history.base.id, None)
            if replaced is not None:
                self._held -= len(replaced.changes)
            self._timelines[history.base.id] = timeline
            self._held += len(changes)
            while self._held > self._budget and len(self._timelines) > 1:
                _, dropped = self._timelines.popitem(last=False)
                self._held -= len(dropped.changes)
        return timeline
