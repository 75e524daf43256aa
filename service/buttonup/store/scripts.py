"""The store's Lua scripts: their sources (`.lua` files shipped with the
package, store/lua/), and the one place the store reaches past redis-py's
public API: running them.

Each script is registered with redis-py's own `register_script`, which names
it by its SHA-1 and runs it where a fast path is not worth having (a
cluster). Its EVALSHA goes through the client's command layers: argument
checks, response callbacks, the retry wrapper and observability hooks. On
one Redis, `LuaScript` sends the registered script's EVALSHA straight on a
pooled connection and retries on a fresh one with the connection's own Retry
(connect() sets one retry: a Redis restart closes pooled connections). Side
by side (docs/performance.md, "Library internals") that is worth several percent of a
move's CPU. A cluster client goes through its public `execute_command`,
which routes EVALSHA by its keys.

Writes take a path of their own (`write`): a write is sent at most once, and
an error after it was sent is not retried but raised as `Unconfirmed`, since
Redis may have run it; the store then settles what happened.

Relies on redis-py 8's ConnectionPool.get_connection/release and
Connection.send_command/read_response/retry; tests/store/test_scripts.py pins
the version it was written for.
"""

from collections.abc import Sequence
from importlib import resources
from typing import Any

import redis
from redis.exceptions import NoScriptError

from buttonup.store.connection import REDIS_ERRORS, Client

WRITTEN_FOR_REDIS_PY = "8."


def lua_source(
    name: str, *libraries: str, package: str = "buttonup.store", **constants: int
) -> str:
    """The script `name`.lua of `package` (its lua/ folder: a wing keeps its
    own scripts) after the libraries it calls (each a .lua file of local
    functions, the package's own or the store's), with each constant's name
    in them replaced by its value."""
    own = resources.files(package) / "lua"
    shared = resources.files("buttonup.store") / "lua"
    parts = []
    for part in libraries:
        found = own / f"{part}.lua"
        parts.append((found if found.is_file() else shared / f"{part}.lua").read_text())
    source = "".join([*parts, (own / f"{name}.lua").read_text()])
    for constant, value in constants.items():
        source = source.replace(constant, str(value))
    return source


class Unconfirmed(Exception):
    """A write was sent in full and no answer came: Redis may have run it."""


class LuaScript:
    """A Lua script run by EVALSHA, loaded again when the server has lost it."""

    def __init__(self, client: Client, source: str) -> None:
        self._client = client
        self._pool = client.connection_pool if isinstance(client, redis.Redis) else None
        self._source = source
        self._script = client.register_script(source)
        self._sha = self._script.sha

    def __call__(self, keys: Sequence[str], args: Sequence[str | bytes | int] = ()) -> Any:
        command = ("EVALSHA", self._sha, len(keys), *keys, *args)
        try:
            return self._execute(command)
        except NoScriptError:  # a fresh or restarted server
            self._client.script_load(self._source)
            return self._execute(command)

    def write(self, keys: Sequence[str], args: Sequence[str | bytes | int] = ()) -> Any:
        """Run the script at most once. Raises a Redis error when it certainly
        did not run (no connection, or not sent in full), `Unconfirmed` when
        it was sent and no answer came."""
        command = ("EVALSHA", self._sha, len(keys), *keys, *args)
        try:
            return self._write_once(command)
        except NoScriptError:  # refused before running: a fresh or restarted server
            self._client.script_load(self._source)
            return self._write_once(command)

    def _write_once(self, command: tuple) -> Any:
        if self._pool is None:
            # The cluster client retries and reroutes by itself: whether a
            # failed call reached a node is unknown.
            try:
                return self._client.execute_command(*command)
            except redis.ResponseError:
                raise
            except REDIS_ERRORS as error:
                raise Unconfirmed(str(error)) from error
        connection = self._pool.get_connection()  # may raise: nothing was sent
        try:
            try:
                connection.send_command(*command)
            except (redis.ConnectionError, redis.TimeoutError):
                # Not sent in full (a pooled connection that a restart closed):
                # Redis cannot run a partial command, so once more afresh.
                connection.disconnect()
                connection.send_command(*command)
            try:
                return connection.read_response()
            except redis.ResponseError:
                raise
            except (redis.ConnectionError, redis.TimeoutError) as error:
                connection.disconnect()  # its answer may still be on its way
                raise Unconfirmed(str(error)) from error
            except BaseException:
                connection.disconnect()
                raise
        finally:
            self._pool.release(connection)

    def many(self, calls: Sequence[tuple[Sequence[str], Sequence[str | bytes | int]]]) -> list:
        """Several calls in one round trip, through redis-py's public pipeline;
        one call after another on a cluster, whose pipelines refuse EVALSHA.
        Raises the first error."""
        if self._pool is None:
            return [self(keys, args) for keys, args in calls]
        for _ in range(2):
            pipe = self._client.pipeline(transaction=False)
            for keys, args in calls:
                pipe.evalsha(self._sha, len(keys), *keys, *args)
            results = pipe.execute(raise_on_error=False)
            if not any(isinstance(result, NoScriptError) for result in results):
                break
            self._client.script_load(self._source)  # a fresh or restarted server
        for result in results:
            if isinstance(result, Exception):
                raise result
        return results

    def _execute(self, command: tuple) -> Any:
        if self._pool is None:
            _, _, count, *rest = command
            return self._script(keys=rest[:count], args=rest[count:])
        connection = self._pool.get_connection()

        def send_and_read() -> Any:
            connection.send_command(*command)
            return connection.read_response()

        try:
            # On a connection error or timeout: disconnect, so that the next
            # send connects afresh.
            return connection.retry.call_with_retry(
                send_and_read, lambda _error: connection.disconnect()
            )
        except redis.ResponseError:
            raise  # answered in full: the connection is fine
        except BaseException:
            connection.disconnect()  # an answer may still be on its way
            raise
        finally:
            self._pool.release(connection)
