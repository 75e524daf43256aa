"""The scripts under bench/, loaded as modules: tests that hold the service to
a benchmark's figures measure with the benchmark's own code, and a
benchmark's own helpers are tested as they are."""

import importlib.util
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[1] / "bench"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
