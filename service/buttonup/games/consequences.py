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
from itertools import chain
from types import TracebackType
from typing import ClassVar, Literal, Protocol

from buttonup import errors
from buttonup.engine import Match, Status
from buttonup.engine.actions import Action, Progress
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
    # Which steps a kind of plan has (set for each subclass): a commit skips
    # the others without a call, as most plans only follow.
    prepares: ClassVar[bool] = False
    follows: ClassVar[bool] = False
    closes: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.prepares = cls.prepare is not Plan.prepare
        cls.follows = cls.follow is not Plan.follow
        cls.closes = cls.close is not Plan.close

    def prepare(self, changes: list[Progress]) -> list[Progress]:
        """Before the commit: the changes to store (restamped, or as given)."""
        return changes

    def follow(self, changes: list[Progress]) -> None:
        """After the commit stored `changes`."""

    def close(self) -> None:
        """Whatever happened: what the plan holds let go."""


def restamped_end(
    before: Match, changes: Sequence[Progress], stamp: Callable[[Progress], Action]
) -> list[Progress]:
    """`changes` (after `before`) with the action that ends the game
    replaced by `stamp`'s, given the version it made; every version from it
    on made again from its action, so that each says what is stored. A
    restamping consequence's `prepare` (a rated end's ratings, its review)."""
    made: list[Progress] = []
    previous, redone = before, False
    for progress in changes:
        action = progress.action
        if not redone and progress.match.status is Status.FINISHED:
            action, redone = stamp(progress), True
        made.append(previous.apply(action) if redone else progress)
        previous = made[-1].match
    return made


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


_MARKED = Survival.MARKED


class Committing:
    """One commit through the table (`Consequences.committing`), and the
    `Commit` its plans see (the game before it, whether it makes it).
    Entered, the plans are prepared and the marks made; the pipeline stores
    `changes` (with `in_commit`) and says whether it did (`stored`); on
    exit, a stored commit is followed, and every plan is closed. A class
    rather than contextlib.contextmanager, with nothing made that a commit
    does not need and no step called that does nothing: it is entered for
    every commit."""

    __slots__ = (
        "_closing",
        "_following",
        "_marks",
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
        created: bool = False,
    ) -> None:
        self._table = table
        self.before = before
        self.created = created
        self.changes = changes
        self.in_commit: Sequence[Relay] = ()
        self.stored = False
        # The plans with a step after the commit, and those to close: most
        # commits have one plan that follows (the metrics) and none to close.
        self._following: list[tuple[Consequence, Plan]] = []
        self._closing: list[Plan] = []
        self._marks: dict[str, Mark] | None = None

    def __enter__(self) -> "Committing":
        changes = self.changes
        following = self._following
        try:
            for consequence, plan_for in self._table.planners:
                plan = plan_for(self, changes)
                if plan is None:
                    continue
                if plan.follows or consequence.survival is _MARKED:
                    following.append((consequence, plan))
                if plan.closes:
                    self._closing.append(plan)
                if plan.prepares:
                    changes = plan.prepare(changes)
                if plan.in_commit:
                    written = self.in_commit
                    self.in_commit = [*written, *plan.in_commit] if written else plan.in_commit
            self.changes = changes
            marked = [c.name for c, _ in following if c.survival is _MARKED]
            if marked:
                self._marks = self._table.mark(self.before.id, marked)
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
                self._follow()
        finally:
            if self._closing:
                self._close()
        return False

    def _follow(self) -> None:
        """Each plan followed; a MARKED one's failure left to the sweep (the
        commit stands whatever happens here)."""
        changes, marks = self.changes, self._marks
        for consequence, plan in self._following:
            mark = marks.get(consequence.name) if marks else None
            try:
                if plan.follows:
                    plan.follow(changes)
                if mark is not None:
                    self._table.settle(mark)
            except errors.StorageUnavailable as error:  # the commit stands
                left = "left to the sweep" if mark is not None else "not followed"
                game_id = changes[-1].match.id
                log.warning("game %s: %s %s: %s", game_id, consequence.name, left, error)

    def _close(self) -> None:
        for plan in reversed(self._closing):
            plan.close()


# What the plans see of a commit: the game before it, whether it makes it.
Commit = Committing


class Consequences:
    def __init__(self, store: GameStore, clock: Callable[[], int]) -> None:
        self._store = store
        self._clock = clock
        self.table: list[Consequence] = []
        # Each consequence with its `plan`, looked up once.
        self.planners: tuple[tuple[Consequence, Callable[..., Plan | None]], ...] = ()
        # Around one commit of `changes` after `before`: committing(before,
        # changes, created=False), a Committing (a partial: no call of its own).
        self.committing = partial(Committing, self)

    def register(self, consequence: Consequence) -> None:
        if any(known.name == consequence.name for known in self.table):
            raise ValueError(f"a consequence named {consequence.name} is registered already")
        self.table.append(consequence)
        self.table.sort(key=lambda known: not known.restamps)  # stable: restampers first
        self.planners = tuple((known, known.plan) for known in self.table)

    @property
    def names(self) -> list[str]:
        return [consequence.name for consequence in self.table]

    def mark(self, game_id: str, names: list[str]) -> dict[str, Mark]:
        """Before the commit: the game marked for each of these consequences."""
        return {mark.consequence: mark for mark in self._store.mark(names, game_id, self._clock())}

    def settle(self, mark: Mark) -> None:
        """After the commit: a mark's consequence followed."""
        self._store.settle_mark(mark)

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
        self._plans = (_Count(observe, created=False), _Count(observe, created=True))

    def plan(self, commit: Commit, changes: Sequence[Progress]) -> Plan:
        return self._plans[commit.created]

    def overdue(self, game_id: str, match: Match | None) -> None:
        """Never marked."""


class _Count(Plan):
    def __init__(self, observe: Callable[[Iterable[str]], None], *, created: bool) -> None:
        self._observe = observe
        self._created = created

    def follow(self, changes: list[Progress]) -> None:
        names = (event.name for progress in changes for event in progress.events)
        self._observe(chain((EventName.CREATED,), names) if self._created else names)
