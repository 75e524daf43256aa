"""The wing's store on a Redis of these tests' own (tests.games.conftest
says why)."""

from tests.games.conftest import redis_server  # noqa: F401  (fixture)
