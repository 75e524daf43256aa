"""The complete bot of client/README.md, as printed there: two of them, each
with its own player's key, seek, are paired with each other and play the
game to its end through their own streams, extra turns included."""

import os
import re
import subprocess
import sys
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]


def the_bot() -> str:
    readme = (ROOT / "client" / "README.md").read_text()
    section = readme.split("## Play anyone now: a complete bot", 1)[1]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_two_readme_bots_pair_and_play_a_game_to_its_end(live_server, tmp_path):
    bot = tmp_path / "bot.py"
    bot.write_text(the_bot())
    keys = [
        httpx.post(f"{live_server.base_url}/v1/players", json={"name": name}).json()["key"]
        for name in ("bot one", "bot two")
    ]
    bots = [
        subprocess.Popen(
            [sys.executable, bot],
            env={**os.environ, "BUTTONUP_URL": live_server.base_url, "BUTTONUP_PLAYER_KEY": key},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for key in keys
    ]
    said = [process.communicate(timeout=120) for process in bots]
    for process, (out, err) in zip(bots, said, strict=True):
        assert process.returncode == 0, err
        assert re.fullmatch(r"game over: (red|black|nobody) wins \(\w+\)\n", out), out
    games = httpx.get(
        f"{live_server.base_url}/v1/players/me/games",
        params={"status": "finished"},
        headers={"Authorization": f"Bearer {keys[0]}"},
    ).json()["items"]
    assert len(games) == 1
    game = httpx.get(f"{live_server.base_url}/v1/games/{games[0]['id']}").json()
    assert game["end_reason"] == "target_score", "played to the end, not timed out"
