"""A player's index of games on the suite's real Redis: the newest kept, and
what is kept beside each game (its relayed version, whether its end was
heard) pruned with it."""

from collections.abc import Iterator

import pytest

from buttonup.store import connect
from buttonup.store import player_games as module
from buttonup.store.player_events import finished_key, relayed_key
from buttonup.store.player_games import PlayerGames, games_key


@pytest.fixture
def index(redis_server, redis_client) -> Iterator[PlayerGames]:
    client = connect(redis_server.url)
    yield PlayerGames(client, ttl_ms=60_000)
    client.close()


def test_adding_a_game_keeps_the_first_instant_and_relays_from_the_version_given(
    index, redis_client
):
    index.add("p1", "g1", 1_000, 2)
    index.add("p1", "g1", 5_000, 7)  # a retried commit
    assert redis_client.zscore(games_key("p1"), "g1") == 1_000
    assert redis_client.hget(relayed_key("p1"), "g1") == b"2"
    assert index.ids("p1") == ["g1"]


def test_a_game_past_the_newest_kept_leaves_with_what_is_kept_beside_it(
    index, redis_client, monkeypatch
):
    monkeypatch.setattr(module, "GAMES_KEPT", 3)
    for n in range(3):
        index.add("p1", f"g{n}", 1_000 + n, 0)
    redis_client.sadd(finished_key("p1"), "g0", "g1")  # their ends were heard
    index.add("p1", "g3", 2_000, 0)
    assert index.ids("p1") == ["g3", "g2", "g1"]
    assert set(redis_client.hkeys(relayed_key("p1"))) == {b"g1", b"g2", b"g3"}
    assert redis_client.smembers(finished_key("p1")) == {b"g1"}
    listed, heard_over = index.listed("p1")
    assert listed == ["g3", "g2", "g1"] and heard_over == {"g1"}


def test_dropping_stale_entries_takes_everything_of_theirs(index, redis_client):
    index.add("p1", "g1", 1_000, 0)
    redis_client.sadd(finished_key("p1"), "g1")
    index.drop("p1", ["g1"])
    assert index.ids("p1") == []
    assert not redis_client.exists(relayed_key("p1"), finished_key("p1"))
