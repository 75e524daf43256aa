"""The use cases with the wings installed, as app.py installs them (without
their routes): for the tests of a wing's use cases on a real Redis."""

import threading
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from buttonup import ratings, seeks, tournaments
from buttonup.games import Games
from buttonup.store import GameStore


@dataclass(frozen=True)
class Wired:
    games: Games
    ratings: ratings.Ratings
    seeks: seeks.Seeks
    tournaments: tournaments.Tournaments


def wired(store: GameStore, clock: Callable[[], int], **rated: int) -> Wired:
    games = Games(store, clock=clock)
    return Wired(
        games, ratings.attach(games, **rated), seeks.attach(games), tournaments.attach(games)
    )


@pytest.fixture
def wings(store: GameStore, clock: Callable[[], int]) -> Wired:
    """For a wing's tests: the use cases on the tests' store and clock, wired."""
    return wired(store, clock)


@pytest.fixture
def games(wings: Wired) -> Games:
    return wings.games


def sweep_at_once(everyone: list[Games]) -> None:
    """Each process's sweep, all at once (a thread each), to the end."""
    threads = [threading.Thread(target=games.sweep) for games in everyone]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
