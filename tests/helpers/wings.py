"""The use cases with the wings installed, as app.py installs them (each of
WINGS from its MANIFEST, without their routes): for the tests of a wing's
use cases on a real Redis."""

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import pytest

from buttonup import ratings, seeks, tournaments
from buttonup.api.problems import DOMAIN_ERRORS
from buttonup.app import WINGS, add_to_board
from buttonup.config import Settings
from buttonup.games import Games
from buttonup.http_codes import PROBLEM_CODES
from buttonup.store import GameStore
from buttonup.web import STATIC, WingBoards


@dataclass(frozen=True)
class Wired:
    """The core's use cases and each wing's, by its manifest's name."""

    games: Games
    use_cases: dict[str, object]

    @property
    def ratings(self) -> ratings.Ratings:
        return cast(ratings.Ratings, self.use_cases[ratings.MANIFEST.name])

    @property
    def seeks(self) -> seeks.Seeks:
        return cast(seeks.Seeks, self.use_cases[seeks.MANIFEST.name])

    @property
    def tournaments(self) -> tournaments.Tournaments:
        return cast(tournaments.Tournaments, self.use_cases[tournaments.MANIFEST.name])


def wired(
    store: GameStore, clock: Callable[[], int], pair_games_per_day: int | None = None
) -> Wired:
    """Every wing of WINGS installed on the use cases, as app.py does (a
    pair's rated games a day bounded as the settings' default, unless said)."""
    games = Games(store, clock=clock)
    settings = Settings()
    if pair_games_per_day is not None:
        settings = Settings(rated_games_per_pair_per_day=pair_games_per_day)
    use_cases = {}
    for wing in WINGS:
        attached = wing.MANIFEST.attach(games, settings)
        games.hook(attached.hooks)
        use_cases[wing.MANIFEST.name] = attached.use_cases
    return Wired(games, use_cases)


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


def every_problem_code() -> dict[str, tuple[int, str]]:
    """Every code an app with all its wings can send, with its status and
    meaning: the core's catalogue and each wing's manifest's."""
    codes = dict(PROBLEM_CODES)
    for wing in WINGS:
        for kind in wing.MANIFEST.problems:
            codes.setdefault(kind.code, (kind.status, kind.meaning))
    return codes


def every_domain_error() -> dict[type[Exception], tuple[int, str, str]]:
    """Every refusal such an app answers as a problem: status, code, title."""
    found = dict(DOMAIN_ERRORS)
    for wing in WINGS:
        for kind in wing.MANIFEST.problems:
            found[kind.error] = (kind.status, kind.code, kind.title)
    return found


def install_every_wings_board() -> WingBoards:
    """The board's wings as an app with all of them has them: each wing's
    names, words and pages added, as app.py installs them."""
    boards = WingBoards()
    for wing in WINGS:
        add_to_board(boards, wing.MANIFEST)
    return boards


def board_scripts() -> list[Path]:
    """The board's scripts: the core's, and every wing's pages' modules."""
    found = sorted(STATIC.glob("*.js"))
    for wing in WINGS:
        if wing.MANIFEST.board is not None:
            found += sorted(wing.MANIFEST.board.folder.glob("*.js"))
    return found
