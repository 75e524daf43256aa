"""Shared fixtures: a real redis-server of the suite's own on a free port."""

from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from buttonup.app import create_app
from buttonup.config import Settings
from buttonup.redis_server import RedisServer


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path_factory.mktemp("redis"), persistent=False)
    assert server.port != 6379
    server.start()
    yield server
    server.stop()


@pytest.fixture
def redis_client(redis_server: RedisServer) -> Iterator[redis.Redis]:
    client = redis.Redis(port=redis_server.port)
    client.flushdb()  # the suite's own server: nobody else's data
    yield client
    client.close()


@pytest.fixture
def settings(redis_server: RedisServer, redis_client: redis.Redis) -> Settings:
    return Settings(redis_url=redis_server.url)


@pytest.fixture
def app(settings: Settings) -> Flask:
    app = create_app(settings)
    app.testing = True
    return app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[RedisServer]:
    """A Redis of this test alone, to stop, freeze and restart."""
    server = RedisServer(tmp_path / "redis", persistent=True)
    server.start()
    yield server
    server.stop()
