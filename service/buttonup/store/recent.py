"""The last matches this process read or wrote, by game id, bounded."""

import threading
from collections import OrderedDict
from dataclasses import dataclass

from buttonup.engine import Match


@dataclass(frozen=True, slots=True)
class Revision:
    """Where a loaded match stands in storage: the log's length at its version
    (-1 when it came from a format-1 record, which its next commit upgrades)."""

    log_length: int

    @property
    def upgraded(self) -> bool:
        return self.log_length >= 0


class RecentMatches:
    """Only a shortcut for replaying: every read still asks Redis for the
    current version, so a stale entry is never used."""

    def __init__(self, capacity: int) -> None:
        self._capacity = capacity
        self._matches: OrderedDict[str, tuple[Match, Revision]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> tuple[Match, Revision] | None:
        return self._matches.get(game_id)

    def put(self, match: Match, revision: Revision) -> None:
        with self._lock:
            self._matches[match.id] = (match, revision)
            self._matches.move_to_end(match.id)
            if len(self._matches) > self._capacity:
                self._matches.popitem(last=False)
