"""A wing's part of the board (web.WingBoards): the app's page carries each
installed wing's sections, start-screen cards, game-over parts, styles and
navigation links, its router (pages.js) each page's module and each wing's
hooks module, served from the wing's own folder; an app without the wing
has none of them, and serves nothing of its folder."""

import json
import re
from pathlib import Path

import pytest

from buttonup import tournaments
from buttonup.app import WINGS, create_app
from buttonup.web import STATIC, WORDS
from tests.test_layout import NAMED_BY_THE_MATCH
from tests.test_layout import WINGS as LAYOUT_WINGS


def test_the_page_carries_each_installed_wings_sections_links_and_modules(client):
    page = client.get("/").get_data(as_text=True)
    assert '<section id="tournaments"' in page and '<section id="leaderboard"' in page
    assert '<a href="/?tournaments" data-t="nav.tournaments"></a>' in page
    assert '<form id="vs-anyone" class="card">' in page  # the seeks wing's card
    assert '<a id="back-to-tournament"' in page  # a part of the game-over card
    assert '<link rel="stylesheet" href="/board/wings/ratings/profile.css">' in page
    style = client.get("/board/wings/ratings/profile.css")
    assert style.status_code == 200 and style.mimetype == "text/css"
    assert "<!-- the wings'" not in page  # every place filled
    router = client.get("/board/pages.js")
    assert router.status_code == 200 and router.mimetype == "text/javascript"
    text = router.get_data(as_text=True)
    assert '"module": "/board/wings/tournaments/tournaments.js", "show": "showTournament"' in text
    assert '"/board/wings/seeks/seeking.js"' in text and "export const HOOKS" in text
    module = client.get("/board/wings/tournaments/tournaments.js")
    assert module.status_code == 200 and "export function showTournament(" in module.get_data(
        as_text=True
    )
    assert module.mimetype == "text/javascript"


def test_an_app_without_a_wing_has_none_of_its_pages_names_or_words(settings):
    without = create_app(settings, wings=[w for w in WINGS if w is not tournaments])
    client = without.test_client()
    page = client.get("/").get_data(as_text=True)
    assert '<section id="tournament' not in page and "/?tournaments" not in page
    assert "back-to-tournament" not in page and "<!-- the wings'" not in page
    assert '<section id="leaderboard"' in page  # the other wings' are there
    assert "tournaments" not in client.get("/board/pages.js").get_data(as_text=True)
    assert client.get("/board/wings/tournaments/tournaments.js").status_code == 404
    # Nor its names nor its words: an app's own, whatever else the process built.
    create_app(settings).test_client().get("/board/words.js")  # one with every wing
    assert "TOURNAMENT_STATUS" not in client.get("/board/vocabulary.js").get_data(as_text=True)
    words = client.get("/board/words.js").get_data(as_text=True)
    assert "problem.tournament_full" not in words and "problem.seek_not_found" in words


@pytest.mark.parametrize(
    "path",
    [
        "/board/wings/tournaments/..%2f__init__.py",
        "/board/wings/tournaments/%2e%2e%2f__init__.py",
        "/board/wings/nowing/tournaments.js",
        "/board/wings/tournaments/missing.js",
    ],
)
def test_nothing_outside_an_installed_wings_board_folder_is_served(client, path):
    assert client.get(path).status_code == 404


def without_comments(path: Path) -> str:
    text = path.read_text()
    if path.suffix in (".js", ".css"):
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    if path.suffix == ".js":
        text = re.sub(r"(^|\s)//.*$", "", text, flags=re.M)
    if path.suffix == ".html":
        text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    if path.suffix == ".json":  # a catalogue: its keys, not its prose
        text = "\n".join(json.loads(text))
    return text


def test_the_boards_own_files_name_no_wing():
    """Comments and prose aside, the board's core scripts, page, styles and
    catalogues say nothing of a wing (the rule tests/test_layout.py holds
    the service's code to): what a wing shows is in its own board folder."""
    stems = [wing.removesuffix("s") for wing in LAYOUT_WINGS if wing not in NAMED_BY_THE_MATCH]
    named = re.compile("|".join([*stems, "leaderboard"]), re.IGNORECASE)
    for path in [*sorted(STATIC.iterdir()), *sorted(WORDS.glob("*.json"))]:
        found = named.findall(without_comments(path))
        assert not found, (path.name, found)
