"""Who has a stream open, for the seeks (seeks.listening), on the suite's
real Redis: a player listens while a process holding their stream beats;
two processes' streams count apart; a beat costs the same whatever a
process holds, and names its players again once Redis lost them; what long
dead processes leave is pruned."""

import uuid

import pytest

from buttonup.seeks import listening
from buttonup.seeks.listening import LISTENING_KEY, LONG_DEAD_MS, MARK_MS, PROCESSES_KEY, Listeners
from buttonup.store import connect

NOW = 1_767_225_600_000


@pytest.fixture
def fresh(redis_client):
    redis_client.delete(LISTENING_KEY, PROCESSES_KEY)
    yield
    redis_client.delete(LISTENING_KEY, PROCESSES_KEY)


def players(count: int) -> list[str]:
    return [uuid.uuid4().hex for _ in range(count)]


def test_a_player_listens_while_a_process_holding_their_stream_beats(redis_server, fresh):
    process = Listeners(connect(redis_server.url))
    ana, bo = players(2)
    process.listen([ana], NOW)
    assert process.listening([ana, bo], NOW + MARK_MS) == [True, False]
    # Its beats stop (a process killed): nobody it named listens a MARK_MS later.
    assert process.listening([ana], NOW + MARK_MS + 1) == [False]
    process.beat(NOW + 5000, [ana])
    assert process.listening([ana], NOW + 5000) == [True]
    process.unlisten(ana)
    assert process.listening([ana], NOW + 5000) == [False]


def test_each_process_holding_a_players_stream_counts_apart(redis_server, fresh):
    first, second = Listeners(connect(redis_server.url)), Listeners(connect(redis_server.url))
    (ana,) = players(1)
    first.listen([ana], NOW)
    second.listen([ana], NOW)
    first.unlisten(ana)  # closed on one: still listening on the other
    assert second.listening([ana], NOW) == [True]
    second.unlisten(ana)
    assert second.listening([ana], NOW) == [False]


def test_a_beat_costs_the_same_however_many_streams_its_process_holds(
    redis_server, redis_client, fresh
):
    process = Listeners(connect(redis_server.url))
    held = players(2000)
    process.listen(held, NOW)
    redis_client.config_resetstat()
    for beat in range(1, 9):
        process.beat(NOW + 250 * beat, held)
    stats = redis_client.info("commandstats")
    assert stats["cmdstat_zadd"]["calls"] == 8
    assert not any(name.startswith(("cmdstat_hset", "cmdstat_eval")) for name in stats)
    assert process.listening(held[:3], NOW + 2000) == [True, True, True]


def test_a_beat_that_finds_its_process_gone_names_its_players_again(
    redis_server, redis_client, fresh
):
    process = Listeners(connect(redis_server.url))
    held = players(3)
    process.listen(held, NOW)
    redis_client.delete(LISTENING_KEY, PROCESSES_KEY)  # Redis lost them
    assert process.listening(held, NOW) == [False] * 3
    process.beat(NOW + 250, held)
    assert process.listening(held, NOW + 250) == [True] * 3


def test_long_dead_processes_are_pruned_and_live_ones_kept(
    redis_server, redis_client, fresh, monkeypatch
):
    monkeypatch.setattr(listening, "PRUNE_PAGE", 1000)
    dead, live = Listeners(connect(redis_server.url)), Listeners(connect(redis_server.url))
    gone, kept, shared = players(1)[0], players(1)[0], players(1)[0]
    dead.listen([gone, shared], NOW)
    later = NOW + LONG_DEAD_MS + 1
    live.listen([kept, shared], later)
    live.prune(later)
    entries = {
        k.decode(): v.decode().split() for k, v in redis_client.hgetall(LISTENING_KEY).items()
    }
    assert entries == {kept: [live.process], shared: [live.process]}
