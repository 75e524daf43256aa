"""The committed client is exactly what the pinned generator makes of the spec."""

import filecmp
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from generate_client import KEPT, generate  # noqa: E402


def tree(folder: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts and path.name not in KEPT
    }


def test_the_committed_client_matches_a_fresh_generation(tmp_path):
    generate(tmp_path / "client")
    fresh, committed = tree(tmp_path / "client"), tree(ROOT / "client")
    assert sorted(fresh) == sorted(committed), "client/ is stale: run `make client`"
    changed = [name for name in fresh if fresh[name] != committed[name]]
    assert not changed, f"client/ is stale ({changed[:5]}): run `make client`"
    assert not filecmp.dircmp(tmp_path / "client", ROOT / "client").diff_files
