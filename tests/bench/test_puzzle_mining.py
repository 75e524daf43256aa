"""bench/puzzle_mining.py runs end to end on a few games: it mines them
and prints what the closing note quotes."""

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "puzzle_mining.py"


def test_the_benchmark_mines_a_few_games_and_prints_its_figures():
    result = subprocess.run(
        [sys.executable, str(BENCH), "--games", "40", "--show", "1"],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    for said in (
        "games mined: 40",
        "puzzles/s",
        "positions solved per puzzle",
        "Redis memory per puzzle",
        "next's look near a rating",
        "line you:",
    ):
        assert said in result.stdout, said
