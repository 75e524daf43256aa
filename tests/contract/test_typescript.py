"""A strict TypeScript program written only against the types that
openapi-typescript generates from the committed spec follows a whole game's
events from a live server. Skips, saying why, where node or npm is missing or
npm cannot fetch the two tools."""

import shutil
import subprocess
import threading
import time
from pathlib import Path

import httpx
import pytest

from tests.helpers.games import play_out, take_seats

ROOT = Path(__file__).resolve().parents[2]
PROGRAM = Path(__file__).parent / "typescript" / "follow.ts"
TOOLS = ["openapi-typescript@7", "typescript@5", "@types/node@20"]


@pytest.fixture(scope="module")
def compiled(tmp_path_factory) -> Path:
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("node and npm are not installed: the TypeScript check needs them")
    work = tmp_path_factory.mktemp("typescript")
    install = subprocess.run(
        ["npm", "install", "--no-audit", "--no-fund", "--silent", *TOOLS],
        cwd=work,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if install.returncode != 0:
        pytest.skip(f"npm could not install {TOOLS} (offline?): {install.stderr[-300:]}")
    bin_dir = work / "node_modules" / ".bin"
    run = {"cwd": work, "capture_output": True, "text": True, "timeout": 120}
    generated = subprocess.run(
        [bin_dir / "openapi-typescript", ROOT / "openapi" / "openapi.json", "-o", "schema.d.ts"],
        **run,
    )
    assert generated.returncode == 0, generated.stderr
    types = (work / "schema.d.ts").read_text()
    for event in ("GameEvent", "JoinedEvent", "MoveEvent", "RoundOverEvent", "GameOverEvent"):
        assert f"{event}: {{" in types  # one type per event
    assert 'code: "bad_request" | "malformed_json"' in types  # an enum for code
    shutil.copy(PROGRAM, work / "follow.ts")
    flags = ["--strict", "--target", "es2022", "--module", "nodenext", "--outDir", "out"]
    built = subprocess.run([bin_dir / "tsc", *flags, "follow.ts"], **run)
    assert built.returncode == 0, built.stdout + built.stderr
    return work / "out" / "follow.js"


def test_a_strict_typescript_program_follows_a_whole_game(compiled, http, live_server):
    game = http.post("/v1/games", json={"target_score": 2, "seed": 5}).json()
    follower = subprocess.Popen(
        ["node", compiled, live_server.base_url, game["id"]],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(0.5)

    player = threading.Thread(target=lambda: play_out(http, *take_seats(http, game["id"])))
    player.start()
    player.join(30)
    out, err = follower.communicate(timeout=30)
    assert follower.returncode == 0, err
    lines = out.splitlines()
    moves = httpx.get(f"{live_server.base_url}/v1/games/{game['id']}/moves").json()
    assert lines[0] == "0 game waiting"
    printed = [line.split(" ", 2)[2] for line in lines if line.split()[1] == "move"]
    assert printed == [f"{m['number']} {m['player']} {m['position']}" for m in moves]
    assert lines[-1].split()[1] == "game_over"
