"""The store's one adapter over redis-py internals, pinned to the version it
was written for: a new redis-py major must be checked (and this raised)."""

from pathlib import Path

import pytest
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


LUA_PACKAGES = sorted(
    path.parent.parent.name for path in Path("service/buttonup").glob("*/lua/*.lua")
)


def test_the_lua_packages_are_found():
    assert {"store", "ratings", "seeks", "tournaments"} <= set(LUA_PACKAGES)


@pytest.mark.parametrize("package", sorted(set(LUA_PACKAGES)))
def test_every_lua_file_is_shipped_as_package_data_and_used(package):
    """The scripts live in lua/ beside the store modules that load them (the
    core store's, and each wing's): pyproject ships them, and each is a
    script or a library some module of that package loads."""
    import tomllib
    from importlib import import_module, resources

    shipped = tomllib.loads(Path("pyproject.toml").read_text())["tool"]["setuptools"]
    assert "*/lua/*.lua" in shipped["package-data"]["buttonup"]  # every package's, one glob
    folder = resources.files(f"buttonup.{package}") / "lua"
    names = {
        item.name.removesuffix(".lua") for item in folder.iterdir() if item.name.endswith(".lua")
    }
    home = Path(import_module(f"buttonup.{package}").__file__).parent
    sources = "".join(path.read_text() for path in home.glob("*.py"))
    assert names and all(f'"{name}"' in sources for name in names)


def test_a_script_is_the_registered_script_of_redis_py(redis_server):
    from buttonup.store.scripts import lua_source

    client = redis.Redis(port=redis_server.port)
    source = lua_source("deadline_expect")
    script = LuaScript(client, source)
    assert script._sha == client.register_script(source).sha
    assert "EVENTS_KEPT" not in lua_source("commit", "game_parse", "relay_lib", EVENTS_KEPT=5)
