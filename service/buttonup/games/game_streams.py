"""A game's stream: its snapshot or the events since a version, then each
change as it is committed and who is connected, until nothing more will
happen to the game.

Tested in tests/api/test_events_keepalive.py, tests/games/test_game_streams.py,
tests/e2e/test_events.py.
"""

import logging
from collections.abc import Callable, Iterator

from buttonup import errors
from buttonup.engine import (
    Color,
    Match,
    Status,
)
from buttonup.engine.events import GameOver
from buttonup.games.credentials import seat_finder
from buttonup.games.results import (
    Happened,
    Outcome,
    PresenceNow,
    Snapshot,
    StreamItem,
    Timeline,
)
from buttonup.store import GameStore, SeatPresence, StoredEvent, Subscription, action_of

log = logging.getLogger(__name__)

# A stream with nothing to send looks at its game's version at one
# keep-alive in this many (5 minutes at the default 10 s): a game that
# expired while watched ends its stream, and versions whose entries the
# feed never met are told from the log (the feed reads every watched stream
# in full every 5 s, store.feed, so those are rare). A look is a Redis read
# a stream: at every keep-alive, 20,000 idle streams had made 2,000 a
# second; at one in six, a fifth of an idle game stream's CPU.
VERSION_LOOK_EVERY = 30

# A game's watchers in one process each hold the game at the same version
# and apply the same entry to it: each entry is applied once here and what
# it made shared (a game followed by ten applied each move ten times). The
# last this many entries applied are kept.
APPLIED_KEPT = 256


class GameStreams:
    def __init__(
        self,
        store: GameStore,
        clock: Callable[[], int],
        rematch_ms: int,
        expire: Callable[[str], Outcome],
        timeline: Callable[[str], Timeline],
    ) -> None:
        self._store = store
        self._clock = clock
        self._rematch_ms = rematch_ms
        self._expire = expire
        self._timeline = timeline
        self._applied: dict[tuple[str, str], Happened] = {}

    def watch(
        self,
        game_id: str,
        after: int | None,
        keepalive_ms: int,
        seat_token: str | None = None,
    ) -> Iterator[list[StreamItem]]:
        """The game's events from now on, for a stream, in batches that arrived
        together: first the snapshot (or, resuming after `after`, every event
        of the versions since, and no snapshot), then who is connected, then
        each change as it is committed and each change of who is connected;
        an empty batch when `keepalive_ms` passed with nothing to send. Ends
        after the game is over, or, while a rematch can be arranged, after
        the rematch is made or its window closed. With a seat's token, the seat is connected
        while the stream is open. Raises GameNotFound (and NotSeated for a
        token of no seat) now, not once iterated."""
        match, last_id = self._store.snapshot(game_id)
        if match.ran_out(self._clock()) is not None:
            self._expire(game_id)
            match, last_id = self._store.snapshot(game_id)
        seat = seat_finder(self._store, seat_token)(match) if seat_token else None
        return self._follow(match, last_id, after, keepalive_ms, seat)

    def _follow(
        self,
        match: Match,
        last_id: str,
        after: int | None,
        keepalive_ms: int,
        seat: Color | None,
    ) -> Iterator[list[StreamItem]]:
        game_id = match.id
        # A resumed connection gets the events after `after` and no snapshot,
        # so that ids never go back; a snapshot when `after` is no version of
        # this game or its later events are gone.
        first: list[StreamItem] = []
        resumed = after is not None and after <= match.version
        if resumed and after < match.version:  # type: ignore[operator]
            first = self._past(game_id, after, match.version)[0]  # type: ignore[arg-type]
            resumed = _every_version(first, after + 1, match.version)  # type: ignore[operator]
        if not resumed:
            first = [Snapshot(match)]
            if match.status is Status.FINISHED:
                first.append(Happened(match, [GameOver(match.version)]))
        # (No loop variable left in this frame, to hold the snapshot while the stream lasts.)
        ends_at = next((index for index, item in enumerate(first) if self._ends(item)), None)
        if ends_at is not None:
            yield first[: ends_at + 1]
            return
        if self._done(match):
            return  # resumed after its last event: nothing more will come
        with self._store.subscribe(game_id, last_id) as feed:
            connection = self._store.connect_seat(game_id, seat) if seat is not None else None
            try:
                # What opened the stream is not held while it lasts: only
                # the changes' own match, from the first change on.
                changes = self._changes(match, first, feed, keepalive_ms)
                del match, first
                yield from changes
            finally:
                if connection is not None:
                    try:
                        self._store.disconnect_seat(game_id, seat, connection)  # type: ignore[arg-type]
                    except errors.StorageUnavailable:  # reaped with the worker, or left to expire
                        log.warning("a stream of game %s closed unrecorded", game_id)

    def _changes(
        self, match: Match, first: list[StreamItem], feed: Subscription, keepalive_ms: int
    ) -> Iterator[list[StreamItem]]:
        game_id = match.id
        presence = self._store.presence(game_id)
        # [] when resumed at the current version: then the presence comes first.
        yield [*first, PresenceNow(presence)]
        del first
        idle = 0  # keep-alives in a row
        while True:
            wait_ms: float = keepalive_ms
            if match.status is Status.FINISHED:  # open for a rematch: until the window closes
                closes_at = match.rematch_closes_at(self._rematch_ms) + 1
                wait_ms = max(1, min(wait_ms, closes_at - self._clock()))
            arrived = feed.next(wait_ms / 1000)
            if not arrived:
                if self._done(match):
                    return  # the rematch window closed
                idle += 1
                if idle % VERSION_LOOK_EVERY:
                    yield []
                    continue
                version = self._store.version(game_id)
                if version is None:
                    return  # expired while watched
                if version <= match.version:
                    yield []
                    continue
                # Progresss whose entries the stream no longer holds: from the log.
                items, match = self._past(game_id, match.version, version)
            else:
                idle = 0
                items, match, presence = self._told(game_id, match, presence, arrived)
            batch: list[StreamItem] = []
            for item in items:
                batch.append(item)
                if self._ends(item):
                    yield batch
                    return
            if batch:
                yield batch

    def _told(
        self,
        game_id: str,
        match: Match,
        presence: dict[Color, SeatPresence],
        arrived: list[StoredEvent],
    ) -> tuple[list[StreamItem], Match, dict[Color, SeatPresence]]:
        """What the feed's entries tell a watcher of `match`: the changes
        after its version, each applied (a gap, or an earlier release's
        entry, from the log), and who is connected if that changed. The
        match and presence after them."""
        items: list[StreamItem] = []
        if any(stored.presence for stored in arrived):
            now_present = self._store.presence(game_id)
            if now_present != presence:
                presence = now_present
                items.append(PresenceNow(presence))
        for stored in arrived:
            if stored.presence or stored.version <= match.version:
                continue
            if stored.entry is not None and stored.version == match.version + 1:
                happened = self._applied_once(game_id, match, stored)
                match = happened.match
                items.append(happened)
            else:
                past, match = self._past(game_id, match.version, stored.version)
                items += past
        return items, match, presence

    def _applied_once(self, game_id: str, match: Match, stored: StoredEvent) -> Happened:
        """The entry `stored` (the version after `match`'s) applied to `match`,
        as this process's first watcher of the game applied it (APPLIED_KEPT)."""
        key = (game_id, stored.stream_id)  # an entry's id names it alone
        happened = self._applied.get(key)
        if happened is None:
            progress = match.apply(action_of(stored, match))
            happened = Happened(progress.match, progress.events)
            self._applied[key] = happened
            if len(self._applied) > APPLIED_KEPT:
                del self._applied[next(iter(self._applied))]  # the oldest
        return happened

    def _ends(self, item: StreamItem) -> bool:
        """Whether a game's stream ends after `item` (see `_done`)."""
        return isinstance(item, Happened) and self._done(item.match)

    def _done(self, match: Match) -> bool:
        """Whether nothing more will happen to the game: it is over and no
        rematch can be arranged any more (one is made, or the window closed)."""
        return match.status is Status.FINISHED and not match.rematch_window_open(
            self._clock(), self._rematch_ms
        )

    def _past(self, game_id: str, after: int, until: int) -> tuple[list[StreamItem], Match]:
        """The events of versions after `after` up to `until`, rebuilt from the
        log (an earlier release's stream, for versions before the base), and the match
        at `until` (or the latest there is)."""
        timeline = self._timeline(game_id)
        items: list[StreamItem] = []
        if after < timeline.base.version:
            for earlier in self._store.earlier_versions(game_id):
                if after < earlier.match.version <= timeline.base.version:
                    items.append(Happened(earlier.match, earlier.events))
        for progress in timeline.between(max(after, timeline.base.version) + 1, until):
            items.append(Happened(progress.match, progress.events))
        return items, timeline.at(min(until, timeline.current.version))


def _every_version(items: list[StreamItem], first: int, last: int) -> bool:
    """Whether `items` hold an event of every version from `first` to `last`."""
    versions = {item.match.version for item in items if isinstance(item, Happened)}
    return versions >= set(range(first, last + 1))
