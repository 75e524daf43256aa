"""The use cases with the wings installed, as app.py installs them (without
their routes): for the tests of a wing's use cases on a real Redis."""

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from buttonup import ratings, seeks
from buttonup.games import Games
from buttonup.store import GameStore


@dataclass(frozen=True)
class Wired:
    games: Games
    ratings: ratings.Ratings
    seeks: seeks.Seeks


def wired(store: GameStore, clock: Callable[[], int], **rated: int) -> Wired:
    games = Games(store, clock=clock)
    return Wired(games, ratings.attach(games, **rated), seeks.attach(games))


@pytest.fixture
def wings(store: GameStore, clock: Callable[[], int]) -> Wired:
    """For a wing's tests: the use cases on the tests' store and clock, wired."""
    return wired(store, clock)


@pytest.fixture
def games(wings: Wired) -> Games:
    return wings.games
