"""Two builds of the service side by side: server CPU per move, A against B.

    .venv/bin/python bench/ab_bench.py PATH_TO_B_SERVICE [--rounds 9] [--no-hints]

A is this checkout's service/; B is another copy of a service/ directory (a
variant with one change, or an earlier release). Both run under gunicorn
from their own gunicorn.conf.py on one private Redis, and the HTTP
benchmark's clients play complete games against each in turn, alternating
which goes first. Prints the median server CPU per move of each and the
median of the paired ratios B/A: on this shared machine only figures taken
side by side compare.
"""

import argparse
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import http_bench

from buttonup.config import UNMETERED_ENVIRONMENT
from buttonup.redis_server import RedisServer

HERE = Path(__file__).resolve().parents[1] / "service"


def start(service: Path, redis_url: str) -> tuple[subprocess.Popen, int]:
    port = http_bench.free_port()
    command = http_bench.command_with_config(
        str(service / "buttonup" / "gunicorn.conf.py"), port, 2
    )
    env = dict(os.environ, **UNMETERED_ENVIRONMENT, REDIS_URL=redis_url, PYTHONPATH=str(service))
    process = subprocess.Popen(command, env=env, stderr=http_bench.LOG)
    http_bench.wait_ready(port, "/healthz", process)
    return process, port


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="the service/ directory of build B")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument(
        "--no-hints", action="store_true", help="games without hints: protected, fair play's path"
    )
    args = parser.parse_args()
    if args.no_hints:
        http_bench.GAME_OPTIONS = {"hints": False}
    with tempfile.TemporaryDirectory() as data_dir:
        redis_server = RedisServer(Path(data_dir), persistent=False)
        redis_server.start()
        servers = {"A": start(HERE, redis_server.url), "B": start(args.other, redis_server.url)}
        runs: dict[str, list[dict[str, float]]] = {"A": [], "B": []}
        try:
            with multiprocessing.get_context("fork").Pool(http_bench.CLIENTS) as pool:
                redis_pid = redis_server.process.pid
                for process, port in servers.values():  # warm-up
                    http_bench.measure(pool, "service", port, 2, process.pid, redis_pid)
                for index in range(args.rounds):
                    for name in ("A", "B") if index % 2 == 0 else ("B", "A"):
                        process, port = servers[name]
                        runs[name].append(
                            http_bench.measure(
                                pool, "service", port, args.seconds, process.pid, redis_pid
                            )
                        )
        finally:
            for process, _ in servers.values():
                process.terminate()
                process.wait()
            redis_server.stop()
    for name, results in runs.items():
        cpu = statistics.median(r["server_us"] for r in results)
        rate = statistics.median(r["per_second"] for r in results)
        p99 = statistics.median(r["p99_ms"] for r in results)
        print(
            f"{name}: server CPU {cpu:6.0f} us/move, {rate:6.0f} moves/s, "
            f"p99 {p99:5.2f} ms (medians)"
        )
    paired = statistics.median(
        b["server_us"] / a["server_us"] for a, b in zip(runs["A"], runs["B"], strict=True)
    )
    print(f"B/A server CPU per move, median of paired rounds: {paired:.3f}")


if __name__ == "__main__":
    main()
