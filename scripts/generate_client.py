"""Generate the Python client from openapi/openapi.json into a folder.

    python scripts/generate_client.py [OUTPUT]      (default: client/)

The generator's post hooks run the ruff pinned in this project's dev extras,
so the same spec always gives byte-identical files. client/config.yml and
client/templates/ (overrides of the generator's templates) are kept.
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "openapi" / "openapi.json"
CONFIG = ROOT / "client" / "config.yml"
TEMPLATES = ROOT / "client" / "templates"  # this project's overrides of the generator's
KEPT = {"config.yml", "templates"}
SKIPPED = {".ruff_cache"}  # left behind by the post hooks


def generate(output: Path) -> None:
    """Write the generated project into `output`, replacing all but KEPT."""
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    with tempfile.TemporaryDirectory() as scratch:
        target = Path(scratch) / "client"
        subprocess.run(
            [
                Path(sys.executable).parent / "openapi-python-client",
                "generate",
                "--path", str(SPEC),
                "--config", str(CONFIG),
                "--custom-template-path", str(TEMPLATES),
                "--meta", "pdm",
                "--output-path", str(target),
                "--fail-on-warning",
            ],
            check=True,
            env=env,
            cwd=scratch,
        )  # fmt: skip
        output.mkdir(parents=True, exist_ok=True)
        for entry in output.iterdir():
            if entry.name in KEPT:
                continue
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
        for entry in target.iterdir():
            if entry.name in SKIPPED:
                continue
            destination = output / entry.name
            if entry.is_dir():
                shutil.copytree(entry, destination)
            else:
                shutil.copy2(entry, destination)


if __name__ == "__main__":
    generate(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "client")
