"""The sweep of clocks that ran out: each worker ends the games the deadline
index leases to it.

Tested in tests/games/test_pipeline.py, tests/test_sweeper.py.
"""

from collections.abc import Callable, Sequence

from buttonup import errors
from buttonup.games.results import Outcome
from buttonup.store import Due, GameStore

SWEEP_BATCH = 200  # games a sweeper takes from the deadline index at once
SWEEP_LEASE_MS = 2000  # how long other sweepers leave them alone


class Sweep:
    def __init__(
        self,
        store: GameStore,
        clock: Callable[[], int],
        expire: Callable[[str], Outcome],
        follow_ups: Sequence[Callable[[], object]] = (),
    ) -> None:
        self._store = store
        self._clock = clock
        self._expire = expire
        self.follow_ups = list(follow_ups)

    def sweep(self) -> int:
        """End the games whose clock ran out, from the deadline index; how
        many this call ended. Each game's entry is put back at its deadline,
        or taken out when no clock runs any more. Then what a process that
        died left half done: the overdue marks (games.consequences), and
        what a wing adds (`Games.after_sweep`)."""
        ended = 0
        while True:
            due = self._store.claim_due(self._clock(), SWEEP_BATCH, SWEEP_LEASE_MS)
            ended += self._end(due)
            if len(due) < SWEEP_BATCH:  # behind: go on at once
                break
        for follow_up in self.follow_ups:
            follow_up()
        return ended

    def _end(self, due: list[Due]) -> int:
        ended = 0
        for entry in due:
            try:
                outcome = self._expire(entry.game_id)
            except errors.GameNotFound:
                deadline = None
            except (errors.StorageUnavailable, errors.OutcomeUnknown, errors.ConcurrentUpdate):
                continue  # its lease runs out and a sweep takes it again
            else:
                deadline = outcome.match.deadline
                ended += bool(outcome.changes)
            self._store.settle_deadline(entry, deadline)
        return ended
