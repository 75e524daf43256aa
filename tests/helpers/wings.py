"""The use cases with the wings installed, as app.py installs them (without
their routes): for the tests of a wing's use cases on a real Redis."""

from collections.abc import Callable
from dataclasses import dataclass

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
