"""The board: a browser front end served at /, plain static files that call
only the public API (the same one any other front end uses)."""

import json
from collections.abc import Mapping
from enum import StrEnum
from functools import cache
from pathlib import Path

from flask import Blueprint, Response, send_from_directory

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


@blp.get("/")
def index() -> Response:
    response = send_from_directory(STATIC, "index.html", max_age=0)
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    return response


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
