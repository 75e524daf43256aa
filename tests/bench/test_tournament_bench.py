"""bench/tournament_bench.py runs end to end on a few bots: the arena's
games and moves, the time from a game's end to the next pairing, the
standings page's latency, and plain games beside it on the same server."""

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "tournament_bench.py"


def test_the_benchmark_fills_an_arena_and_prints_its_figures_beside_plain_play():
    result = subprocess.run(
        [
            sys.executable,
            str(BENCH),
            "--players",
            "6",
            "--seconds",
            "4",
            "--plain-seconds",
            "1",
            "--clients",
            "1",
            "--driver-processes",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    out = result.stdout
    games = re.search(r"arena: 6 players, (\d+) games ended in 4 s, (\d+) moves/s", out)
    assert games is not None and int(games.group(1)) >= 3, out  # every bot played
    pairing = re.search(r"to the next game_start: median (\d+) ms, p99 (\d+) ms \((\d+) ", out)
    assert pairing is not None and int(pairing.group(3)) >= 1, out  # paired again
    assert re.search(r"standings page \(50 places\) latency: median [\d.]+ ms", out), out
    assert re.search(r"plain games beside it, same server: \d+ moves/s", out), out
