"""scripts/generate_client.py: a --help, and a folder that is not a
generated client never written to (let alone emptied)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "generate_client.py"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, SCRIPT, *args], capture_output=True, text=True, cwd=cwd, timeout=300
    )


def test_help_says_how_to_call_it_and_writes_nothing(tmp_path):
    result = run("--help", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.startswith("usage: generate_client.py [-h] [output]")
    assert "OUTPUT must be new, empty, or a client generated before." in result.stdout
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("mine", ["notes.txt", ".git"])
def test_a_folder_that_is_not_a_generated_client_is_refused_untouched(tmp_path, mine):
    (tmp_path / mine).mkdir() if mine.startswith(".") else (tmp_path / mine).write_text("mine")
    result = run(".", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == (
        "generate_client.py: . is not empty and holds no generated client "
        "(buttonup_client/): name a new or empty folder\n"
    )
    assert [path.name for path in tmp_path.iterdir()] == [mine]


def test_a_file_is_refused(tmp_path):
    (tmp_path / "client").write_text("mine")
    result = run("client", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (
        2,
        "generate_client.py: client is a file, not a folder\n",
    )


def test_a_client_generated_before_is_refreshed_and_what_else_it_holds_stays(tmp_path):
    client = tmp_path / "client"
    shutil.copytree(ROOT / "client" / "buttonup_client", client / "buttonup_client")
    stale = client / "buttonup_client" / "stale_module.py"
    stale.write_text("# from a generation of another spec\n")
    (client / "notes.txt").write_text("mine")
    result = run(str(client), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == f"client generated in {client}"
    assert (client / "notes.txt").read_text() == "mine"
    assert not stale.exists(), "the package is replaced whole"
    assert (client / "pyproject.toml").exists() and (client / "README.md").exists()
