"""The wing's use cases on a Redis of these tests' own, with the tests'
clock (tests.games.conftest says why), the wings attached as app.py does."""

from tests.games.conftest import clock, redis_server, store  # noqa: F401  (fixtures)
from tests.helpers.wings import games, wings  # noqa: F401  (fixtures)
