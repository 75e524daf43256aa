"""The README's curl walkthrough, run as pasted against a live server: any
answer that is not 2xx fails it."""

import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]


def walkthrough() -> str:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Try it with curl", 1)[1]
    return section.split("```sh\n", 1)[1].split("```", 1)[0]


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
def test_the_walkthrough_runs_as_pasted(live_server):
    # Every curl of the block fails the shell on an answer that is not 2xx.
    script = (
        "set -euo pipefail\n"
        'curl() { command curl --fail-with-body --show-error "$@"; }\n' + walkthrough()
    )
    result = subprocess.run(
        ["bash", "-c", script],
        # python3 from this interpreter's folder, as a shell with the venv has it
        env={"BASE": live_server.base_url, "PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "HTTP/1.1 201" in result.stdout and 'ETag: "2"' in result.stdout
    game_id = result.stdout.rsplit("?game=", 1)[1].strip()
    moves = httpx.get(f"{live_server.base_url}/v1/games/{game_id}/moves").json()
    assert [move["number"] for move in moves] == [1, 2]
    assert moves[0]["position"] == 4 and moves[0]["player"] == "red"
