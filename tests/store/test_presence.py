"""Presence on the suite's real Redis: connections per seat across processes,
a dead worker's connections counted for nothing and reaped, each change
published on the game's stream."""

import time

import pytest
import redis

from buttonup.engine import Color
from buttonup.store import connect
from buttonup.store.presence import DEAD_MS, WORKERS_KEY, PresenceBoard

R, B = Color.RED, Color.BLACK


def keys(game_id: str) -> list[str]:
    return [f"buttonup:{{{game_id}}}:presence", f"buttonup:{{{game_id}}}:events", f"g:{game_id}"]


def board(redis_server) -> PresenceBoard:
    return PresenceBoard(connect(redis_server.url), keys, lambda: time.time_ns() // 1_000_000)


@pytest.fixture
def boards(redis_server, redis_client) -> tuple[PresenceBoard, PresenceBoard]:
    return board(redis_server), board(redis_server)


def published(redis_client: redis.Redis, game_id: str) -> int:
    return redis_client.xlen(keys(game_id)[1])


def test_a_seat_is_connected_while_any_of_its_streams_is_open(boards, redis_client):
    here, there = boards
    assert here.read("g1")[R].connected is False and here.read("g1")[R].since is None
    first = here.connect("g1", R)
    second = there.connect("g1", R)  # another tab, on another worker
    seen = there.read("g1")
    assert seen[R].connected and not seen[B].connected
    here.disconnect("g1", R, first)
    assert there.read("g1")[R].connected
    there.disconnect("g1", R, second)
    gone = here.read("g1")[R]
    assert not gone.connected and gone.since >= seen[R].since
    assert published(redis_client, "g1") == 2  # connected, then disconnected: no more


def test_a_dead_workers_streams_count_for_nothing_and_are_reaped(boards, redis_client):
    dying, alive = boards
    dying.connect("g2", B)
    dying.beat()
    last_beat = int(redis_client.zscore(WORKERS_KEY, dying.worker))
    redis_client.zadd(WORKERS_KEY, {dying.worker: last_beat - DEAD_MS - 1})  # its beats stopped
    seen = alive.read("g2")[B]
    assert not seen.connected and seen.since == last_beat - DEAD_MS - 1
    before = published(redis_client, "g2")
    alive.beat()  # reaps the dead worker
    assert published(redis_client, "g2") == before + 1
    assert redis_client.zscore(WORKERS_KEY, dying.worker) is None
    assert not alive.read("g2")[B].connected


def test_a_worker_that_stops_lets_its_streams_go_at_once(boards):
    stopping, other = boards
    stopping.connect("g3", R)
    stopping.leave()
    assert not other.read("g3")[R].connected
