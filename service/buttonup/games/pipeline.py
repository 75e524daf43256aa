"""The one pipeline every change of a game takes.

Load the match (optimistically the one this process saw last), end it first
if its running clock ran out (so that no command and no read ever sees a
game in play past its deadline), decide (a command of the match), let bots
reply, commit every version made with one compare-and-set, retry on a lost
race unless If-Match pinned a version, replay or refuse an idempotent retry,
and tell the observer. A new game takes the same way from its first version
(`start`).

A command states what it needs in its type: a `Command` needs nothing, a
`SeatCommand` the seat that the request's credential holds (`run_as_seat`
finds it in the loaded match before anything else).
"""

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from buttonup import errors
from buttonup.engine import PLAYERS, BotLevel, Color, Match, RulesError
from buttonup.engine.actions import Progress
from buttonup.games.consequences import Consequences, Counted
from buttonup.games.credentials import seat_finder
from buttonup.games.fair_play import FairPlay, PositionsKept, Surface
from buttonup.games.flags import Flags
from buttonup.games.idempotency import Idempotency, reused, same_request
from buttonup.games.ports import Ports
from buttonup.games.relays import Relayed, Relayer
from buttonup.games.results import Outcome, Timeline
from buttonup.games.reviews import Reviewed, Reviews
from buttonup.games.timelines import Timelines
from buttonup.slices import let_others_run
from buttonup.store import (
    EarlierReply,
    GameStore,
    Loaded,
    Reply,
    ReplyKey,
    Revision,
    StoredReply,
    VersionConflict,
    reply_key,
)

MAX_ATTEMPTS = 8
# Bot moves one request makes (and answers): a human's move gets at most
# sixteen replies (the rest of a round and the next one's start), two
# perfect bots take 720 to 1,176 moves to 100 points (40 seeds measured).
BOT_MOVES_PER_REQUEST = 2_000
# Told what each committed change did: EventName.CREATED for a new game, then
# its events' names.
Observe = Callable[[Iterable[str]], None]
# A command on the match, given now. None: nothing to change.
Command = Callable[[Match, int], Progress | None]
# A command of a seat: the match, the seat the request holds, now.
SeatCommand = Callable[[Match, Color, int], Progress | None]
# What must exist before a change is stored: given the changes.
BeforeCommit = Callable[[list[Progress]], None]


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def ignore(names: Iterable[str]) -> None:
    """No observer."""


@dataclass(frozen=True, slots=True)
class _Acting:
    """Who acts on the match loaded, and what they decide."""

    seat: Color | None
    decide: Command


@dataclass(slots=True)  # not frozen: made for every request, and frozen costs
class _Request:
    """What one request asks of the pipeline, whatever attempt it takes."""

    acting: Callable[[Match], _Acting]
    replies: dict[Color | None, ReplyKey]  # the idempotency key in each seat's scope
    idempotency: Idempotency | None
    if_match: frozenset[int] | None = None
    sealed: str = ""
    before_commit: BeforeCommit | None = None


class Pipeline:
    def __init__(
        self,
        store: GameStore,
        clock: Callable[[], int],
        observe: Observe,
        timelines: Timelines,
        ports: Ports,
    ) -> None:
        self._store = store
        self._clock = clock
        self._timelines = timelines
        self.relayer = Relayer(store, self.timeline)
        self.fair_play = FairPlay(store, clock, ports)
        # What follows each commit (games.consequences).
        self.consequences = Consequences(store, clock)
        self.consequences.register(Relayed(store, self.relayer))
        self.consequences.register(PositionsKept(self.fair_play))
        # The exact review of a rated game as it ends, and the flags it feeds.
        self.flags = Flags(store, clock)
        self.reviews = Reviews(store, self.timeline, self.flags)
        self.consequences.register(Reviewed(self.reviews, self.fair_play))
        self.consequences.register(Counted(observe))

    def run(
        self,
        game_id: str,
        decide: Command,
        *,
        idempotency: Idempotency | None = None,
        reply_scope: str = "",
        sealed: str = "",
    ) -> Outcome:
        """`decide` on the game; an idempotent request's reply is kept under
        `reply_scope`, with `sealed` (store.idempotency) for a replay to hand back."""
        replies: dict[Color | None, ReplyKey] = {}
        if idempotency is not None:
            replies[None] = reply_key(reply_scope, idempotency.key)

        def acting(match: Match) -> _Acting:
            return _Acting(None, decide)

        return self._run(game_id, _Request(acting, replies, idempotency, sealed=sealed))

    def run_as_seat(
        self,
        game_id: str,
        credential: str | None,
        decide: SeatCommand,
        *,
        if_match: frozenset[int] | None = None,
        idempotency: Idempotency | None = None,
        before_commit: BeforeCommit | None = None,
    ) -> Outcome:
        """`decide` for the seat `credential` (a seat's token or its player's
        key) holds, checked before anything else; the seat scopes the
        request's idempotency key and is the outcome's `seat`."""
        find_seat = seat_finder(self._store, credential)
        replies: dict[Color | None, ReplyKey] = {}
        if idempotency is not None:
            for color in PLAYERS:
                replies[color] = reply_key(color.value, idempotency.key)

        def acting(match: Match) -> _Acting:
            seat = find_seat(match)
            return _Acting(seat, lambda current, now: decide(current, seat, now))

        request = _Request(acting, replies, idempotency, if_match, before_commit=before_commit)
        return self._run(game_id, request)

    def start(
        self,
        match: Match,
        now: int,
        idempotency: Idempotency | None = None,
        changes: list[Progress] | None = None,
        *,
        imported: bool = False,
    ) -> Outcome:
        """A new game: `match` and the bots' first moves (or the `changes`
        given: an `imported` game's, kept for less time), stored at once.
        When the game is there already (the same create sent again, or a
        rematch another request made), nothing is stored: an idempotent
        create answers what its key's first request did, and any other gets
        the game it meant to make, `replayed`."""
        if changes is None:
            changes = self.bots_reply(match, now)
        after = changes[-1].match if changes else match
        reply = Reply(idempotency.digest, 1, after.version) if idempotency else None
        with self.consequences.committing(match, changes, created=True) as commit:
            made = self._store.create(
                match, commit.changes, reply, imported=imported, relays=commit.in_commit
            )
            if made is not None and idempotency is not None:
                return self._replay(match.id, made.reply, idempotency)
            if made is not None:
                return Outcome(after, changes, replayed=True)
            commit.stored = True
        return Outcome(after, changes)

    def timeline(self, game_id: str) -> Timeline:
        return self._timelines.extend(self._store.history(game_id))

    def _run(self, game_id: str, request: "_Request") -> Outcome:
        """The pipeline (see the module's docstring): an attempt on the match
        this process saw last, then on fresh reads, until one decides. A
        refusal is only ever answered from a fresh read."""
        # With a key, the stored replies must be read with the match.
        cached = None if request.idempotency else self._store.cached(game_id)
        for _ in range(MAX_ATTEMPTS):
            if cached is None:
                read = self._store.load(game_id, list(request.replies.values()))
            else:
                read = Loaded(cached[0], cached[1], {})
            outcome = self._attempt(game_id, read, request, optimistic=cached is not None)
            if outcome is not None:
                return outcome
            cached = None
        raise errors.ConcurrentUpdate("the game kept changing; try again", None)

    def _attempt(
        self, game_id: str, read: Loaded, request: "_Request", *, optimistic: bool
    ) -> Outcome | None:
        """One attempt on the match `read` (`optimistic`: as this process saw
        it last), decided and committed: its outcome, or None to read the
        game afresh and try again."""
        overdue: Progress | None = None
        try:
            actor = request.acting(read.match)
            asked = request.replies.get(actor.seat)
            reply_field = asked.field if asked is not None else ""
            if reply_field in read.replies:
                return self._replay(game_id, read.replies[reply_field], request.idempotency)
            if request.if_match is not None and read.match.version not in request.if_match:
                raise errors.VersionMismatch(
                    f"the game is at version {read.match.version}", read.match.version
                )
            now = self._clock()
            overdue = read.match.overdue(now)
            # The clock's end first if it ran out, then the decision and the bots' replies.
            current = overdue.match if overdue is not None else read.match
            changes = [overdue] if overdue is not None else []
            first = actor.decide(current, now)
            if first is not None:
                changes += [first, *self.bots_reply(first.match, now)]
        except (RulesError, errors.VersionMismatch):
            if optimistic:
                return None
            if overdue is not None:  # refused by a game that is over: so it is stored
                try:
                    self._commit(read.match, read.revision, [overdue])
                except VersionConflict:
                    return None
            raise
        if not changes:
            if optimistic:  # nothing to do, as this process last saw it: read afresh
                return None
            return Outcome(read.match, [], seat=actor.seat)
        idempotency = request.idempotency
        reply = None
        if idempotency is not None:
            first_version, last_version = changes[0].match.version, changes[-1].match.version
            reply = Reply(idempotency.digest, first_version, last_version, request.sealed)
        if request.before_commit is not None:
            request.before_commit(changes)
        try:
            prior, changes = self._commit(read.match, read.revision, changes, reply_field, reply)
        except VersionConflict as conflict:
            if request.if_match is not None:
                raise errors.VersionMismatch(
                    f"the game is at version {conflict.current_version}", conflict.current_version
                ) from conflict
            return None  # the game moved on meanwhile
        if prior is not None:
            return self._replay(game_id, prior, idempotency)
        return Outcome(changes[-1].match, changes, seat=actor.seat)

    def _commit(
        self,
        before: Match,
        revision: Revision,
        changes: list[Progress],
        reply_field: str = "",
        reply: Reply | None = None,
    ) -> tuple[Reply | None, list[Progress]]:
        """Store `changes` (store.GameStore.commit) through the table of what
        follows a commit (games.consequences), which may restamp them (a
        rated game's end carries both ratings). Answers an earlier reply of
        the request's key (None: committed now) and the changes stored."""
        with self.consequences.committing(before, changes) as commit:
            prior = self._store.commit(
                before, revision, commit.changes, reply_field, reply, commit.in_commit
            )
            commit.stored = prior is None
        return prior, commit.changes

    def bots_reply(self, match: Match, now: int) -> list[Progress]:
        """Bots move, one version each, while a bot is to move, at most
        BOT_MOVES_PER_REQUEST of them. A game between two bots is played
        whole here when it ends within that many moves (a game to 100 points
        does, but for a long run of tied rounds); the rest is played by the
        next request that reads the game (`Commands.expire`). Between moves
        the worker serves its other requests (buttonup.slices). A perfect
        bot asks the fair-play gate first: where it refuses, the bot plays
        the greedy bot's move, which tells nothing of perfect play."""
        changes: list[Progress] = []
        while (level := match.bot_to_move()) is not None and len(changes) < BOT_MOVES_PER_REQUEST:
            perfect = level is not BotLevel.PERFECT or self.fair_play.may_reveal(
                Surface.BOT_MOVE,
                [(match.game.round.circle, match.game.to_move)],  # type: ignore[list-item]  # a bot moves
                own_game=match.id,
            )
            progress = match.bot_reply(now, perfect=perfect)
            changes.append(progress)
            match = progress.match
            let_others_run()
        return changes

    def _replay(
        self, game_id: str, stored: StoredReply | None, idempotency: Idempotency | None
    ) -> Outcome:
        """The answer an idempotent request's key was first given, rebuilt
        from storage, if this request is the same as that one."""
        if isinstance(stored, EarlierReply):
            same_request(idempotency is not None and stored.body == idempotency.body)
            return Outcome(stored.match, [], replayed=True, earlier_events=stored.events)
        if stored is None or idempotency is None or stored.digest != idempotency.digest:
            reused()
        timeline = self.timeline(game_id)
        return Outcome(
            timeline.at(stored.last),
            timeline.between(stored.first, stored.last),
            replayed=True,
            sealed=stored.sealed,
        )
