"""The store's one adapter over redis-py internals, pinned to the version it
was written for: a new redis-py major must be checked (and this raised)."""

import redis
from redis.connection import AbstractConnection, ConnectionPool

from buttonup.store.scripts import WRITTEN_FOR_REDIS_PY, LuaScript


def test_the_installed_redis_py_is_the_one_the_adapter_was_written_for():
    assert redis.__version__.startswith(WRITTEN_FOR_REDIS_PY)
    for name in ("get_connection", "release"):
        assert callable(getattr(ConnectionPool, name))
    for name in ("send_command", "read_response", "disconnect"):
        assert callable(getattr(AbstractConnection, name))


def test_a_script_runs_and_is_loaded_again_after_a_flush(redis_server, redis_client):
    script = LuaScript(redis.Redis(port=redis_server.port), "return {KEYS[1], ARGV[1]}")
    assert script(["k"], ["v"]) == [b"k", b"v"]
    redis_client.script_flush()
    assert script(["k"], [7]) == [b"k", b"7"]
