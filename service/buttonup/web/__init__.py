"""The board: a browser front end served at /, plain static files that call
only the public API (the same one any other front end uses). A wing adds
pages to it as it is installed (`add_board`): their sections of the page,
their links, and their modules, served from the wing's own folder."""

import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path

from flask import Blueprint, Response, abort, current_app, send_from_directory

from buttonup.engine import PLAYERS, EndReason, EventName, SeatType, Status, Visibility
from buttonup.engine.clock import ClockType
from buttonup.engine.notation import BUTTON_LETTERS, EMPTY, PLAYER_LETTERS
from buttonup.engine.player import PlayerEventName
from buttonup.engine.ratings import Category

STATIC = Path(__file__).with_name("static")
# The board's words, one catalogue per language (docs/board.md#languages).
WORDS = Path(__file__).with_name("words")
DEFAULT_LANGUAGE = "en"

# Everything the page loads comes from this service: no CDN, works offline.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)

blp = Blueprint("web", __name__, static_folder=STATIC, static_url_path="/board")


@dataclass(frozen=True, slots=True)
class WingBoard:
    """A wing's part of the board: its folder; each page's query parameter,
    module, exported function and navigation link's words key (None: no
    link); and its hooks module (None: none), whose `install(board)` adds
    to the board's own screens (static/wings.js)."""

    folder: Path
    pages: tuple[tuple[str, str, str, str | None], ...]
    hooks: str | None = None


# Where the page takes the wings' parts, by the ending of the file that
# holds each: a page's sections (`<name>.html`), a card of the start screen
# (`<name>.start.html`), a part of the game-over card (`<name>.game-over.html`);
# and their navigation links.
WING_PLACES = {
    ".start.html": "<!-- the wings' start cards -->",
    ".game-over.html": "<!-- the wings' game-over parts -->",
    ".html": "<!-- the wings' pages -->",
}
WING_LINKS = "<!-- the wings' links -->"
WING_STYLES = "<!-- the wings' styles -->"  # each wing's `*.css`


def _place_of(name: str) -> str:
    return next(marker for ending, marker in WING_PLACES.items() if name.endswith(ending))


class WingBoards:
    """The installed wings' boards, by the wing's name (an app's: app.py adds
    them as it installs each wing), and what the board makes of them."""

    def __init__(self) -> None:
        self.boards: dict[str, WingBoard] = {}
        self._page: str | None = None
        self._pages_module: str | None = None

    def add(self, wing: str, board: WingBoard) -> None:
        self.boards[wing] = board
        self._page = self._pages_module = None

    def page(self) -> str:
        """index.html with each wing's sections and links in it."""
        if self._page is None:
            html = (STATIC / "index.html").read_text()
            parts: dict[str, list[str]] = {marker: [] for marker in WING_PLACES.values()}
            for board in self.boards.values():
                for path in sorted(board.folder.glob("*.html")):
                    parts[_place_of(path.name)].append(path.read_text().rstrip())
            styles = [
                f'<link rel="stylesheet" href="/board/wings/{wing}/{path.name}">'
                for wing, board in self.boards.items()
                for path in sorted(board.folder.glob("*.css"))
            ]
            html = html.replace(WING_STYLES, "\n  ".join(styles))
            links = [
                f'<a href="/?{param}" data-t="{nav}"></a>'
                for board in self.boards.values()
                for param, _, _, nav in board.pages
                if nav is not None
            ]
            for marker, found in parts.items():
                html = html.replace(marker, "\n".join(found))
            self._page = html.replace(WING_LINKS, "\n      ".join(links))
        return self._page

    def pages_module(self) -> str:
        """The wings' pages and hooks modules as an ES module: the board's
        router, and what wings.js loads."""
        if self._pages_module is None:
            pages = [
                {"param": param, "module": f"/board/wings/{wing}/{module}", "show": show}
                for wing, board in self.boards.items()
                for param, module, show, _ in board.pages
            ]
            hooks = [
                f"/board/wings/{wing}/{board.hooks}"
                for wing, board in self.boards.items()
                if board.hooks is not None
            ]
            self._pages_module = (
                "// Made by the service from its wings' boards.\n"
                f"export const PAGES = Object.freeze({json.dumps(pages)});\n"
                f"export const HOOKS = Object.freeze({json.dumps(hooks)});\n"
            )
        return self._pages_module


def wing_boards() -> WingBoards:
    """This app's (app.py keeps them in its extensions)."""
    return current_app.extensions.setdefault("buttonup.boards", WingBoards())


@blp.get("/")
def index() -> Response:
    response = Response(wing_boards().page(), mimetype="text/html")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    return response


@blp.get("/board/pages.js")
def pages() -> Response:
    return Response(wing_boards().pages_module(), mimetype="text/javascript")


@blp.get("/board/wings/<wing>/<name>")
def wing_file(wing: str, name: str) -> Response:
    """A file of an installed wing's board (send_from_directory keeps it inside)."""
    board = wing_boards().boards.get(wing)
    if board is None:
        abort(404)
    return send_from_directory(board.folder, name, max_age=0)


def _members(vocabulary: type[StrEnum]) -> dict[str, str]:
    return {member.name: member.value for member in vocabulary}


# Names a wing adds to the board's vocabulary as it is installed (its
# statuses, say): app.py's wings register them before the first request.
WING_VOCABULARY: dict[str, dict[str, str]] = {}


def add_vocabulary(name: str, vocabulary: type[StrEnum]) -> None:
    WING_VOCABULARY[name] = _members(vocabulary)
    vocabulary_module.cache_clear()


@cache
def vocabulary_module() -> str:
    """The engine's names as an ES module, so that the board says each once too."""
    names: dict[str, object] = {
        "COLORS": [color.value for color in PLAYERS],
        "EVENTS": _members(EventName),
        "PLAYER_EVENTS": _members(PlayerEventName),
        "END": _members(EndReason),
        "CLOCK": _members(ClockType),
        "STATUS": _members(Status),
        "SEAT": _members(SeatType),
        "VISIBILITY": _members(Visibility),
        "CATEGORY": _members(Category),
        # How a position string (docs/notation.md) writes buttons and players.
        "NOTATION": {
            "BUTTONS": {letter: color.value for color, letter in BUTTON_LETTERS.items()},
            "PLAYERS": {letter: color.value for color, letter in PLAYER_LETTERS.items()},
            "EMPTY": EMPTY,
        },
        **WING_VOCABULARY,
    }
    lines = [
        f"export const {name} = Object.freeze({json.dumps(value)});"
        for name, value in names.items()
    ]
    return "// Made by the service from its engine's vocabulary.\n" + "\n".join(lines) + "\n"


@blp.get("/board/vocabulary.js")
def vocabulary() -> Response:
    return Response(vocabulary_module(), mimetype="text/javascript")


# Words a wing adds to each language's catalogue as it is installed (its
# refusals' `problem.<code>`, its pages'), by language.
WING_WORDS: dict[str, dict[str, object]] = {}


def add_words(words: Mapping[str, Mapping[str, object]]) -> None:
    """A wing's words, by language; a key the core or another wing has is refused."""
    core = _core_catalogues()
    for language, added in words.items():
        known = {**core.get(language, {}), **WING_WORDS.get(language, {})}
        clash = [key for key, text in added.items() if key in known and known[key] != text]
        if clash:
            raise ValueError(f"words {clash} already mean something else in {language}")
        WING_WORDS.setdefault(language, {}).update(added)
    words_module.cache_clear()


def _core_catalogues() -> dict[str, dict[str, object]]:
    return {path.stem: json.loads(path.read_text()) for path in sorted(WORDS.glob("*.json"))}


def catalogues() -> dict[str, dict[str, object]]:
    """Each language's catalogue, by its code, the default first: the core's
    words and those of the wings installed."""
    found = _core_catalogues()
    for language, added in WING_WORDS.items():
        found.setdefault(language, {}).update(added)
    return {DEFAULT_LANGUAGE: found.pop(DEFAULT_LANGUAGE), **found}


@cache
def words_module() -> str:
    """Every catalogue as one ES module: the board picks its language itself."""
    return (
        "// Made by the service from its catalogues (service/buttonup/web/words/).\n"
        f"export const WORDS = Object.freeze({json.dumps(catalogues(), ensure_ascii=False)});\n"
    )


@blp.get("/board/words.js")
def words() -> Response:
    return Response(words_module(), mimetype="text/javascript")
