"""What follows a commit, in one table: each consequence of a committed
change (relays to the players, fair play's positions, the metrics, and
what a wing adds, such as ratings) is a handler registered here, and the
pipeline commits through the table without naming any of them.

Each handler says how what it does survives a process that dies between
the commit and it (`Survival`):
- MARKED: the game is marked for it before the commit (store.marks), the
  mark settled once it ran; the sweep runs the marks left overdue again
  (`catch_up`), from the game as stored. It must be idempotent by game.
- PULLED: whoever reads what it writes catches up from the log (a player's
  stream relays what it missed; fair play checks a listed game against the
  game itself).
- IN_PROCESS: it lives and dies with the process (the metrics).

A handler's part in one commit is a `Plan`: made for the commits it
concerns (most concern few), it may restamp the changes before they are
stored (a rated game's end carries both ratings: restamping handlers go
first, so that every other one sees what is stored), may write in the
commit itself (`in_commit`), follows the commit once stored, and is closed
whatever happens.
"""

import logging
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar, Protocol

from buttonup import errors
from buttonup.engine import Match
from buttonup.engine.actions import Progress
from buttonup.engine.events import EventName
from buttonup.store import GameNotFound, GameStore, Mark, Relay

log = logging.getLogger(__name__)

# A mark older than this has no commit on its way: a commit runs within its
# write window (store.settling, half a second) or never.
OVERDUE_AFTER_MS = 10_000
CATCH_UP_BATCH = 100
CATCH_UP_LEASE_MS = 30_000


class Survival(Enum):
    MARKED = "marked"
    PULLED = "pulled"
    IN_PROCESS = "in_process"


class Plan:
    """A handler's part in one commit; each step does nothing unless a
    handler's plan says otherwise."""

    # Written by the commit itself where the store can (store.records).
    in_commit: Sequence[Relay] = ()

    def prepare(self, changes: list[Progress]) -> list[Progress]:
        """Before the commit: the changes to store (restamped, or as given)."""
        return changes

    def follow(self, changes: list[Progress]) -> None:
        """After the commit stored `changes`."""

    def close(self) -> None:
        """Whatever happened: what the plan holds let go."""


@dataclass(frozen=True, slots=True)
class Commit:
    """One commit on its way: the game before it and whether it makes it."""

    before: Match
    created: bool


class Consequence(Protocol):
    name: ClassVar[str]  # its marks' name: no colon
    survival: ClassVar[Survival]
    restamps: ClassVar[bool]  # whether its plans may restamp the changes

    def plan(self, commit: Commit, changes: Sequence[Progress]) -> Plan | None:
        """Its part in this commit; None when the commit does not concern it."""
        ...

    def overdue(self, game_id: str, match: Match | None) -> None:
        """MARKED: run again for a game whose mark a process left (`match`
        as stored; None once the game is gone)."""
        ...


@dataclass(slots=True)
class Committing:
    """What the pipeline stores, and tells the table it stored."""

    changes: list[Progress]
    in_commit: list[Relay] = field(default_factory=list)
    stored: bool = False


class Consequences:
    def __init__(self, store: GameStore, clock: Callable[[], int]) -> None:
        self._store = store
        self._clock = clock
        self._table: list[Consequence] = []

    def register(self, consequence: Consequence) -> None:
        if any(known.name == consequence.name for known in self._table):
            raise ValueError(f"a consequence named {consequence.name} is registered already")
        self._table.append(consequence)
        self._table.sort(key=lambda known: not known.restamps)  # stable: restampers first

    @property
    def names(self) -> list[str]:
        return [consequence.name for consequence in self._table]

    @contextmanager
    def committing(
        self, before: Match, changes: list[Progress], *, created: bool = False
    ) -> Iterator[Committing]:
        """Around one commit of `changes` after `before`: the plans prepared
        and the marks made before it, followed once the pipeline says it is
        stored (`Committing.stored`), closed in any case."""
        commit = Commit(before, created)
        with ExitStack() as held:
            planned = []
            for consequence in self._table:
                plan = consequence.plan(commit, changes)
                if plan is None:
                    continue
                held.callback(plan.close)
                changes = plan.prepare(changes)
                planned.append((consequence, plan))
            marks = self._mark(before.id, [c for c, _ in planned])
            committing = Committing(changes, [r for _, plan in planned for r in plan.in_commit])
            yield committing
            if committing.stored:
                self._follow(planned, marks, committing.changes)

    def _mark(self, game_id: str, concerned: Iterable[Consequence]) -> dict[str, Mark]:
        names = [c.name for c in concerned if c.survival is Survival.MARKED]
        if not names:
            return {}
        return {mark.consequence: mark for mark in self._store.mark(names, game_id, self._clock())}

    def _follow(
        self,
        planned: list[tuple[Consequence, Plan]],
        marks: dict[str, Mark],
        changes: list[Progress],
    ) -> None:
        """Each plan followed; a MARKED one's failure left to the sweep (the
        commit stands whatever happens here)."""
        for consequence, plan in planned:
            mark = marks.get(consequence.name)
            try:
                plan.follow(changes)
                if mark is not None:
                    self._store.settle_mark(mark)
            except errors.StorageUnavailable as error:
                if mark is None:
                    raise
                log.warning(
                    "game %s: %s left to the sweep: %s", mark.game_id, mark.consequence, error
                )

    def catch_up(self) -> int:
        """The marks a process left overdue: each consequence run again from
        the game as stored. How many marks this call took out."""
        now = self._clock()
        by_name = {consequence.name: consequence for consequence in self._table}
        due = self._store.claim_marks(
            now - OVERDUE_AFTER_MS, CATCH_UP_BATCH, now + CATCH_UP_LEASE_MS
        )
        settled = 0
        for mark in due:
            consequence = by_name.get(mark.consequence)
            try:
                if consequence is None:
                    log.warning("mark %s: no such consequence here; dropped", mark.member)
                else:
                    consequence.overdue(mark.game_id, self._stored(mark.game_id))
                settled += self._store.settle_mark(mark)
            except errors.StorageUnavailable:
                continue  # its lease runs out and a sweep takes it again
        return settled

    def _stored(self, game_id: str) -> Match | None:
        try:
            return self._store.load(game_id).match
        except GameNotFound:
            return None


class Counted:
    """The metrics: told the names of what each commit did (EventName.CREATED
    for a new game, then its events')."""

    name: ClassVar[str] = "metrics"
    survival: ClassVar[Survival] = Survival.IN_PROCESS
    restamps: ClassVar[bool] = False

    def __init__(self, observe: Callable[[Iterable[str]], None]) -> None:
        self._observe = observe

    def plan(self, commit: Commit, changes: Sequence[Progress]) -> Plan:
        return _Count(self._observe, commit.created)

    def overdue(self, game_id: str, match: Match | None) -> None:
        """Never marked."""


@dataclass(slots=True)
class _Count(Plan):
    observe: Callable[[Iterable[str]], None]
    created: bool

    def follow(self, changes: list[Progress]) -> None:
        created = [EventName.CREATED] if self.created else []
        self.observe([*created, *(event.name for p in changes for event in p.events)])
