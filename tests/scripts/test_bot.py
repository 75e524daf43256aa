"""scripts/bot.py, the bot to start from, through `buttonup serve`: two bot
accounts play ten games against each other by challenges (one challenges
after each game, the other accepts), each game to its end through extra
turns, and both stop cleanly once their games are played; a bot's greedy
strategy sows as RULES.md says."""

import re
import subprocess
import sys
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from bot import sown  # noqa: E402  (scripts/, on the path above)

GAMES = 10


def bot(base_url: str, key: str, *more: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, ROOT / "scripts" / "bot.py", "--base-url", base_url, "--key", key, *more],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_two_bots_play_ten_games_by_challenges_and_stop(live_server):
    base = live_server.base_url
    one, two = (httpx.post(f"{base}/v1/players", json={"name": n}).json() for n in ("One", "Two"))
    games = ("--games", str(GAMES))
    answering = bot(base, two["key"], *games)
    # Games to 5 points: ten of them within a bot's moves a minute.
    asked = ("--challenge", two["id"], "--clock", "3+2", "--target-score", "5")
    challenging = bot(base, one["key"], *games, *asked)
    said = [process.communicate(timeout=240) for process in (challenging, answering)]
    for process, (out, err) in zip((challenging, answering), said, strict=True):
        assert process.returncode == 0, err
        lines = out.splitlines()
        assert len(lines) == GAMES, out
        assert all(
            re.fullmatch(r"game \S+: (red|black|nobody) won \(\w+\)", line) for line in lines
        )
    mine = httpx.get(
        f"{base}/v1/players/me/games",
        params={"status": "finished", "limit": 50},
        headers={"Authorization": f"Bearer {one['key']}"},
    ).json()["items"]
    assert len(mine) == GAMES
    for item in mine:
        game = httpx.get(f"{base}/v1/games/{item['id']}").json()
        assert game["end_reason"] == "target_score", "played to the end, not timed out"
        seats = game["players"]
        assert {seats[c]["player_id"] for c in seats} == {one["id"], two["id"]}
        assert all(seats[c]["bot"] for c in seats), "both seats are bot accounts"


def test_sowing_follows_the_rules_worked_example():
    circle = [["white"], ["white"], ["white"], ["red"], ["red"], ["red"], ["black"]] + [
        ["black"],
        ["black"],
    ]
    circle, again = sown(circle, 0)
    assert circle[1] == ["white", "white"] and again, "white covered white: an extra turn"
    for position in (1, 2, 3, 8, 7, 4, 6):
        circle, again = sown(circle, position)
    left = [stack for stack in circle if stack]
    assert left == [["red", "white", "red", "black", "white", "white", "red", "black", "black"]]


def test_the_clients_readme_shows_the_bot_in_full():
    readme = (ROOT / "client" / "README.md").read_text()
    section = readme.split("## A bot account: answer challenges, game after game", 1)[1]
    shown = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    assert shown == (ROOT / "scripts" / "bot.py").read_text()
