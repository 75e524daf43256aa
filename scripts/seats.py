"""The seats play.py holds, kept between runs so that running it again with
`--join ID` takes one's seat back instead of asking for another (409
`game_full`): each game's colour and token, by service and game, in a file
only its owner reads ($XDG_STATE_HOME/buttonup/seats.json, else
~/.local/state/buttonup/seats.json), the newest 100.

Tested in tests/scripts/test_scripts.py.
"""

import json
import os
import sys
import tempfile
from pathlib import Path

KEPT = 100


def seats_file() -> Path:
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "buttonup" / "seats.json"


def _read() -> dict[str, dict[str, str]]:
    try:
        kept = json.loads(seats_file().read_text())
    except (OSError, ValueError):
        return {}
    return kept if isinstance(kept, dict) else {}


def kept_seat(base_url: str, game_id: str) -> tuple[str, str] | None:
    """The colour and token of one's seat in that game, if kept."""
    seat = _read().get(f"{base_url} {game_id}")
    if not isinstance(seat, dict) or not {"color", "token"} <= seat.keys():
        return None
    return seat["color"], seat["token"]


def keep_seat(base_url: str, game_id: str, color: str, token: str) -> None:
    """Keeps the seat (the newest last), readable by its owner alone. Two
    programs keeping seats at once each write a file of their own and swap
    it in, so neither fails (the last one's list stands); a seat that could
    not be kept only means `--join` cannot take it back."""
    kept = _read()
    kept.pop(f"{base_url} {game_id}", None)
    kept[f"{base_url} {game_id}"] = {"color": color, "token": token}
    path = seats_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        descriptor, written = tempfile.mkstemp(dir=path.parent, suffix=".tmp")  # mode 600
        with os.fdopen(descriptor, "w") as out:
            json.dump(dict(list(kept.items())[-KEPT:]), out)
        os.replace(written, path)
    except OSError as error:
        print(f"(your seat was not kept for --join: {error})", file=sys.stderr)
