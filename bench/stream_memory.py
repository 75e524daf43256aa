"""What an open event stream costs one worker in memory, and where it lies:
its RSS split into the heap (the C allocator's: saved C stacks, large
objects) and anonymous mappings (Python's small-object arenas, each
greenlet's pages of Python frames), the moment the streams are open and
again later, once their periodic work (keep-alives, catch-ups) has run.

    .venv/bin/python bench/stream_memory.py [--streams 10000] [--later 70]
        [--kinds games,players,tournaments] [--floor] [--idle 30]

`buttonup serve`'s gunicorn with one gevent worker on a Redis of its own;
the streams mixed as streams_scale.py mixes them, opened by two holder
processes. --floor serves instead a bare WSGI app whose streams wait on an
event, on the service's worker class: what gunicorn's gevent worker costs
a stream by itself (docs/performance.md, "Twenty thousand streams").
--idle seconds: the worker's CPU while the streams are open and nothing
happens (keep-alives, catch-ups, sweeps), in cores and per stream.
"""

import argparse
import multiprocessing
import subprocess
import sys
import tempfile
import textwrap
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import streams_scale
from hostile_bench import workers_of
from http_bench import LOG, tree_cpu_seconds, wait_ready

from buttonup.cli import gunicorn_command
from buttonup.redis_server import RedisServer, free_port

FLOOR_APP = """
import threading
event = threading.Event()
def frames():
    while True:
        event.wait(10)
        yield b": keep-alive\\n\\n"
def app(environ, start_response):
    if environ["PATH_INFO"] == "/healthz":
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ok"]
    start_response("200 OK", [("Content-Type", "text/event-stream")])
    return frames()
"""


def memory(pid: int) -> Counter:
    """The process's RSS in KB: the heap, and anonymous mappings."""
    found: Counter = Counter()
    kind = "other"
    with open(f"/proc/{pid}/smaps") as smaps:
        for line in smaps:
            fields = line.split()
            if not fields[0].endswith(":"):
                name = fields[5] if len(fields) > 5 else ""
                kind = "heap" if name == "[heap]" else "anonymous" if not name else "other"
            elif fields[0] == "Rss:":
                found[kind] += int(fields[1])
    return found


def per_stream(now: Counter, before: Counter, count: int) -> str:
    parts = {kind: (now[kind] - before[kind]) / count for kind in ("heap", "anonymous", "other")}
    total = sum(parts.values())
    return f"{total:.1f} KB/stream (heap {parts['heap']:.1f}, anonymous {parts['anonymous']:.1f})"


def targets(args, port: int) -> list[tuple[str, str | None]]:
    if args.floor:
        return [("/stream", None)] * args.streams
    kinds = [f"/v1/{kind}/" for kind in args.kinds.split(",")]
    with multiprocessing.get_context("fork").Pool(8) as pool:
        made = streams_scale.targets(
            pool, port, args.streams * 3 // len(kinds), streams_scale.tournaments(port)
        )
    return [target for target in made if target[0].startswith(tuple(kinds))][: args.streams]


def measure(args, port: int, server: subprocess.Popen) -> None:
    wait_ready(port, "/healthz", server)
    (worker,) = workers_of(server.pid)
    wanted = targets(args, port)
    holders = [streams_scale.Holder(port, index) for index in range(2)]
    try:
        time.sleep(2)
        before = memory(worker)
        for index, holder in enumerate(holders):
            holder.open(wanted[index::2])
        held = streams_scale.settle(holders, len(wanted)).get("held", 0)
        time.sleep(3)
        print(f"{held} streams held: {per_stream(memory(worker), before, max(held, 1))}")
        if args.idle:
            start = tree_cpu_seconds(worker)
            time.sleep(args.idle)
            cores = (tree_cpu_seconds(worker) - start) / args.idle
            print(f"idle: {cores:.3f} cores, {1e6 * cores / max(held, 1):.1f} us a stream a second")
        if args.later:
            time.sleep(args.later)
            print(f"{args.later:.0f} s later: {per_stream(memory(worker), before, max(held, 1))}")
    finally:
        for holder in holders:
            holder.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=10_000)
    parser.add_argument("--later", type=float, default=70.0)
    parser.add_argument("--kinds", default="games,players,tournaments")
    parser.add_argument("--floor", action="store_true", help="a bare WSGI app's streams")
    parser.add_argument("--idle", type=float, default=0.0, help="seconds of idle CPU measured")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        redis_server = RedisServer(Path(data_dir), persistent=False)
        redis_server.start()
        port = free_port()

        # Room for every stream on the one worker (streams_scale's limits).
        limits = argparse.Namespace(
            as_configured=False, connections=0, workers=1, steps=[args.streams * 2]
        )
        env = streams_scale.server_environment(limits, redis_server.url)
        command = gunicorn_command("127.0.0.1", port, 1)
        if args.floor:
            (Path(data_dir) / "floor_app.py").write_text(textwrap.dedent(FLOOR_APP))
            command = [*command, "--chdir", data_dir, "floor_app:app"]
        server = subprocess.Popen(command, env=env, stderr=LOG)
        try:
            measure(args, port, server)
        finally:
            server.terminate()
            server.wait()
            redis_server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
