"""The use cases on a real Redis of these tests' own, with a clock of the
tests' own: a store, the clock, and the Games wired on them.

A Redis apart from the suite's: the suite's live servers sweep the suite's
Redis by the real clock, and would settle the marks these tests leave for
their own sweeps (rated games' ends, pairings)."""

from collections.abc import Iterator

import pytest

from buttonup.games import Games
from buttonup.redis_server import RedisServer
from buttonup.store import GameStore, connect
from tests.games.clock import Clock


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path_factory.mktemp("games-redis"), persistent=False)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def store(redis_server, redis_client) -> GameStore:  # redis_client: emptied first
    return GameStore(connect(redis_server.url), game_ttl_seconds=600, reply_ttl_seconds=60)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def games(store, clock) -> Games:
    return Games(store, clock=clock)
