"""Generate the Python client from openapi/openapi.json into a folder.

    python scripts/generate_client.py [OUTPUT]      (default: client/)

The generator's post hooks run the ruff pinned in this project's dev extras,
so the same spec always gives byte-identical files. OUTPUT is new, empty, or
a client generated before: there, only what the generator writes is
replaced (client/config.yml, client/templates/ and anything else of one's
own stay). Any other folder is refused, untouched.
"""

import argparse
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
PACKAGE = "buttonup_client"  # what tells a generated client's folder


class NotAClientFolder(Exception):
    pass


def check_output(output: Path) -> None:
    """NotAClientFolder unless `output` may be written: absent, empty, or a
    generated client's folder."""
    if output.exists() and not output.is_dir():
        raise NotAClientFolder(f"{output} is a file, not a folder")
    if output.is_dir() and any(output.iterdir()) and not (output / PACKAGE).is_dir():
        raise NotAClientFolder(
            f"{output} is not empty and holds no generated client ({PACKAGE}/): "
            "name a new or empty folder"
        )


def generate(output: Path) -> None:
    """Write the generated project into `output` (check_output first),
    replacing what a generation writes and nothing else."""
    check_output(output)
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
        for entry in target.iterdir():
            if entry.name in SKIPPED or entry.name in KEPT:
                continue
            destination = output / entry.name
            if destination.is_dir():
                shutil.rmtree(destination)
            elif destination.exists():
                destination.unlink()
            if entry.is_dir():
                shutil.copytree(entry, destination)
            else:
                shutil.copy2(entry, destination)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Generate the Python client from openapi/openapi.json.",
        epilog="OUTPUT must be new, empty, or a client generated before.",
    )
    parser.add_argument(
        "output", nargs="?", type=Path, default=ROOT / "client", help="default: client/"
    )
    args = parser.parse_args(argv)
    try:
        generate(args.output)
    except NotAClientFolder as refused:
        print(f"generate_client.py: {refused}", file=sys.stderr)
        return 2
    except subprocess.CalledProcessError as failed:
        print(f"generate_client.py: the generator failed (exit {failed.returncode})")
        return 1
    print(f"client generated in {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
