"""The board takes the engine's names from the service, not from literals."""

import re

from buttonup.engine import EndReason, EventName, SeatType, Status, Visibility
from buttonup.engine.clock import ClockType
from tests.helpers.wings import board_scripts

# The board's own scripts, the wings' pages' among them: every one but the
# vocabulary the service writes.
BOARD = [path for path in board_scripts() if path.name != "vocabulary.js"]


def test_the_vocabulary_module_names_every_member(client):
    response = client.get("/board/vocabulary.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    text = response.get_data(as_text=True)
    for vocabulary in (EventName, SeatType, Status, Visibility, EndReason, ClockType):
        for member in vocabulary:
            assert f'"{member.name}": "{member.value}"' in text
    assert 'export const COLORS = Object.freeze(["red", "black"]);' in text


def test_the_board_spells_no_status_event_or_seat_type_itself():
    source = "\n".join(path.read_text() for path in BOARD)
    vocabularies = (EventName, SeatType, Status, EndReason, ClockType)
    names = [m.value for v in vocabularies for m in v if m.value != "game"]
    for name in names:
        assert not re.search(rf"""["']{name}["']""", source), name


def test_no_board_script_is_over_450_lines():
    for path in BOARD:
        assert len(path.read_text().splitlines()) <= 450, path.name
