"""One blocking read for many watchers of games' event streams.

Each watcher used to hold a Redis connection of its own and send an XREAD for
every batch of events. The feed keeps one connection per group of streams that
one XREAD may name together (every stream, on one Redis; a slot's streams, on
a Redis Cluster, where every key of a game shares one slot), reads them all at
once and hands each watcher its game's events. Redis then answers one read per
batch and worker, however many watchers there are.

With a doorbell (a stream whose entries name the streams just appended to,
written in the same call as they are: store.player_events), a feed blocks on
the doorbell alone and then reads only the streams it names. A read then
costs what arrived, not how many streams are watched: a worker's hundreds
of mostly silent players' streams are not named a few times a second. Every
watched stream is read in full when the feed starts, when it may have fallen
behind the doorbell's trimming, and every FULL_READ_SECONDS besides.

The reads run on a thread of their own (a greenlet under gunicorn's gevent
workers, which patch threading).

Tested in tests/store/test_event_feed.py.
"""

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import redis

from buttonup.store.connection import REDIS_ERRORS, STORAGE_ERRORS
from buttonup.store.errors import StorageUnavailable

# How long one read waits for events before it is sent again; below the
# blocking connections' socket timeout.
BLOCK_MS = 5000
# The same on a Redis that refuses CLIENT ID / CLIENT UNBLOCK (some managed
# services do): a newly watched game then waits for the read in flight.
UNINTERRUPTIBLE_BLOCK_MS = 100
# A busy feed gathers what comes in the next moment into one read, and each
# watcher into one write.
COALESCE_SECONDS = 0.015
COUNT = 100  # events per stream and read
DOORBELL_COUNT = 1000  # rings per read; a full read means the feed may lag the trimming
FULL_READ_SECONDS = 5.0


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One entry of a game's stream: the version a change made and the change
    as the log keeps it (store.codec); entries written by format 1 carry the
    event's name and rendered data instead. A `presence` entry says that a
    seat's presence changed (store.presence): it has no version, nor has a
    wing's notice to a player (`told`: store.inbox)."""

    stream_id: str
    version: int
    entry: str | None
    name: str | None = None
    data: str | None = None
    presence: bool = False
    told: bool = False  # a wing's notice in a player's stream (store.inbox): name, data


def stored_event(item: tuple[bytes, dict[bytes, bytes]]) -> StoredEvent:
    stream_id, fields = item
    if b"p" in fields:
        return StoredEvent(stream_id.decode(), -1, None, presence=True)
    told = fields.get(b"i")
    if told is not None:
        data = fields[b"d"].decode()
        return StoredEvent(stream_id.decode(), -1, None, told.decode(), data, told=True)
    entry = fields.get(b"a")
    if entry is not None:
        return StoredEvent(stream_id.decode(), int(fields[b"v"]), entry.decode())
    return StoredEvent(
        stream_id=stream_id.decode(),
        version=int(fields[b"v"]),
        entry=None,
        name=fields[b"e"].decode(),
        data=fields[b"d"].decode(),
    )


def _raw_entry(entry: list) -> tuple[bytes, dict[bytes, bytes]]:
    """An entry as XREAD sends it on a raw connection: [id, [field, value, ...]]."""
    stream_id, flat = entry
    return stream_id, dict(zip(flat[::2], flat[1::2], strict=True))


def _raw_streams(reply: Any) -> list[tuple[bytes, list]]:
    """An XREAD's reply on a raw connection: (key, entries) of each stream
    with entries. RESP3 answers a map {key: entries}, RESP2 a list of
    [key, entries]."""
    if not reply:
        return []
    pairs = reply.items() if isinstance(reply, dict) else reply
    return [(key, entries) for key, entries in pairs if entries]


def stream_order(stream_id: str) -> tuple[int, int]:
    """A Redis stream id as comparable numbers ("7" is "7-0")."""
    milliseconds, _, sequence = stream_id.partition("-")
    return int(milliseconds), int(sequence or 0)


class Subscription:
    """One watcher's events of one stream: each once, in order."""

    def __init__(self, group: "_Group", key: str, after_id: str) -> None:
        self.key = key
        self._group = group
        self._last = stream_order(after_id)
        self._pending: list[StoredEvent] = []
        self._ready = threading.Event()
        self._error: StorageUnavailable | None = None
        self._woken = False

    def next(self, timeout_seconds: float) -> list[StoredEvent]:
        """The events that came since the last call, waiting up to
        `timeout_seconds` for one; [] when none came, or when woken."""
        deadline = time.monotonic() + timeout_seconds
        while self._ready.wait(max(0.0, deadline - time.monotonic())):
            with self._group.lock:
                arrived, self._pending = self._pending, []
                self._ready.clear()
                error, woken, self._woken = self._error, self._woken, False
                if woken and not arrived:
                    return []
            if error is not None:
                raise error
            fresh = []
            for event in arrived:  # a catch-up and the feed may overlap
                order = stream_order(event.stream_id)
                if order > self._last:
                    fresh.append(event)
                    self._last = order
            if fresh:
                return fresh
        return []

    def wake(self) -> None:
        """The waiting `next` returns now (with what came, or [])."""
        with self._group.lock:
            self._woken = True
            self._ready.set()

    def close(self) -> None:
        self._group.unsubscribe(self)

    # Called by the group, with its lock held.
    def _deliver(self, events: Iterable[StoredEvent], first: bool = False) -> None:
        self._pending = [*events, *self._pending] if first else [*self._pending, *events]
        self._ready.set()

    def _fail(self, error: StorageUnavailable) -> None:
        self._error = error
        self._ready.set()


class _Group:
    """The streams one XREAD reads together, and their subscriptions."""

    def __init__(
        self,
        pool: redis.ConnectionPool,
        unblock: Callable[[int], Any],
        read_range: Callable[[str, str, str], list[StoredEvent]],
        coalesce_seconds: float = COALESCE_SECONDS,
        doorbell: str | None = None,
        ring_from: int = 0,
    ) -> None:
        self.lock = threading.Lock()
        self._doorbell = doorbell
        self._ring_from = ring_from
        # Streams to read before waiting on the doorbell again; always watched ones.
        self._rung: set[str] = set()
        self._coalesce_seconds = coalesce_seconds
        self._pool = pool
        self._unblock = unblock
        self._read_range = read_range
        self._subscriptions: dict[str, set[Subscription]] = {}
        self._cursors: dict[str, str] = {}  # stream: the last id read
        self._running = False
        # The read's connection, for CLIENT UNBLOCK; None while there is none
        # or when Redis refuses CLIENT ID or CLIENT UNBLOCK.
        self._client_id: int | None = None
        self._blocked_on: frozenset[str] | None = None  # the streams of the read in flight
        self.failed = False  # its read failed: a cluster node may have moved

    def subscribe(self, key: str, after_id: str) -> Subscription:
        subscription = Subscription(self, key, after_id)
        with self.lock:
            self._subscriptions.setdefault(key, set()).add(subscription)
            cursor = self._cursors.setdefault(key, after_id)
            if self._doorbell is not None:
                self._rung.add(key)
            start, self._running = not self._running, True
        if start:
            threading.Thread(target=self._run, name="event-feed", daemon=True).start()
        else:
            self._include(key)
        if stream_order(cursor) > stream_order(after_id):
            # The feed has read past this watcher's start: what lies between
            # comes from the stream itself, before anything the feed brings.
            try:
                caught_up = self._read_range(key, after_id, cursor)
            except StorageUnavailable:
                self.unsubscribe(subscription)
                raise
            with self.lock:
                subscription._deliver(caught_up, first=True)
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        with self.lock:
            watchers = self._subscriptions.get(subscription.key)
            if watchers is not None:
                watchers.discard(subscription)
                if not watchers:
                    # Forgotten at once (a read in flight does not bring it
                    # back), so that no read scans what every stream watches.
                    del self._subscriptions[subscription.key]
                    del self._cursors[subscription.key]
                    self._rung.discard(subscription.key)

    def _include(self, key: str) -> None:
        """Ends a read in flight that does not name `key`, so that the next one does."""
        for _ in range(200):
            with self.lock:
                blocked_on, client_id = self._blocked_on, self._client_id
                if not self._running or blocked_on is None or key in blocked_on:
                    return
            if client_id is None:
                return  # the read cannot be interrupted; it ends soon
            # 0 when the read has not reached Redis yet: try again in a moment.
            try:
                if self._unblock(client_id):
                    return
            except redis.ResponseError:
                self._client_id = None  # refused: reads become short instead
                return
            except REDIS_ERRORS:
                return  # the read fails too, and its watchers hear of it
            time.sleep(0.001)

    def _run(self) -> None:
        connection = None
        try:
            connection = self._pool.get_connection()
            client_id = self._client_id_of(connection)
            with self.lock:
                self._client_id = client_id
            rang: str | None = None  # where the doorbell stood when last read
            read_in_full = time.monotonic()
            while True:
                with self.lock:
                    if not self._cursors:
                        self._running = False
                        return
                    ringing = self._doorbell is not None and len(self._cursors) >= self._ring_from
                    if not ringing:
                        rang = None
                    elif rang is None:  # from now on: what came before is read in full
                        self._rung.update(self._cursors)
                if ringing and rang is None:
                    rang = self._last_ring(connection)
                with self.lock:
                    read_from = self._next_read(ringing=rang is not None)
                    interruptible = self._client_id is not None
                block_ms = BLOCK_MS if interruptible else UNINTERRUPTIBLE_BLOCK_MS
                if rang is not None and not read_from:
                    rang = self._wait_for_ring(connection, rang, block_ms)
                    if time.monotonic() - read_in_full > FULL_READ_SECONDS:
                        read_in_full = time.monotonic()
                        with self.lock:
                            self._rung.update(self._cursors)
                    continue
                blocking = ("BLOCK", block_ms) if rang is None else ()
                connection.send_command(
                    "XREAD", "COUNT", COUNT, *blocking, "STREAMS", *read_from, *read_from.values()
                )
                if self._deliver(connection.read_response(), read_from):
                    time.sleep(self._coalesce_seconds)
        except (*REDIS_ERRORS, OSError) as error:
            if connection is not None:
                connection.disconnect()
            self._fail_all(StorageUnavailable(str(error)))
        finally:
            if connection is not None:
                self._pool.release(connection)

    @staticmethod
    def _client_id_of(connection: Any) -> int | None:
        """The reading connection's id, for CLIENT UNBLOCK; None where that
        is refused (its reads are then short instead)."""
        try:
            connection.send_command("CLIENT", "ID")
            client_id = int(connection.read_response())
            # Asked now (of this connection, which is not blocked: 0), so
            # that a refusal shortens the reads from the first one on.
            connection.send_command("CLIENT", "UNBLOCK", client_id)
            connection.read_response()
        except redis.ResponseError:
            return None
        return client_id

    def _next_read(self, *, ringing: bool) -> dict[str, str]:
        """Under the lock: the streams the next read reads, each from its
        cursor. Without a doorbell, every stream, blocking; with one, the
        streams rung (or new) without blocking, or none: wait for a ring."""
        if not ringing:
            keys = list(self._cursors)
            self._blocked_on = frozenset(keys)
        else:
            keys = list(self._rung)  # only watched streams: see unsubscribe
            self._rung.clear()
            # Set with the rung streams taken, so that a stream watched from
            # now on ends the wait: it is in `_rung`.
            doorbell = self._doorbell if not keys else None
            self._blocked_on = frozenset({doorbell}) if doorbell else None
        return {key: self._cursors[key] for key in keys}

    def _deliver(self, reply: Any, read_from: dict[str, str]) -> bool:
        """A read's events to their subscriptions; whether any arrived."""
        with self.lock:
            self._blocked_on = None
            arrived = _by_stream(reply)
            for key, events in arrived.items():
                if self._cursors.get(key) != read_from[key]:
                    # No longer watched since the read was sent, or watched
                    # afresh from elsewhere: the next read reads from where
                    # its new cursor says.
                    continue
                self._cursors[key] = events[-1].stream_id
                if len(events) == COUNT and self._doorbell is not None:
                    self._rung.add(key)  # more may follow
                for subscription in self._subscriptions.get(key, ()):
                    subscription._deliver(events)
        return bool(arrived)

    def _fail_all(self, failure: StorageUnavailable) -> None:
        """Redis failed the feed: every watcher hears it, and the feed stops."""
        with self.lock:
            for watchers in self._subscriptions.values():
                for subscription in watchers:
                    subscription._fail(failure)
            self._subscriptions.clear()
            self._cursors.clear()
            self._rung.clear()
            self._blocked_on = None
            self._running = False
            self.failed = True

    def _last_ring(self, connection: Any) -> str:
        """Where the doorbell stands now; what was appended before is read in
        full (every watched stream is in `_rung` at the feed's start)."""
        connection.send_command("XREVRANGE", self._doorbell, "+", "-", "COUNT", 1)
        last = connection.read_response()
        return last[0][0].decode() if last else "0-0"

    def _wait_for_ring(self, connection: Any, rang: str, block_ms: int) -> str:
        """Blocks on the doorbell after `rang`; marks the watched streams it
        names to be read, and answers where the doorbell now stands."""
        connection.send_command(
            "XREAD", "COUNT", DOORBELL_COUNT, "BLOCK", block_ms, "STREAMS", self._doorbell, rang
        )
        reply = connection.read_response()
        rings = [_raw_entry(entry) for _, entries in _raw_streams(reply) for entry in entries]
        with self.lock:
            self._blocked_on = None
            if len(rings) == DOORBELL_COUNT:  # it may have been trimmed past us
                self._rung.update(self._cursors)
            for _, fields in rings:
                for key in fields.get(b"k", b"").decode().split():
                    if key in self._cursors:
                        self._rung.add(key)
        return rings[-1][0].decode() if rings else rang


def _by_stream(reply: Any) -> dict[str, list[StoredEvent]]:
    return {
        key.decode(): [stored_event(_raw_entry(entry)) for entry in entries]
        for key, entries in _raw_streams(reply)
    }


class EventFeed:
    """Subscriptions to games' event streams, read together where Redis allows."""

    def __init__(
        self,
        client: redis.Redis | redis.RedisCluster,
        regular: Any,
        coalesce_seconds: float = COALESCE_SECONDS,
        doorbell: str | None = None,
        ring_from: int = 0,
    ) -> None:
        """`coalesce_seconds`: how long a busy read waits to gather more;
        `doorbell`: the key that names the streams appended to, where every
        append rings it (not on a cluster), waited on while at least
        `ring_from` streams are watched (fewer are each named in every read:
        a read that names a few costs less than one woken by every ring)."""
        self._client = client
        self._coalesce_seconds = coalesce_seconds
        self._doorbell = doorbell
        self._ring_from = ring_from
        self._regular = regular
        self._groups: dict[int, _Group] = {}
        self._lock = threading.Lock()

    def subscribe(self, key: str, after_id: str) -> Subscription:
        """Events of the stream `key` after `after_id`, from now on."""
        slot = self._client.keyslot(key) if isinstance(self._client, redis.RedisCluster) else 0
        with self._lock:
            group = self._groups.get(slot)
            if group is None or group.failed:
                group = self._groups[slot] = self._group_for(key, refresh=group is not None)
        return group.subscribe(key, after_id)

    def _group_for(self, key: str, refresh: bool) -> _Group:
        if isinstance(self._client, redis.RedisCluster):
            if refresh:  # the slot's read failed: learn where the slot lives now
                self._client.nodes_manager.initialize()
            node = self._client.get_node_from_key(key).redis_connection
        else:
            node = self._client
        return _Group(
            node.connection_pool,
            node.client_unblock,
            self._read_range,
            self._coalesce_seconds,
            self._doorbell,
            self._ring_from,
        )

    def _read_range(self, key: str, after_id: str, until_id: str) -> list[StoredEvent]:
        with STORAGE_ERRORS:
            entries = self._regular.xrange(key, f"({after_id}", until_id)
        return [stored_event(entry) for entry in entries]
