"""The notation's examples in the README and docs/notation.md read as they
are written, and a record pasted from the README imports and is written back
the same."""

import json
import re
from pathlib import Path

import pytest

from buttonup.engine.notation import read_position
from buttonup.engine.record_reader import read_record

ROOT = Path(__file__).resolve().parents[2]
NOTATION = (ROOT / "docs" / "notation.md").read_text()
README = (ROOT / "README.md").read_text()
POSITION = re.compile(r"`([RBW.\-]+_[rb-]_\d+-\d+_\d+_\d+[rb])`")


def record_blocks(text: str) -> list[str]:
    return re.findall(r"^```\n(\[.*?)^```$", text, re.S | re.M)


@pytest.mark.parametrize("position", sorted(set(POSITION.findall(NOTATION + README))))
def test_every_position_the_docs_show_reads(position):
    read_position(position)


def test_the_docs_show_the_same_whole_game_and_it_reads():
    (in_notation,) = record_blocks(NOTATION)
    (in_readme,) = record_blocks(README)
    assert in_notation == in_readme
    assert read_record(in_readme).end is not None


def test_the_readmes_record_imports_and_is_written_back_the_same(client):
    (record,) = record_blocks(README)
    made = client.post("/v1/games/import", data=record, headers={"Content-Type": "text/plain"})
    assert made.status_code == 201, made.get_json()
    game_id = made.get_json()["id"]
    assert client.get(f"/v1/games/{game_id}/record").get_data(as_text=True) == record


def indented_records(text: str) -> list[str]:
    """Records shown as indented blocks (four spaces), unindented."""
    blocks = re.findall(r"((?:^    \[.*\n)+\n(?:^    \d.*\n)+)", text, re.M)
    return ["".join(line[4:] + "\n" for line in block.splitlines() if line) for block in blocks]


def every_record_shown() -> list[str]:
    """Each record docs/notation.md, the README and the spec show, with a
    blank line after the tags as written."""
    shown = record_blocks(NOTATION) + record_blocks(README)
    for block in indented_records(NOTATION):
        tags, rounds = block.split("\n1.", 1)
        shown.append(f"{tags}\n\n1.{rounds}".replace("\n\n\n", "\n\n"))
    spec = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    for path in spec["paths"].values():
        for operation in path.values():
            if not isinstance(operation, dict):
                continue  # a path's parameters
            for content in (operation.get("requestBody") or {}).get("content", {}).values():
                if str(content.get("example", "")).startswith("[Red "):
                    shown.append(content["example"])
            for response in operation.get("responses", {}).values():
                for content in response.get("content", {}).values():
                    if str(content.get("example", "")).startswith("[Red "):
                        shown.append(content["example"])
    return shown


def test_the_docs_and_the_spec_show_records_of_every_kind():
    shown = every_record_shown()
    assert len(shown) >= 5, "notation.md's two, the README's and the spec's two"


@pytest.mark.parametrize("record", every_record_shown())
def test_every_record_the_docs_and_the_spec_show_imports_and_is_written_back_the_same(
    client, record
):
    made = client.post("/v1/games/import", data=record, headers={"Content-Type": "text/plain"})
    assert made.status_code == 201, made.get_json()
    written = client.get(f"/v1/games/{made.get_json()['id']}/record").get_data(as_text=True)
    assert written == record


@pytest.mark.parametrize("position", sorted(set(POSITION.findall(NOTATION + README))))
def test_every_position_the_docs_show_is_analysed(client, position):
    answer = client.post("/v1/analysis", json={"position": position})
    assert answer.status_code == 200, answer.get_json()
