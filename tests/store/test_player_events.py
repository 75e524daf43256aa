"""What a player hears, relayed on the suite's real Redis: each version once
and in order, a gap refused rather than papered over, and a game's end
marks it heard over."""

from collections.abc import Iterator

import pytest

from buttonup.engine import Color, EndReason, Origin
from buttonup.engine.player import Notice, PlayerEventName
from buttonup.store import connect
from buttonup.store.player_events import (
    PlayerEvents,
    Relay,
    decode_notice,
    encode_notice,
    events_key,
    finished_key,
)


@pytest.fixture
def events(redis_server, redis_client) -> Iterator[PlayerEvents]:
    client = connect(redis_server.url)
    yield PlayerEvents(client, ttl_ms=60_000)
    client.close()


def notice(name: PlayerEventName, version: int, **extra) -> Notice:
    return Notice(name, "g1", version, Color.RED, **extra)


def heard(redis_client, player_id: str = "p1") -> list[tuple[int, str]]:
    return [
        (int(fields[b"v"]), fields[b"e"].decode())
        for _, fields in redis_client.xrange(events_key(player_id))
    ]


def test_a_relay_appends_each_version_once_in_order(events, redis_client):
    redis_client.hset("buttonup:{player:p1}:relayed", "g1", 0)  # as the index starts it
    started = Relay("p1", "g1", 1, 2, [notice(PlayerEventName.GAME_STARTED, 2)])
    assert events.relay([started]) == []
    assert events.relay([started]) == [], "sent again: nothing twice"
    turn = Relay("p1", "g1", 3, 3, [notice(PlayerEventName.YOUR_TURN, 3, deadline=9_000)])
    events.relay([turn])
    assert heard(redis_client) == [(2, "game_started"), (3, "your_turn")]
    assert events.relayed("p1") == {"g1": 3}


def test_a_relay_after_a_gap_writes_nothing_and_says_so(events, redis_client):
    redis_client.hset("buttonup:{player:p1}:relayed", "g1", 0)
    later = Relay("p1", "g1", 5, 5, [notice(PlayerEventName.YOUR_TURN, 5)])
    assert events.relay([later]) == [later]
    assert heard(redis_client) == [] and events.relayed("p1") == {"g1": 0}


def test_the_end_relayed_marks_the_game_heard_over(events, redis_client):
    redis_client.hset("buttonup:{player:p1}:relayed", "g1", 0)
    over = notice(
        PlayerEventName.GAME_OVER, 1, winner=Color.BLACK, end_reason=EndReason.RESIGNATION
    )
    events.relay([Relay("p1", "g1", 1, 1, [over])])
    assert redis_client.smembers(finished_key("p1")) == {b"g1"}


def test_a_notice_reads_back_as_it_was_written():
    written = notice(PlayerEventName.GAME_OVER, 7, winner=Color.BLACK, end_reason=EndReason.TIMEOUT)
    assert decode_notice(7, "game_over", encode_notice(written).decode()) == written
    rematch = notice(PlayerEventName.REMATCH, 8, next_game_id="g2")
    assert decode_notice(8, "rematch", encode_notice(rematch).decode()) == rematch
    started = notice(PlayerEventName.GAME_START, 2, origin=Origin("tournaments", "t1"))
    assert decode_notice(2, "game_start", encode_notice(started).decode()) == started
    # An earlier release kept a tournament's pairing as "T": the same origin.
    earlier = '{"g": "g1", "c": "red", "T": "t1"}'
    assert decode_notice(2, "game_start", earlier) == started
