"""bench/tournament_schedule_bench.py runs end to end on a few running
arenas: the idle upkeep's cost and an arena made last paired in time."""

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "tournament_schedule_bench.py"


def test_the_benchmark_pairs_an_arena_made_after_many_and_prints_the_idle_cost():
    result = subprocess.run(
        [sys.executable, str(BENCH), "--tournaments", "60", "--busy", "4", "--samples", "3"],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    out = result.stdout
    assert re.search(r"idle upkeep over 10 s: server CPU [\d.]+%, Redis CPU [\d.]+%", out), out
    paired = re.search(r"\(3 samples; (\d+) not paired within 20 s\)", out)
    assert paired is not None and paired.group(1) == "0", out
