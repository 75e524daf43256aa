"""The committed client is exactly what the pinned generator makes of the spec."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from generate_client import KEPT, generate  # noqa: E402


def tree(folder: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
        and "__pycache__" not in path.parts
        and path.relative_to(folder).parts[0] not in KEPT
    }


def committed_tree() -> dict[str, bytes]:
    """The files of client/ that git tracks (an editable install adds others)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "client"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    return {
        str(Path(name).relative_to("client")): (ROOT / name).read_bytes()
        for name in listed.split("\0")
        if name and Path(name).relative_to("client").parts[0] not in KEPT and (ROOT / name).exists()
    }


def test_the_committed_client_matches_a_fresh_generation(tmp_path):
    generate(tmp_path / "client")
    fresh, committed = tree(tmp_path / "client"), committed_tree()
    assert sorted(fresh) == sorted(committed), "client/ is stale: run `make client`"
    changed = [name for name in fresh if fresh[name] != committed[name]]
    assert not changed, f"client/ is stale ({changed[:5]}): run `make client`"
