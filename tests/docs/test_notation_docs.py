"""The notation's examples in the README and docs/notation.md read as they
are written, and a record pasted from the README imports and is written back
the same."""

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
