"""bench/seeks_bench.py runs end to end on a few seekers: every player is
told of one game, two players a game (the benchmark asserts both), and it
prints the pairing latency."""

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "seeks_bench.py"


def test_the_benchmark_pairs_every_seeker_and_prints_the_latency():
    result = subprocess.run(
        [sys.executable, str(BENCH), "--players", "20", "--clients", "2"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "20 seekers, 10 games" in result.stdout
    assert "pairing latency, seek to game_start: median" in result.stdout
