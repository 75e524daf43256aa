"""Every script that talks to the service answers a wrong URL, a bad port or
a service that is not there with one line and a non-zero exit, at once and
without a traceback (scripts/reaching.py)."""

import subprocess
import sys
from pathlib import Path

import pytest

from buttonup.redis_server import free_port

ROOT = Path(__file__).resolve().parents[2]
# Each script with what it needs besides --base-url.
SCRIPTS = {
    "play.py": (),
    "selfplay.py": ("--games", "1"),
    "watch.py": ("--game", "abcdefghijklmnopqrst"),
    "export_games.py": ("--key", "some-key", "--output", "-"),
}


def run(script: str, base_url: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, ROOT / "scripts" / script, "--base-url", base_url, *SCRIPTS[script]],
        capture_output=True,
        text=True,
        timeout=20,
    )


@pytest.mark.parametrize("script", SCRIPTS)
def test_a_service_that_is_not_there_is_one_line(script):
    url = f"http://127.0.0.1:{free_port()}"
    result = run(script, url)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        f"{script}: cannot reach the service at {url}: nothing answers there "
        "(is `make run` running, and is the port right?)\n"
    )


@pytest.mark.parametrize("script", SCRIPTS)
@pytest.mark.parametrize(
    ("url", "said"),
    [
        (
            "127.0.0.1:8000",
            "'127.0.0.1:8000' is not the service's URL (like http://127.0.0.1:8000)",
        ),
        ("http://127.0.0.1:99999", "'http://127.0.0.1:99999': a port is a number from 1 to 65535"),
        (
            "ftp://example.org",
            "'ftp://example.org' is not the service's URL (like http://127.0.0.1:8000)",
        ),
    ],
)
def test_a_wrong_url_is_one_line(script, url, said):
    result = run(script, url)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", f"{script}: {said}\n")


def test_watching_a_game_that_is_not_there_says_so(live_server):
    result = run("watch.py", live_server.base_url)
    assert result.returncode == 1
    said = "watch.py: no game with this id (it may have expired) (game_not_found)\n"
    assert result.stderr == said


def test_a_key_that_is_no_players_is_said_as_such(live_server):
    result = run("export_games.py", live_server.base_url)
    assert result.returncode == 1
    assert result.stderr == "export_games.py: no player holds this key (401 unauthorized)\n"
