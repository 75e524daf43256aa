"""The board's words: one catalogue per language, the same keys and the same
blanks in each, every key the page and its scripts use present, and no words
of the board written anywhere but the catalogues."""

import json
import re
from html.parser import HTMLParser

from buttonup.engine import BotLevel
from buttonup.engine.notation import Reason
from buttonup.web import DEFAULT_LANGUAGE, WORDS
from tests.helpers.wings import board_scripts, every_problem_code, install_every_wings_board

# The catalogues and the page as the app serves them: the core's and every
# wing's words, and every wing's pages.
BOARDS = install_every_wings_board()

# By folder and name: two wings may each have a hooks.js.
SCRIPTS = {f"{path.parent.parent.name}/{path.name}": path.read_text() for path in board_scripts()}
catalogues = BOARDS.catalogues
PAGE = BOARDS.page()
LANGUAGES = ("en", "es")
# What the page may write itself: the game's name, keys, digits and arrows.
PAGE_SIGNS = {"Button Up!", "H", "#", "\u00d7", "\u2013", "|◀", "◀", "▶", "▶|"}  # times, en dash
# String literals of the scripts that are not words for a player: HTTP's
# names, keys of events, and the like.
NOT_WORDS = {
    "Accept",
    "Authorization",
    "Content-Type",
    "Date",
    "Idempotency-Key",
    "Last-Event-ID",
    "Retry-After",
    "ArrowLeft",
    "ArrowRight",
    "H",
}
# Literals that start so are markup, paths, patterns, a token's header, or a
# developer's message (a missing key), not words for a player.
NOT_WORDS_STARTS = ("<", "/", "#", "[", "^", "http", "Bearer ", "no words for ")


def blanks(entry: object) -> set[str]:
    texts = entry.values() if isinstance(entry, dict) else [entry]
    return {name for text in texts for name in re.findall(r"\{(\w+)\}", str(text))}


def test_there_is_a_catalogue_per_language_the_default_first():
    assert tuple(catalogues()) == (DEFAULT_LANGUAGE, "es")
    assert sorted(path.stem for path in WORDS.glob("*.json")) == sorted(LANGUAGES)


def test_every_catalogue_has_the_same_keys_and_blanks():
    found = catalogues()
    english = found["en"]
    for language, words in found.items():
        assert words.keys() == english.keys(), language
        for key, entry in words.items():
            assert blanks(entry) == blanks(english[key]), (language, key)
            if isinstance(entry, dict):
                assert "other" in entry and set(entry) <= {
                    "zero",
                    "one",
                    "two",
                    "few",
                    "many",
                    "other",
                }
            else:
                assert isinstance(entry, str) and entry.strip(), (language, key)


def test_the_catalogues_translate_rather_than_copy():
    english, spanish = catalogues()["en"], catalogues()["es"]
    same = [key for key in english if english[key] == spanish[key]]
    # Marks, numbers and borrowed words read the same in both.
    assert set(same) <= {
        "nav.api",
        "category.blitz",
        "clock.fischer",
        "clock.sudden_death",
        "lobby.seat",
        "profile.counts",
        "tournaments.item",
        "analysis.move",
    }, same


def test_every_problem_code_has_the_boards_own_words_in_each_language():
    for language, words in catalogues().items():
        missing = [code for code in every_problem_code() if f"problem.{code}" not in words]
        assert not missing, (language, missing)


def test_every_bot_level_is_named_in_each_language():
    for language, words in catalogues().items():
        assert all(f"bot_name.{level.value}" in words for level in BotLevel), language


def test_every_reason_a_record_or_position_is_refused_for_is_said_in_each_language():
    for language, words in catalogues().items():
        assert all(f"notation.{reason.value}" in words for reason in Reason), language


def used_keys() -> tuple[set[str], set[str]]:
    """The keys the page and the scripts name, and the prefixes scripts
    complete at run time (t(`color.${color}`))."""
    keys = set(re.findall(r'data-t(?:-[a-z-]+)?="([^"]+)"', PAGE))
    prefixes = set()
    for source in SCRIPTS.values():
        keys |= set(re.findall(r"""\bt\(\s*["']([\w.]+)["']""", source))
        # A key chosen between two: t(mine ? "a" : "b"), or named in a table.
        keys |= set(re.findall(r"""["']((?:[a-z_]+\.)+[a-z_]+)["']""", source))
        prefixes |= set(re.findall(r"t\(`([\w.]+\.)\$\{", source))
    return keys, prefixes


def test_every_key_used_is_in_the_catalogues_and_every_entry_is_used():
    keys, prefixes = used_keys()
    english = catalogues()["en"]
    known = set(english)
    unknown = {key for key in keys if "." in key and key not in known}
    # Only file names and the like besides keys contain a dot in a literal.
    assert {key for key in unknown if not key.endswith((".js", ".txt"))} == set()
    unused = [
        key
        for key in english
        if key not in keys and not key.startswith(tuple(prefixes)) and key != "language.name"
    ]
    assert unused == []
    assert {"color.", "category.", "problem.", "bot_name.", "tournament_status."} <= prefixes


class PageText(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.texts.append(data.strip())


def test_the_page_writes_no_words_of_its_own():
    parser = PageText()
    parser.feed(PAGE)
    assert set(parser.texts) <= PAGE_SIGNS | {str(n) for n in range(10)}
    # Nor in the attributes a screen reader or a tooltip reads.
    assert not re.search(r'\s(aria-label|placeholder|title)="[^"]*[a-z]{2}', PAGE)


def string_literals(source: str) -> list[str]:
    without_comments = re.sub(r"^\s*//.*$|\s//\s.*$", "", source, flags=re.M)
    literals = re.findall(
        r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`([^`]*)`', without_comments
    )
    return [next(part for part in found if part) for found in literals if any(found)]


def test_no_script_writes_words_for_a_player_itself():
    """A literal with a capitalised word, or with two words, is a sentence the
    catalogue should hold (markup, selectors and HTTP names aside)."""
    offenders = []
    for name, source in SCRIPTS.items():
        if name.rsplit("/", 1)[-1] in {"words.js", "vocabulary.js"}:
            continue
        for literal in string_literals(source):
            text = re.sub(r"\$\{[^}]*\}", "", literal)
            if literal in NOT_WORDS or text.startswith(NOT_WORDS_STARTS):
                continue
            if re.search(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}|^[A-Z][a-z]+", text):
                offenders.append((name, literal))
    assert offenders == []


def test_the_words_module_carries_every_catalogue(client):
    response = client.get("/board/words.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    text = response.get_data(as_text=True)
    prefix = "export const WORDS = Object.freeze("
    line = next(line for line in text.splitlines() if line.startswith(prefix))
    assert json.loads(line[len(prefix) : -len(");")]) == catalogues()
    assert "Español" in text  # written as UTF-8, as the page declares
