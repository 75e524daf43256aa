"""What the installed wings add to the board, an app's own (app.py keeps it
in the app's extensions as it installs each wing): their pages and parts of
the page, their modules, the names their pages read (vocabulary) and their
words; and what the board serves made of them with the core's.

Tested in tests/web/test_pages.py, tests/web/test_words.py,
tests/web/test_vocabulary.py.
"""

import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from buttonup.engine import PLAYERS, EndReason, EventName, SeatType, Status, Visibility
from buttonup.engine.clock import ClockType
from buttonup.engine.notation import BUTTON_LETTERS, EMPTY, PLAYER_LETTERS
from buttonup.engine.player import PlayerEventName
from buttonup.engine.ratings import Category

STATIC = Path(__file__).with_name("static")
# The board's words, one catalogue per language (docs/board.md#languages).
WORDS = Path(__file__).with_name("words")
DEFAULT_LANGUAGE = "en"

# Where the page takes the wings' parts, by the ending of the file that
# holds each: a page's sections (`<name>.html`), a card of the start screen
# (`<name>.start.html`), a part of the game-over card (`<name>.game-over.html`),
# a part of the start screen's lobby (`<name>.lobby.html`); their navigation
# links, and their styles (`<name>.css`).
WING_PLACES = {
    ".start.html": "<!-- the wings' start cards -->",
    ".game-over.html": "<!-- the wings' game-over parts -->",
    ".lobby.html": "<!-- the wings' lobby parts -->",
    ".html": "<!-- the wings' pages -->",
}
WING_LINKS = "<!-- the wings' links -->"
WING_STYLES = "<!-- the wings' styles -->"


@dataclass(frozen=True, slots=True)
class WingBoard:
    """A wing's part of the board: its folder; each page's query parameter,
    module, exported function and navigation link's words key (None: no
    link); and its hooks module (None: none), whose `install(board)` adds
    to the board's own screens (static/wings.js)."""

    folder: Path
    pages: tuple[tuple[str, str, str, str | None], ...]
    hooks: str | None = None


def members(vocabulary: type[StrEnum]) -> dict[str, str]:
    return {member.name: member.value for member in vocabulary}


def core_catalogues() -> dict[str, dict[str, object]]:
    return {path.stem: json.loads(path.read_text()) for path in sorted(WORDS.glob("*.json"))}


def _place_of(name: str) -> str:
    return next(marker for ending, marker in WING_PLACES.items() if name.endswith(ending))


def _module(comment: str, names: Mapping[str, object]) -> str:
    lines = [
        f"export const {name} = Object.freeze({json.dumps(value, ensure_ascii=False)});"
        for name, value in names.items()
    ]
    return f"// {comment}\n" + "\n".join(lines) + "\n"


class WingBoards:
    """The installed wings' boards, by the wing's name, their names and
    their words; each served document made once."""

    def __init__(self) -> None:
        self.boards: dict[str, WingBoard] = {}
        self._vocabulary: dict[str, dict[str, str]] = {}
        self._words: dict[str, dict[str, object]] = {}
        self._made: dict[str, str] = {}

    def add(self, wing: str, board: WingBoard) -> None:
        self.boards[wing] = board
        self._made.clear()

    def add_vocabulary(self, name: str, vocabulary: type[StrEnum]) -> None:
        self._vocabulary[name] = members(vocabulary)
        self._made.clear()

    def add_words(self, words: Mapping[str, Mapping[str, object]]) -> None:
        """A wing's words, by language; a key the core or another wing has
        is refused."""
        core = core_catalogues()
        for language, added in words.items():
            known = {**core.get(language, {}), **self._words.get(language, {})}
            clash = [key for key, text in added.items() if key in known and known[key] != text]
            if clash:
                raise ValueError(f"words {clash} already mean something else in {language}")
            self._words.setdefault(language, {}).update(added)
        self._made.clear()

    def catalogues(self) -> dict[str, dict[str, object]]:
        """Each language's catalogue, by its code, the default first: the
        core's words and the wings'."""
        found = core_catalogues()
        for language, added in self._words.items():
            found.setdefault(language, {}).update(added)
        return {DEFAULT_LANGUAGE: found.pop(DEFAULT_LANGUAGE), **found}

    def page(self) -> str:
        """index.html with each wing's parts, links and styles in it."""
        if "page" not in self._made:
            self._made["page"] = self._page()
        return self._made["page"]

    def pages_module(self) -> str:
        """The wings' pages and hooks modules as an ES module: the board's
        router, and what wings.js loads."""
        if "pages" not in self._made:
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
            comment = "Made by the service from its wings' boards."
            self._made["pages"] = _module(comment, {"PAGES": pages, "HOOKS": hooks})
        return self._made["pages"]

    def vocabulary_module(self) -> str:
        """The engine's names (and the wings') as an ES module, so that the
        board says each once too."""
        if "vocabulary" not in self._made:
            names: dict[str, object] = {
                "COLORS": [color.value for color in PLAYERS],
                "EVENTS": members(EventName),
                "PLAYER_EVENTS": members(PlayerEventName),
                "END": members(EndReason),
                "CLOCK": members(ClockType),
                "STATUS": members(Status),
                "SEAT": members(SeatType),
                "VISIBILITY": members(Visibility),
                "CATEGORY": members(Category),
                # How a position string (docs/notation.md) writes buttons and players.
                "NOTATION": {
                    "BUTTONS": {letter: color.value for color, letter in BUTTON_LETTERS.items()},
                    "PLAYERS": {letter: color.value for color, letter in PLAYER_LETTERS.items()},
                    "EMPTY": EMPTY,
                },
                **self._vocabulary,
            }
            comment = "Made by the service from its engine's vocabulary."
            self._made["vocabulary"] = _module(comment, names)
        return self._made["vocabulary"]

    def words_module(self) -> str:
        """Every catalogue as one ES module: the board picks its language itself."""
        if "words" not in self._made:
            comment = "Made by the service from its catalogues (service/buttonup/web/words/)."
            self._made["words"] = _module(comment, {"WORDS": self.catalogues()})
        return self._made["words"]

    def _page(self) -> str:
        html = (STATIC / "index.html").read_text()
        parts: dict[str, list[str]] = {marker: [] for marker in WING_PLACES.values()}
        styles, links = [], []
        for wing, board in self.boards.items():
            for path in sorted(board.folder.glob("*.html")):
                parts[_place_of(path.name)].append(path.read_text().rstrip())
            for path in sorted(board.folder.glob("*.css")):
                styles.append(f'<link rel="stylesheet" href="/board/wings/{wing}/{path.name}">')
            for param, _, _, nav in board.pages:
                if nav is not None:
                    links.append(f'<a href="/?{param}" data-t="{nav}"></a>')
        for marker, found in parts.items():
            html = html.replace(marker, "\n".join(found))
        html = html.replace(WING_STYLES, "\n  ".join(styles))
        return html.replace(WING_LINKS, "\n      ".join(links))
