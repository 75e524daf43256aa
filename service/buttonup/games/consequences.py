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
whatever happens. A follow-up that fails (Redis away) is logged, never
raised: the change was made, and the request answers with it.
"""

import logging
from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from functools import partial
from types import TracebackType
from typing import ClassVar, Literal, Protocol

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


_AS_GIVEN = Plan.prepare
_NOTHING_FOLLOWS = Plan.follow
_HOLDS_NOTHING = Plan.close


class Consequence(Protocol):
    name: ClassVar[str]  # its marks' name: no colon
    survival: ClassVar[Survival]
    restamps: ClassVar[bool]  # whether its plans may restamp the changes

    def plan(self, commit: "Commit", changes: Sequence[Progress]) -> Plan | None:
        """Its part in this commit; None when the commit does not concern it."""
        ...

    def overdue(self, game_id: str, match: Match | None) -> None:
        """MARKED: run again for a game whose mark a process left (`match`
        as stored; None once the game is gone)."""
        ...


class Committing:
    """One commit through the table (`Consequences.committing`), and the
    `Commit` its plans see (the game before it, whether it makes it).
    Entered, the plans are prepared and the marks made; the pipeline stores
    `changes` (with `in_commit`) and says whether it did (`stored`); on
    exit, a stored commit is followed, and every plan is closed. A class
    rather than contextlib.contextmanager, and plans' steps that do nothing
    not called: it is entered for every commit."""

    __slots__ = (
        "_closing",
        "_marks",
        "_planned",
        "_table",
        "before",
        "changes",
        "created",
        "in_commit",
        "stored",
    )

    def __init__(
        self,
        table: "Consequences",
        before: Match,
        changes: list[Progress],
        *,
        created: bool = False,
    ) -> None:
        self._table = table
        self.before = before
        self.created = created
        self.changes = changes
        self.in_commit: list[Relay] = []
        self.stored = False
        self._planned: list[tuple[Consequence, Plan]] = []
        self._marks: dict[str, Mark] = {}
        self._closing = False

    def __enter__(self) -> "Committing":
        marked = False
        try:
            changes = self.changes
            for consequence in self._table.table:
                plan = consequence.plan(self, changes)
                if plan is None:
                    continue
                self._planned.append((consequence, plan))
                kind = type(plan)
                self._closing = self._closing or kind.close is not _HOLDS_NOTHING
                if kind.prepare is not _AS_GIVEN:  # most plans only follow
                    changes = plan.prepare(changes)
                if plan.in_commit:
                    self.in_commit += plan.in_commit
                marked = marked or consequence.survival is Survival.MARKED
            self.changes = changes
            if marked:
                self._marks = self._table.mark(self.before.id, self._planned)
        except BaseException:
            self._close()
            raise
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> Literal[False]:
        try:
            if kind is None and self.stored:
                self._table.follow(self._planned, self._marks, self.changes)
        finally:
            if self._closing:
                self._close()
        return False

    def _close(self) -> None:
        for _, plan in reversed(self._planned):
            if type(plan).close is not _HOLDS_NOTHING:
                plan.close()


# What the plans see of a commit: the game before it, whether it makes it.
Commit = Committing


class Consequences:
    def __init__(self, store: GameStore, clock: Callable[[], int]) -> None:
        self._store = store
        self._clock = clock
        self.table: list[Consequence] = []
        # Around one commit of `changes` after `before`: committing(before,
        # changes, created=False), a Committing (a partial: no call of its own).
        self.committing = partial(Committing, self)

    def register(self, consequence: Consequence) -> None:
        if any(known.name == consequence.name for known in self.table):
            raise ValueError(f"a consequence named {consequence.name} is registered already")
        self.table.append(consequence)
        self.table.sort(key=lambda known: not known.restamps)  # stable: restampers first

    @property
    def names(self) -> list[str]:
        return [consequence.name for consequence in self.table]

    def mark(self, game_id: str, planned: list[tuple["Consequence", Plan]]) -> dict[str, Mark]:
        """Before the commit: the game marked for each MARKED plan's consequence."""
        names = [c.name for c, _ in planned if c.survival is Survival.MARKED]
        if not names:
            return {}
        return {mark.consequence: mark for mark in self._store.mark(names, game_id, self._clock())}

    def follow(
        self,
        planned: list[tuple[Consequence, Plan]],
        marks: dict[str, Mark],
        changes: list[Progress],
    ) -> None:
        """Each plan followed; a MARKED one's failure left to the sweep (the
        commit stands whatever happens here)."""
        for consequence, plan in planned:
            mark = marks.get(consequence.name) if marks else None
            try:
                if type(plan).follow is not _NOTHING_FOLLOWS:
                    plan.follow(changes)
                if mark is not None:
                    self._store.settle_mark(mark)
            except errors.StorageUnavailable as error:  # the commit stands
                left = "left to the sweep" if mark is not None else "not followed"
                game_id = changes[-1].match.id
                log.warning("game %s: %s %s: %s", game_id, consequence.name, left, error)

    def catch_up(self) -> int:
        """The marks a process left overdue: each consequence run again from
        the game as stored. How many marks this call took out."""
        now = self._clock()
        by_name = {consequence.name: consequence for consequence in self.table}
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

        # One plan for every commit, one for every create: none made per commit.
        self._plans = (_Count(observe, []), _Count(observe, [EventName.CREATED]))

    def plan(self, commit: Commit, changes: Sequence[Progress]) -> Plan:
        return self._plans[commit.created]

    def overdue(self, game_id: str, match: Match | None) -> None:
        """Never marked."""


class _Count(Plan):
    def __init__(self, observe: Callable[[Iterable[str]], None], first: list[str]) -> None:
        self._observe = observe
        self._first = first

    def follow(self, changes: list[Progress]) -> None:
        self._observe([*self._first, *(event.name for p in changes for event in p.events)])
