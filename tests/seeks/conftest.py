"""The wing's use cases on a Redis of these tests' own, with the tests'
clock (tests.games.conftest says why), the wings attached as app.py does."""

import pytest

from buttonup.games import Games
from tests.games.conftest import clock, redis_server, store  # noqa: F401  (fixtures)
from tests.helpers.wings import Wired, wired


@pytest.fixture
def wings(store, clock) -> Wired:  # noqa: F811  (the fixtures above)
    return wired(store, clock)


@pytest.fixture
def games(wings: Wired) -> Games:
    return wings.games
