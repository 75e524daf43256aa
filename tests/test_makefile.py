"""The Makefile's first install says what it does, one line a step, and how
far along it is: each step's line comes before the step's command, the
steps numbered in order (read from `make --dry-run`, which prints every
command a first install runs without running any)."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def first_install(target: str) -> list[str]:
    """The commands `make <target>` runs on a fresh clone, in order."""
    shown = subprocess.run(
        ["make", "--dry-run", "--always-make", "--no-print-directory", "-C", ROOT, target],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return shown.stdout.splitlines()


def test_each_install_step_says_itself_before_it_runs_in_order():
    lines = first_install("install")
    said = [int(m.group(1)) for line in lines if (m := re.search(r"echo \"install (\d)/5: ", line))]
    assert said == [1, 2, 3, 4, 5]
    steps = [line for line in lines if "-m venv" in line or "pip install" in line]
    assert len(steps) == 5
    for step in steps:
        before = lines[: lines.index(step)]
        assert before and before[-1].startswith('echo "install '), step


def test_serving_takes_only_the_first_three_steps():
    said = re.findall(r'^echo "install (\d)/5: ', "\n".join(first_install("run")), re.M)
    assert said == ["1", "2", "3"]
