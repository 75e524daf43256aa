"""Where a move's server CPU goes, by library layer: the service, the
framework ceiling and the bare ceiling of bench/http_bench.py side by side.

    .venv/bin/python bench/layer_costs.py [--rounds 2] [--seconds 10]

Each server runs under gunicorn with one worker (so that one process holds
all of its work) while the HTTP benchmark's clients play against it; py-spy
samples that worker without pausing it. A sample is charged to the innermost
frame of its stack that belongs to a known layer (the service's own code,
its gunicorn worker class and hooks, which the ceilings run under as well,
gunicorn, gevent, Flask and werkzeug, flask-smorest with webargs and
marshmallow, redis-py, prometheus_client): the standard library's work goes
to the layer that called it. Each layer's share of the samples times the
worker's CPU per move is printed in microseconds, the median of the rounds,
which alternate between the three servers.

It needs py-spy (a dev extra) and the right to trace a process of one's own
(root, or kernel.yama.ptrace_scope 0). Not a step of `make bench`: it says
why the service sits where it does next to the ceiling, not how fast it is.
"""

import argparse
import multiprocessing
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import http_bench

from buttonup.redis_server import RedisServer

CLIENTS = 4  # one worker: as many clients per worker as the benchmark's
SAMPLES_PER_SECOND = 250
# The layers, by where a frame's file lies (py-spy names files from their
# package down); the first that matches from the innermost frame out is charged.
LAYERS = {
    # The gunicorn worker class and hooks that the ceilings run under too.
    "service's worker and hooks": ("buttonup/worker.py", "buttonup/gunicorn.conf.py"),
    "service": ("buttonup/",),
    "ceiling app": ("ceiling_app.py",),
    "flask-smorest, webargs, marshmallow": ("flask_smorest/", "webargs/", "marshmallow/"),
    "flask, werkzeug": ("flask/", "werkzeug/", "blinker/"),
    "redis-py": ("redis/", "hiredis/"),
    "prometheus_client": ("prometheus_client/",),
    "gunicorn": ("gunicorn/",),
    "gevent": ("gevent/", "greenlet/"),
}
OTHER = "other (standard library alone)"


def layer_of(frame: str) -> str | None:
    """The layer of one py-spy frame, "function (file:line)"; None when none is known."""
    location = frame.rpartition("(")[2]
    for layer, prefixes in LAYERS.items():
        for prefix in prefixes:
            if location.startswith(prefix) or f"/{prefix}" in location:
                return layer
    return None


def charge(raw_lines: list[str]) -> Counter:
    """Samples per layer from py-spy's raw output (one "stack count" per line)."""
    charged: Counter = Counter()
    for line in raw_lines:
        stack, _, count = line.rstrip().rpartition(" ")
        if not stack or not count.isdigit():
            continue
        layer = next(
            (found for frame in reversed(stack.split(";")) if (found := layer_of(frame))), OTHER
        )
        charged[layer] += int(count)
    return charged


def worker_pid(master: int) -> int:
    for _ in range(100):
        with open(f"/proc/{master}/task/{master}/children") as children:
            pids = children.read().split()
        if pids:
            return int(pids[0])
        time.sleep(0.05)
    raise RuntimeError("gunicorn started no worker")


def sampled_round(pool, kind: str, port: int, worker: int, seconds: float, spy: str) -> dict:
    """One timed run under py-spy: the worker's CPU per move, split by layer."""
    with tempfile.NamedTemporaryFile("r", suffix=".txt") as out:
        sampler = subprocess.Popen(
            [spy, "record", "--nonblocking", "--format", "raw", "--rate"]
            + [str(SAMPLES_PER_SECOND), "--duration", str(int(seconds) + 1)]
            + ["--pid", str(worker), "--output", out.name],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(0.5)  # attached before the clock starts
        started = http_bench.tree_cpu_seconds(worker)
        until = time.monotonic() + seconds
        counts = pool.map(http_bench._client, [(kind, port, until)] * CLIENTS)
        cpu = http_bench.tree_cpu_seconds(worker) - started
        sampler.wait()
        charged = charge(out.readlines())
    moves = sum(count for count, _ in counts)
    total = sum(charged.values()) or 1
    per_move = 1e6 * cpu / max(moves, 1)
    return {layer: per_move * n / total for layer, n in charged.items()} | {"all": per_move}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(spy).exists():
        sys.exit("layer_costs: needs py-spy (make install puts it in .venv)")
    kinds = ("service", "framework", "ceiling")
    runs: dict[str, list[dict]] = {kind: [] for kind in kinds}
    with tempfile.TemporaryDirectory() as data_dir:
        redis_server = RedisServer(Path(data_dir), persistent=False)
        redis_server.start()
        servers = http_bench.start_servers(redis_server.url, 1, framework=True)
        try:
            with multiprocessing.get_context("fork").Pool(CLIENTS) as pool:
                for kind, (_, port) in servers.items():  # warm-up
                    until = time.monotonic() + 2
                    pool.map(http_bench._client, [(kind, port, until)] * CLIENTS)
                for index in range(args.rounds):
                    for kind in kinds if index % 2 == 0 else kinds[::-1]:
                        process, port = servers[kind]
                        worker = worker_pid(process.pid)
                        runs[kind].append(
                            sampled_round(pool, kind, port, worker, args.seconds, spy)
                        )
        finally:
            for process, _ in servers.values():
                process.terminate()
                process.wait()
            redis_server.stop()
    layers = [*LAYERS, OTHER, "all"]
    print(f"server CPU per move, us (1 worker, {CLIENTS} clients, median of {args.rounds} rounds)")
    print(f"{'layer':40}" + "".join(f"{kind:>11}" for kind in kinds))
    for layer in layers:
        cells = [statistics.median(run.get(layer, 0.0) for run in runs[kind]) for kind in kinds]
        print(f"{layer:40}" + "".join(f"{cell:11.0f}" for cell in cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
