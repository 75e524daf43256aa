"""The README, docs/ and bench/README.md link only files and headings that
exist, the README stays a front door, and the front-end guide names every
error code the service can send."""

import re
from pathlib import Path

import pytest

from buttonup.http_codes import HTTP_CODES
from tests.helpers.wings import every_domain_error, every_problem_code

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [
    ROOT / "README.md",
    ROOT / "bench" / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
ANCHORED = re.compile(r"\]\(([^)#\s]*)#([^)\s]+)\)")
README_LINES = 250


def heading_anchors(text: str) -> set[str]:
    """The anchors a Markdown renderer gives the document's headings."""
    found = set()
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if not fenced and line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_names_a_file_that_exists(document):
    text = document.read_text()
    links = [link for link in LINK.findall(text) if "://" not in link]
    missing = [link for link in links if not (document.parent / link).exists()]
    assert not missing, f"{document.name} links files that do not exist: {missing}"


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_link_to_a_heading_finds_it(document):
    for target, anchor in ANCHORED.findall(document.read_text()):
        linked = (document.parent / target) if target else document
        if linked.suffix == ".md":
            assert anchor in heading_anchors(linked.read_text()), (document.name, target, anchor)


def test_the_readme_is_a_front_door():
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) < README_LINES
    links = set(LINK.findall(readme))
    every_doc = {f"docs/{path.name}" for path in (ROOT / "docs").glob("*.md")}
    assert every_doc | {"bench/README.md"} <= links, "the README leads to every document"


def test_the_readme_links_the_guide_and_the_rules():
    links = set(LINK.findall((ROOT / "README.md").read_text()))
    assert {"docs/api.md", "docs/rules.md"} <= links


def test_every_code_the_handlers_send_is_in_the_catalogue_with_its_status():
    codes = every_problem_code()
    for status, code, _ in every_domain_error().values():
        assert codes[code][0] == status, code
    for status, code in HTTP_CODES.items():
        assert codes[code][0] == status, code


def test_the_guides_error_table_has_every_code_with_its_status():
    guide = (ROOT / "docs" / "api.md").read_text()
    missing = sorted(
        code
        for code, (status, _) in every_problem_code().items()
        if code != "http_error" and f"| {status} | `{code}` |" not in guide
    )
    assert not missing, f"docs/api.md's table of errors lacks {missing}"


def test_the_rules_say_the_same_in_spanish():
    """docs/rules.es.md follows docs/rules.md section by section, rule by
    rule: the same headings' count, the same numbered steps and bullets, and
    every code span (moves, stacks, sums, API names) in the same order."""
    english = (ROOT / "docs" / "rules.md").read_text()
    spanish = (ROOT / "docs" / "rules.es.md").read_text()

    def shape(text: str) -> tuple[int, list[str], list[str]]:
        headings = len(re.findall(r"^#+ ", text, re.M))
        items = re.findall(r"^\s*(?:-|\d+\.) ", text, re.M)
        code = re.findall(r"`([^`]+)`", text)
        return headings, items, code

    assert shape(spanish) == shape(english)
    assert "[Español](rules.es.md)" in english and "[English](rules.md)" in spanish


def test_the_docs_show_the_screenshots_the_browser_tests_take():
    """docs/screenshots/ holds exactly what `make screenshots` writes, and the
    README shows the board from there."""
    from tests.browser.conftest import DOC_SCREENSHOTS

    taken = {path.name for path in (ROOT / "docs" / "screenshots").glob("*.png")}
    assert taken == set(DOC_SCREENSHOTS)
    assert "](docs/screenshots/game-1280.png)" in (ROOT / "README.md").read_text()
    shown = (ROOT / "docs" / "board.md").read_text()
    assert all(f"](screenshots/{name})" in shown for name in DOC_SCREENSHOTS)


def test_every_script_command_in_the_docs_runs_with_the_projects_python():
    """On a fresh machine the scripts need the client, which `make` installs
    in .venv: a command pasted from the docs uses .venv/bin/python."""
    for document in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for line in document.read_text().splitlines():
            bare = re.search(r"(?<![/\w])python3? scripts/", line)
            assert not bare, f"{document.name}: {line.strip()}"
