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


# Finished rounds the kept matches hold in all: a round kept costs some
# 1.6 KB (its result, and the plain form a view of the game reuses), so
# games of some 290 rounds each (the longest record an import takes) cannot
# grow a worker past some 13 MB, while thousands of games of a few rounds
# are kept as before.
ROUNDS_KEPT = 8_192


class RecentMatches:
    """Only a shortcut for replaying: every read still asks Redis for the
    current version, so a stale entry is never used. Bounded by the matches
    kept and by the rounds they hold (ROUNDS_KEPT), the oldest going first."""

    def __init__(self, capacity: int, rounds: int = ROUNDS_KEPT) -> None:
        self._capacity = capacity
        self._rounds_budget = rounds
        self._rounds = 0
        self._matches: OrderedDict[str, tuple[Match, Revision]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> tuple[Match, Revision] | None:
        return self._matches.get(game_id)

    def put(self, match: Match, revision: Revision) -> None:
        with self._lock:
            replaced = self._matches.pop(match.id, None)
            if replaced is not None:
                self._rounds -= len(replaced[0].game.rounds)
            self._matches[match.id] = (match, revision)
            self._rounds += len(match.game.rounds)
            while len(self._matches) > 1 and (
                len(self._matches) > self._capacity or self._rounds > self._rounds_budget
            ):
                _, (dropped, _) = self._matches.popitem(last=False)
                self._rounds -= len(dropped.game.rounds)
