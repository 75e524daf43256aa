"""How long the workers' full garbage collections stop them, with the objects
made at start-up frozen (gunicorn.conf.py's post_worker_init) and without.

    .venv/bin/python bench/gc_pause_bench.py [--runs 3] [--seconds 30]

Serves under the service's gunicorn settings on a private Redis, with a
config of its own that loads the service's and adds a collector callback in
each worker (and, for "unfrozen", undoes the freeze), while the HTTP
benchmark's 8 clients play complete games. The two alternate, run by run.
Prints how many full collections each had, their median and longest pause,
and their pauses added up.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import http_bench

from buttonup.config import UNMETERED_ENVIRONMENT
from buttonup.redis_server import RedisServer, free_port

# Loads the service's gunicorn settings and wraps its worker hook: each
# worker appends the length (ms) of every full collection to a file.
CONFIG = """
import gc, os, runpy, time
_service = runpy.run_path({conf!r})
globals().update({{k: v for k, v in _service.items() if not k.startswith("__")}})

def post_worker_init(worker):
    _service["post_worker_init"](worker)
    if {unfrozen!r}:
        gc.unfreeze()
    out = open(os.path.join({out!r}, f"{{os.getpid()}}.txt"), "w")
    started = []
    def timed(phase, info):
        if phase == "start":
            started[:] = [time.perf_counter()]
        elif info["generation"] == 2:
            out.write(f"{{1000 * (time.perf_counter() - started[0]):.2f}}\\n")
            out.flush()
    gc.callbacks.append(timed)
"""


def pauses(redis_url: str, unfrozen: bool, seconds: float) -> list[float]:
    with tempfile.TemporaryDirectory() as out:
        config = Path(out) / "gunicorn_gc.conf.py"
        config.write_text(
            CONFIG.format(conf=str(http_bench.GUNICORN_CONF), unfrozen=unfrozen, out=out)
        )
        port = free_port()
        command = http_bench.command_with_config(str(config), port, 2)
        env = dict(os.environ, **UNMETERED_ENVIRONMENT, REDIS_URL=redis_url)
        server = subprocess.Popen(command, env=env, stderr=http_bench.LOG)
        try:
            http_bench.wait_ready(port, "/healthz", server)
            with get_context("fork").Pool(http_bench.CLIENTS) as pool:
                task = ("service", port, time.monotonic() + seconds)
                pool.map(http_bench._client, [task] * http_bench.CLIENTS)
        finally:
            server.terminate()
            server.wait()
        return [
            float(line) for found in Path(out).glob("*.txt") for line in found.read_text().split()
        ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    found: dict[str, list[float]] = {"frozen": [], "unfrozen": []}
    with tempfile.TemporaryDirectory() as data_dir:
        redis_server = RedisServer(Path(data_dir), persistent=False)
        redis_server.start()
        try:
            for index in range(args.runs):
                order = ("frozen", "unfrozen") if index % 2 == 0 else ("unfrozen", "frozen")
                for kind in order:
                    run = pauses(redis_server.url, kind == "unfrozen", args.seconds)
                    found[kind] += run
                    print(
                        f"run {index + 1} {kind:9} full collections (ms): {sorted(run)}", flush=True
                    )
        finally:
            redis_server.stop()
    print(f"\n2 workers, {args.runs} runs of {args.seconds:g} s each way")
    for kind, values in found.items():
        if values:
            median = statistics.median(values)
            print(
                f"{kind:9} {len(values):3} full collections, median {median:6.1f} ms, "
                f"longest {max(values):6.1f} ms, in all {sum(values):7.1f} ms"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
