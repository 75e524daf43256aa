"""What a wing adds to the service, declared in one place (its package's
MANIFEST), and installed by the core at start (app.py): its use cases
wired onto the core's, its routes and spec components, the refusals it
answers with their codes, the notices it sends players on their streams,
and the names its board pages share with the service.

Tested in tests/api/test_app.py.
"""

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import Any

from buttonup.config import Settings, WingSetting
from buttonup.errors import GameError
from buttonup.games import Games
from buttonup.games.fair_play import Surface
from buttonup.games.hooks import Hooks


@dataclass(frozen=True, slots=True)
class Problem:
    """A wing's refusal: answered as problem+json with this status and
    stable `code` (`title` its short summary), and `meaning` in the spec's
    catalogue of codes and every operation that names it."""

    error: type[GameError]
    status: int
    code: str
    title: str
    meaning: str


@dataclass(frozen=True, slots=True)
class InboxNotice:
    """A notice a wing sends players on their own stream (`games.inbox.tell`):
    its event `name`, its spec `component` (its data's is `<component>Data`),
    and its data's properties as JSON Schema, each required."""

    name: str
    component: str
    description: str
    properties: Mapping[str, Any]
    example: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class OriginField:
    """The field by which a game, and the `game_start` its players hear,
    name the wing's own thing that made it (its origin's id: a tournament's,
    say), null for a game the wing did not make; in the spec while the wing
    is installed."""

    name: str
    description: str


@dataclass(frozen=True, slots=True)
class BoardPage:
    """A page a wing adds to the board, shown for `/?<param>`: `show`, a
    function its `module` (a file of the wing's board/ folder) exports,
    called with the parameter's value and the board's `report`; `nav`: the
    words key of its link in the board's navigation (None: no link)."""

    param: str
    module: str
    show: str
    nav: str | None = None


@dataclass(frozen=True, slots=True)
class Board:
    """A wing's part of the board: its folder (its modules, and the parts of
    the page they fill, added to the board's page as the wing is installed:
    a page's sections `<name>.html`, a start screen's card
    `<name>.start.html`, a part of the game-over card `<name>.game-over.html`,
    its styles `<name>.css`),
    its pages, and its hooks module (`install(board)`: what it adds to the
    board's own screens, web/static/wings.js)."""

    folder: Path
    pages: tuple[BoardPage, ...]
    hooks: str | None = None


@dataclass(frozen=True, slots=True)
class Routes:
    """A wing's routes: a flask-smorest blueprint, and spec components its
    operations refer to by name that no schema of theirs brings (events)."""

    blueprint: Any
    components: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Attached:
    """A wing's use cases, made on the core's (kept in
    `app.extensions["buttonup.<name>"]`), and the hooks the core installs
    for them (games.hooks: consequences, ports, timers, sweeps)."""

    use_cases: object
    hooks: Hooks


@dataclass(frozen=True, slots=True)
class Manifest:
    """A wing, as the core installs it: `attach` makes its use cases on the
    core's and declares what they hook into (Attached), which the core
    installs (Games.hook); `routes` is called once the app is
    built (its modules need Flask's app); `vocabulary` names enums the board
    reads as the service spells them (web.wings: the app's vocabulary.js)."""

    name: str
    attach: Callable[[Games, Settings], Attached]
    routes: Callable[[], Routes]
    problems: tuple[Problem, ...] = ()
    inbox: tuple[InboxNotice, ...] = ()
    origin_field: OriginField | None = None
    # The wing's costly operations, by the meter that counts them (one of
    # api.rate_limits.METERS: "creates", "records", "joins", ...), each as
    # (method, "<blueprint>.<view>").
    metered: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    vocabulary: Mapping[str, type[StrEnum]] = field(default_factory=dict)
    # Its operations that ask the fair-play gate (games.fair_play.SURFACES
    # lists the core's), each by the surface it asks for.
    surfaces: tuple[tuple[Surface, str], ...] = ()
    # The board's words it adds, by language (its refusals' `problem.<code>`
    # among them): `words_of(package)` reads its words/<language>.json.
    words: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    board: Board | None = None  # `board_of(package, *pages)`
    # The numbers it reads from the environment (in the operator's table;
    # a bad value stops the service as it starts): `setting.read(settings)`.
    settings: tuple[WingSetting, ...] = ()

    @property
    def extension(self) -> str:
        return f"buttonup.{self.name}"


def board_of(package: str, *pages: BoardPage, hooks: str | None = None) -> Board:
    """A wing's board: its package's board/ folder, its pages and hooks."""
    return Board(Path(str(resources.files(package) / "board")), pages, hooks)


def words_of(package: str) -> dict[str, dict[str, object]]:
    """A wing's words, from its package's words/<language>.json files."""
    folder = resources.files(package) / "words"
    return {
        item.name.removesuffix(".json"): json.loads(item.read_text())
        for item in folder.iterdir()
        if item.name.endswith(".json")
    }
