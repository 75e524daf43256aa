"""The README and docs/ link only files that exist, and the front-end guide
names every error code the service can send."""

import re
from pathlib import Path

import pytest

from buttonup.api.problems import DOMAIN_ERRORS
from buttonup.http_codes import HTTP_CODES, PROBLEM_CODES

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_every_relative_link_names_a_file_that_exists(document):
    text = document.read_text()
    links = [link for link in LINK.findall(text) if "://" not in link]
    missing = [link for link in links if not (document.parent / link).exists()]
    assert not missing, f"{document.name} links files that do not exist: {missing}"


def test_the_readme_links_the_guide_and_the_rules():
    links = set(LINK.findall((ROOT / "README.md").read_text()))
    assert {"docs/api.md", "docs/rules.md"} <= links


def test_every_code_the_handlers_send_is_in_the_catalogue_with_its_status():
    for status, code, _ in DOMAIN_ERRORS.values():
        assert PROBLEM_CODES[code][0] == status, code
    for status, code in HTTP_CODES.items():
        assert PROBLEM_CODES[code][0] == status, code


def test_the_guide_names_every_error_code():
    guide = (ROOT / "docs" / "api.md").read_text()
    missing = sorted(
        code for code in PROBLEM_CODES if code != "http_error" and f"`{code}`" not in guide
    )
    assert not missing, f"docs/api.md does not name {missing}"
