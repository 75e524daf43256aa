"""The event feed against the suite's real Redis: one blocking read serves
every watcher, each gets every event once and in order."""

import threading
import time
import uuid

import pytest
import redis

from buttonup.store import StorageUnavailable, connect
from buttonup.store import feed as feed_module
from buttonup.store.feed import BLOCK_MS, EventFeed


@pytest.fixture
def feed_name() -> str:
    """Names this test's feed connections: earlier tests' reads may still wait."""
    return f"feed-{uuid.uuid4().hex}"


@pytest.fixture
def feed(redis_server, redis_client, feed_name) -> EventFeed:
    blocking = redis.Redis.from_url(
        redis_server.url, socket_timeout=BLOCK_MS / 1000 + 5, client_name=feed_name
    )
    return EventFeed(blocking, connect(redis_server.url))


def add(redis_client, key: str, version: int) -> str:
    stream_id = redis_client.xadd(key, {"v": version, "e": "move", "d": f'{{"n":{version}}}'})
    return stream_id.decode()


def versions_within(subscription, count: int, seconds: float = 5) -> list[int]:
    got: list[int] = []
    deadline = time.monotonic() + seconds
    while len(got) < count and time.monotonic() < deadline:
        got += [event.version for event in subscription.next(0.2)]
    return got


def wait_for_blocked_reads(redis_client, name: str, count: int) -> None:
    def blocked_reads() -> int:
        clients = redis_client.client_list()
        # flag b: blocked in a command (a connection keeps its last cmd when idle)
        return sum(1 for client in clients if client["name"] == name and "b" in client["flags"])

    deadline = time.monotonic() + 5
    while blocked_reads() != count and time.monotonic() < deadline:
        time.sleep(0.01)
    assert blocked_reads() == count


def test_watchers_of_several_games_share_one_read_and_see_each_event_once(
    feed, redis_client, feed_name
):
    keys = [f"test:{{g{n}}}:events" for n in range(3)]
    subscriptions = [feed.subscribe(key, "0-0") for key in keys for _ in range(2)]
    wait_for_blocked_reads(redis_client, feed_name, 1)  # six watchers, one read
    for version in range(1, 6):
        for key in keys:
            add(redis_client, key, version)
    for subscription in subscriptions:
        assert versions_within(subscription, 5) == [1, 2, 3, 4, 5]
        assert subscription.next(0.1) == []
    for subscription in subscriptions:
        subscription.close()


def test_a_game_watched_while_the_read_waits_is_read_at_once(feed, redis_client, feed_name):
    """The read in flight names only the first game; the second's first event
    must not wait for that read to time out (BLOCK_MS)."""
    first = feed.subscribe("test:{a}:events", "0-0")
    wait_for_blocked_reads(redis_client, feed_name, 1)
    second = feed.subscribe("test:{b}:events", "0-0")
    started = time.monotonic()
    add(redis_client, "test:{b}:events", 1)
    assert versions_within(second, 1) == [1]
    assert time.monotonic() - started < BLOCK_MS / 1000 / 5
    first.close()
    second.close()


def test_a_late_watcher_gets_what_the_feed_read_before_it_came_once(feed, redis_client):
    key = "test:{late}:events"
    start = add(redis_client, key, 1)
    early = feed.subscribe(key, start)
    add(redis_client, key, 2)
    add(redis_client, key, 3)
    assert versions_within(early, 2) == [2, 3]  # the feed has read up to 3
    late = feed.subscribe(key, start)  # resumes after 1, as a reconnecting client
    add(redis_client, key, 4)
    assert versions_within(late, 3) == [2, 3, 4]
    assert late.next(0.2) == []
    assert versions_within(early, 1) == [4]
    early.close()
    late.close()


def test_a_closed_watcher_stops_the_read_of_its_game(feed, redis_client, feed_name):
    subscription = feed.subscribe("test:{gone}:events", "0-0")
    wait_for_blocked_reads(redis_client, feed_name, 1)
    subscription.close()
    add(redis_client, "test:{gone}:events", 1)  # ends the read; none follows
    wait_for_blocked_reads(redis_client, feed_name, 0)


def test_a_lost_connection_fails_the_watchers_and_the_next_watch_reads_again(
    feed, redis_client, feed_name
):
    key = "test:{lost}:events"
    subscription = feed.subscribe(key, "0-0")
    wait_for_blocked_reads(redis_client, feed_name, 1)
    for client in redis_client.client_list():
        if client["name"] == feed_name:
            redis_client.client_kill_filter(_id=client["id"])
    with pytest.raises(StorageUnavailable):
        subscription.next(5)
    again = feed.subscribe(key, "0-0")
    add(redis_client, key, 1)
    assert versions_within(again, 1) == [1]
    again.close()


@pytest.mark.parametrize(
    "refused", [["-client"], ["-client", "+client|id"]], ids=["client", "client-unblock"]
)
def test_a_redis_that_refuses_client_commands_still_reads_new_games_soon(
    redis_server, redis_client, refused
):
    """Some managed Redis services refuse CLIENT ID or CLIENT UNBLOCK: the
    feed then keeps its reads short, so a newly watched game still waits
    well under BLOCK_MS."""
    user = f"feed-{uuid.uuid4().hex[:8]}"
    redis_client.acl_setuser(
        user, enabled=True, passwords=["+pw"], keys=["*"], commands=["+@all", *refused]
    )
    blocking = redis.Redis(
        port=redis_server.port, username=user, password="pw", socket_timeout=BLOCK_MS / 1000 + 5
    )
    feed = EventFeed(blocking, connect(redis_server.url))
    first = feed.subscribe("test:{refusing-a}:events", "0-0")
    time.sleep(0.2)  # the feed's read now names the first game alone
    second = feed.subscribe("test:{refusing-b}:events", "0-0")
    started = time.monotonic()
    add(redis_client, "test:{refusing-b}:events", 1)
    assert versions_within(second, 1) == [1]
    assert time.monotonic() - started < BLOCK_MS / 1000 / 5
    add(redis_client, "test:{refusing-a}:events", 1)
    assert versions_within(first, 1) == [1]
    first.close()
    second.close()
    redis_client.acl_deluser(user)


# A feed with a doorbell (store.player_events rings one on each relay).


@pytest.fixture
def doorbell(redis_client) -> str:
    key = f"test:doorbell:{uuid.uuid4().hex}"
    yield key
    redis_client.delete(key)


@pytest.fixture
def rung_feed(redis_server, redis_client, feed_name, doorbell) -> EventFeed:
    blocking = redis.Redis.from_url(
        redis_server.url, socket_timeout=BLOCK_MS / 1000 + 5, client_name=feed_name
    )
    return EventFeed(blocking, connect(redis_server.url), doorbell=doorbell)


def ring(redis_client, doorbell: str, *keys: str) -> None:
    redis_client.xadd(doorbell, {"k": " ".join(keys)})


def reads_naming(commands: list[str], key: str) -> int:
    return sum(1 for command in commands if command.startswith("XREAD") and key in command)


def test_a_feed_with_a_doorbell_reads_only_the_streams_it_names(
    rung_feed, redis_server, redis_client, doorbell
):
    """Hundreds of silent streams watched: after the feed's first read, no
    read names them, however often the one busy stream is rung."""
    silent = [f"test:{{s{uuid.uuid4().hex}}}:events" for _ in range(50)]
    busy = f"test:{{b{uuid.uuid4().hex}}}:events"
    quiet = [rung_feed.subscribe(key, "0-0") for key in silent]
    watched = rung_feed.subscribe(busy, "0-0")
    time.sleep(0.3)  # the first read, which names every stream, is done
    commands: list[str] = []
    with redis.Redis.from_url(redis_server.url).monitor() as monitor:
        for version in range(1, 21):
            add(redis_client, busy, version)
            ring(redis_client, doorbell, busy)
        got = versions_within(watched, 20)
        redis_client.ping()  # the last command the monitor needs to see
        for seen in monitor.listen():
            commands.append(seen["command"])
            if seen["command"] == "PING":
                break
    assert got == list(range(1, 21))
    assert reads_naming(commands, busy) >= 1
    assert all(reads_naming(commands, key) == 0 for key in silent)
    for subscription in [*quiet, watched]:
        subscription.close()


def test_a_feed_with_a_doorbell_delivers_what_came_before_it_started(
    rung_feed, redis_client, doorbell
):
    key = f"test:{{e{uuid.uuid4().hex}}}:events"
    add(redis_client, key, 1)  # never rung
    subscription = rung_feed.subscribe(key, "0-0")
    assert versions_within(subscription, 1) == [1]
    add(redis_client, key, 2)
    ring(redis_client, doorbell, key)
    assert versions_within(subscription, 1) == [2]
    subscription.close()


def test_a_feed_with_a_doorbell_reads_every_stream_now_and_then(
    rung_feed, redis_client, monkeypatch
):
    """An append whose ring the feed never saw (trimmed past it) still comes."""
    monkeypatch.setattr(feed_module, "FULL_READ_SECONDS", 0.2)
    monkeypatch.setattr(feed_module, "BLOCK_MS", 200)
    key = f"test:{{e{uuid.uuid4().hex}}}:events"
    subscription = rung_feed.subscribe(key, "0-0")
    time.sleep(0.1)
    add(redis_client, key, 1)  # and no ring
    assert versions_within(subscription, 1, seconds=3) == [1]
    subscription.close()


def test_a_feed_that_may_lag_the_doorbell_reads_every_stream(
    rung_feed, redis_client, doorbell, monkeypatch
):
    monkeypatch.setattr(feed_module, "DOORBELL_COUNT", 5)
    key = f"test:{{e{uuid.uuid4().hex}}}:events"
    other = f"test:{{o{uuid.uuid4().hex}}}:events"
    subscription = rung_feed.subscribe(key, "0-0")
    time.sleep(0.1)
    add(redis_client, key, 1)  # its ring lost among others'
    pipe = redis_client.pipeline()
    for _ in range(5):
        pipe.xadd(doorbell, {"k": other})
    pipe.execute()
    assert versions_within(subscription, 1, seconds=2) == [1]
    subscription.close()


def test_a_stream_watched_afresh_during_a_read_of_it_misses_nothing(feed, redis_client, feed_name):
    """The read in flight started from the last watcher's position; the new
    watcher's begins earlier, and what lies between must reach it too."""
    key = f"test:{{r{uuid.uuid4().hex}}}:events"
    first = feed.subscribe(key, "0-0")
    for version in (1, 2, 3):
        add(redis_client, key, version)
    assert versions_within(first, 3) == [1, 2, 3]
    wait_for_blocked_reads(redis_client, feed_name, 1)  # reading on from version 3
    first.close()
    second = feed.subscribe(key, "0-0")
    add(redis_client, key, 4)
    assert versions_within(second, 4) == [1, 2, 3, 4]
    second.close()


def test_a_feed_keeps_nothing_of_the_streams_it_no_longer_watches(feed, redis_client, feed_name):
    """The games' feed watches a stream per game, new ones all day long."""
    keys = [f"test:{{k{uuid.uuid4().hex}}}:events" for _ in range(3)]
    for key in keys:
        subscription = feed.subscribe(key, "0-0")
        add(redis_client, key, 1)
        assert versions_within(subscription, 1) == [1]
        wait_for_blocked_reads(redis_client, feed_name, 1)  # a read naming it, in flight
        subscription.close()
        add(redis_client, key, 2)  # which that read still brings back
    time.sleep(0.2)
    group = next(iter(feed._groups.values()))
    assert group._cursors == {}
    assert group._rung == set()


def test_a_woken_watcher_returns_at_once_with_nothing(feed):
    subscription = feed.subscribe("buttonup:{woken}:events", "0-0")
    try:
        threading.Timer(0.2, subscription.wake).start()
        started = time.monotonic()
        assert subscription.next(10) == []
        assert time.monotonic() - started < 5, "woken, not timed out"
    finally:
        subscription.close()


def test_a_feed_waits_on_its_doorbell_only_from_as_many_streams_as_it_is_told(
    redis_server, redis_client, feed_name, doorbell
):
    """ring_from 3: with two streams watched, each read names both and an
    append unrung is heard; with a third, the reads name only what is rung
    (an append unrung waits for the full read), and nothing appended across
    the switch is missed or told twice."""
    blocking = redis.Redis.from_url(
        redis_server.url, socket_timeout=BLOCK_MS / 1000 + 5, client_name=feed_name
    )
    feed = EventFeed(blocking, connect(redis_server.url), doorbell=doorbell, ring_from=3)
    first, second, third = (f"test:{{r{uuid.uuid4().hex}}}:events" for _ in range(3))
    watching = [feed.subscribe(key, "0-0") for key in (first, second)]
    add(redis_client, first, 1)  # rung by nobody: a feed below ring_from names it anyway
    assert versions_within(watching[0], 1) == [1]
    add(redis_client, second, 1)  # appended as the third arrives: read in full at the switch
    watching.append(feed.subscribe(third, "0-0"))
    assert versions_within(watching[1], 1) == [1]
    add(redis_client, third, 1)
    ring(redis_client, doorbell, third)
    assert versions_within(watching[2], 1) == [1]
    time.sleep(0.2)
    add(redis_client, first, 2)  # unrung, now: not read before the next full read
    assert versions_within(watching[0], 1, seconds=0.5) == []
    ring(redis_client, doorbell, first)
    assert versions_within(watching[0], 1) == [2]
    for subscription in watching:
        subscription.close()
