"""moves/s and latency of the service next to the ceiling of this stack.

Plays complete games over HTTP with 8 concurrent clients against
`buttonup serve`, and runs the same driver against a bare Flask endpoint doing
one Redis GET + SET (bench/ceiling_app.py) under the same gunicorn settings.
The two alternate after a warm-up, in many short rounds: this machine is
shared and its speed drifts by 15-25% within a minute, so a service round and
the ceiling round next to it see the same machine only when both are short.
Medians and ratios are reported, and the CPU per move of the server, Redis
and the benchmark's own clients (all on the same two cores).

    .venv/bin/python bench/http_bench.py [--rounds 9] [--seconds 3] [--workers 2] [--framework]
                                         [--runs 3]

With --runs N the whole benchmark runs N times, each with servers of its own,
and the ratios are also given over all N runs: the median of every paired
round of every run, and the median of the runs' own figures. The machine's
state moves from one minute to the next and takes the ratio with it (docs/performance.md,
the first section), so one run says little.

With --framework a third server joins the alternation: the same GET + SET
behind the framework layers the service's views sit behind (flask-smorest,
a body schema; ceiling_app:create_framework_app), so that the service can be
set against the framework's own cost as well as the bare ceiling.
"""

import argparse
import multiprocessing
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple, TypeVar

import httpx
import orjson

from buttonup.cli import GUNICORN_CONF, gunicorn_command
from buttonup.config import UNMETERED_ENVIRONMENT
from buttonup.redis_server import RedisServer, free_port

CLIENTS = 8
# The servers' logs go to a file, as in a deployment, not through this terminal.
LOG = open(os.path.join(tempfile.gettempdir(), "buttonup-bench.log"), "ab")  # noqa: SIM115
BENCH_DIR = Path(__file__).resolve().parent


class Connection:
    """One keep-alive HTTP/1.1 connection over a bare socket, for both the
    service and the ceiling. The driver shares the machine's two cores with
    the servers, so it is kept light, as wrk is: http.client's header parsing
    and the standard json module cost the service's side more than the
    ceiling's (more headers, a bigger body) and so bent the ratio."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.sock: socket.socket | None = None
        self.buffer = b""

    def post(self, path: str, body: dict, headers: dict | None = None) -> tuple[int, dict]:
        payload = orjson.dumps(body)
        extra = "".join(f"{name}: {value}\r\n" for name, value in (headers or {}).items())
        head = (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(payload)}\r\n{extra}\r\n"
        )
        if self.sock is None:
            self.sock = socket.create_connection(("127.0.0.1", self.port), timeout=10)
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.buffer = b""
        self.sock.sendall(head.encode() + payload)
        status, data, close = self._response()
        if close:  # the server ends keep-alive connections now and then
            self.sock.close()
            self.sock = None
        return status, orjson.loads(data) if data else {}

    def _response(self) -> tuple[int, bytes, bool]:
        while b"\r\n\r\n" not in self.buffer:
            self._receive()
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        status = int(lines[0].split(b" ", 2)[1])
        length, close = 0, False
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"connection":
                close = value.strip().lower() == b"close"
        while len(self.buffer) < length:
            self._receive()
        data, self.buffer = self.buffer[:length], self.buffer[length:]
        return status, data, close

    def _receive(self) -> None:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        self.buffer += chunk


# What each game is created with: {} (hints, as most games), or
# {"hints": False} (--no-hints: protected games, each move through the
# fair-play gate's index).
GAME_OPTIONS: dict[str, object] = {}


def play_games(port: int, until: float) -> tuple[int, list[float]]:
    connection = Connection(port)
    latencies: list[float] = []
    moves = 0
    while time.monotonic() < until:
        _, game = connection.post("/v1/games", GAME_OPTIONS)
        _, red = connection.post(f"/v1/games/{game['id']}/players", {})
        _, black = connection.post(f"/v1/games/{game['id']}/players", {})
        tokens = {"red": red["token"], "black": black["token"]}
        state = black["game"]
        while state["status"] == "playing" and time.monotonic() < until:
            to_move = state["round"]["to_move"]
            started = time.perf_counter()
            status, body = connection.post(
                f"/v1/games/{game['id']}/moves",
                {"position": state["round"]["legal_moves"][0]},
                {"Authorization": f"Bearer {tokens[to_move]}"},
            )
            latencies.append(time.perf_counter() - started)
            if status != 201:
                raise RuntimeError(f"move failed: {status} {body}")
            state = body["game"]
            moves += 1
    return moves, latencies


def hit_ceiling(port: int, until: float) -> tuple[int, list[float]]:
    connection = Connection(port)
    latencies: list[float] = []
    moves = 0
    while time.monotonic() < until:
        started = time.perf_counter()
        status, _ = connection.post(f"/ceiling/{moves}", {"position": moves % 9})
        latencies.append(time.perf_counter() - started)
        if status != 201:
            raise RuntimeError(f"ceiling failed: {status}")
        moves += 1
    return moves, latencies


def _client(args: tuple[str, int, float]) -> tuple[int, list[float]]:
    kind, port, until = args
    return (play_games if kind == "service" else hit_ceiling)(port, until)


TICKS = os.sysconf("SC_CLK_TCK")
T = TypeVar("T")


class CpuSplit(NamedTuple):
    server: float
    redis: float
    clients: float


def tree_cpu_seconds(root: int) -> float:
    """CPU time (user + system) of a process and all its descendants now alive."""
    parents: dict[int, int] = {}
    cpu: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        cpu[int(entry)] = (int(fields[11]) + int(fields[12])) / TICKS
    total, frontier = 0.0, [root]
    while frontier:
        pid = frontier.pop()
        total += cpu.get(pid, 0.0)
        frontier.extend(child for child, parent in parents.items() if parent == pid)
    return total


def with_cpu_split(server_pid: int, redis_pid: int, run: Callable[[], T]) -> tuple[T, CpuSplit]:
    """`run()`, and the CPU seconds the server, Redis and the rest of this
    process tree (the clients, which share the machine's cores) used meanwhile.
    Both servers must be children of this process."""
    pids = (server_pid, redis_pid, os.getpid())
    before = [tree_cpu_seconds(pid) for pid in pids]
    result = run()
    server, redis, everything = (
        tree_cpu_seconds(pid) - start for pid, start in zip(pids, before, strict=True)
    )
    return result, CpuSplit(server, redis, everything - server - redis)


def measure(
    pool, kind: str, port: int, seconds: float, server_pid: int, redis_pid: int
) -> dict[str, float]:
    """One timed run, with the CPU of the server, Redis and the clients."""
    start = time.monotonic() + 0.2
    until = start + seconds
    results, cpu = with_cpu_split(
        server_pid, redis_pid, lambda: pool.map(_client, [(kind, port, until)] * CLIENTS)
    )
    moves = sum(count for count, _ in results)
    latencies = sorted(lat for _, lats in results for lat in lats)
    per_move = 1e6 / max(moves, 1)
    return {
        "per_second": moves / seconds,
        "p50_ms": 1000 * latencies[len(latencies) // 2],
        "p99_ms": 1000 * latencies[int(len(latencies) * 0.99)],
        "server_us": cpu.server * per_move,
        "redis_us": cpu.redis * per_move,
        "clients_us": cpu.clients * per_move,
    }


def wait_ready(port: int, path: str, process: subprocess.Popen) -> None:
    for _ in range(200):
        if process.poll() is not None:
            raise RuntimeError(f"server on port {port} exited")
        try:
            httpx.get(f"http://127.0.0.1:{port}{path}", timeout=1)
            return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise RuntimeError(f"server on port {port} did not start")


def command_with_config(config: str, port: int, workers: int) -> list[str]:
    """The service's gunicorn command on `port`, with another config file."""
    return [
        config if part == str(GUNICORN_CONF) else part
        for part in gunicorn_command("127.0.0.1", port, workers)
    ]


def start_servers(redis_url: str, workers: int, framework: bool = False):
    """The service and the ceiling (and the framework ceiling), as (process, port) by kind."""
    env = dict(os.environ, **UNMETERED_ENVIRONMENT, REDIS_URL=redis_url)
    apps = {"service": None, "ceiling": "create_app()"}
    if framework:
        apps["framework"] = "create_framework_app()"
    servers = {}
    for kind, factory in apps.items():
        port = free_port()
        command = gunicorn_command("127.0.0.1", port, workers)
        if factory is not None:
            command += ["--chdir", str(BENCH_DIR), f"ceiling_app:{factory}"]
        servers[kind] = (subprocess.Popen(command, env=env, stderr=LOG), port)
    for kind, (process, port) in servers.items():
        wait_ready(port, "/healthz" if kind == "service" else "/", process)
    return servers


def run_at(workers: int, rounds: int, seconds: float, framework: bool = False) -> dict:
    """Alternating rounds against the service and the ceiling at one worker count."""
    print(
        f"gunicorn: {GUNICORN_CONF.name}, {workers} workers; "
        f"{CLIENTS} clients; {rounds} alternating rounds of {seconds:g} s"
    )
    with tempfile.TemporaryDirectory() as data_dir:
        redis_server = RedisServer(Path(data_dir), persistent=False)
        redis_server.start()
        servers = start_servers(redis_server.url, workers, framework)
        try:
            with multiprocessing.get_context("fork").Pool(CLIENTS) as pool:
                redis_pid = redis_server.process.pid
                for kind, (process, port) in servers.items():  # warm-up
                    measure(pool, kind, port, 2, process.pid, redis_pid)
                runs: dict[str, list[dict[str, float]]] = {kind: [] for kind in servers}
                for index in range(rounds):
                    for kind, (process, port) in servers.items():
                        result = measure(pool, kind, port, seconds, process.pid, redis_pid)
                        runs[kind].append(result)
                        print(
                            f"round {index + 1} {kind:8} {result['per_second']:8.0f}/s "
                            f"p50 {result['p50_ms']:6.2f} ms  p99 {result['p99_ms']:6.2f} ms  "
                            f"CPU us/move: server {result['server_us']:5.0f} "
                            f"redis {result['redis_us']:4.0f} clients {result['clients_us']:4.0f}",
                            flush=True,
                        )
        finally:
            for process, _ in servers.values():
                process.terminate()
                process.wait()
            redis_server.stop()
    median = {
        kind: {key: statistics.median(r[key] for r in results) for key in results[0]}
        for kind, results in runs.items()
    }
    found = {
        "median": median,
        **ratios(runs, median, "service", "ceiling"),
        "paired": paired_rounds(runs, "service", "ceiling"),
    }
    if framework:
        found["framework"] = {
            "service": ratios(runs, median, "service", "framework"),
            "ceiling": ratios(runs, median, "framework", "ceiling"),
        }
    return found


def paired_rounds(
    runs: dict[str, list[dict[str, float]]], kind: str, against: str
) -> list[tuple[float, float]]:
    """`kind`'s moves/s and p99 over `against`'s, round by round."""
    return [
        (s["per_second"] / c["per_second"], s["p99_ms"] / c["p99_ms"])
        for s, c in zip(runs[kind], runs[against], strict=True)
    ]


def over_runs(results: list[dict]) -> dict[str, float]:
    """The service's ratios over several runs of `run_at`: the median of all
    their paired rounds together, and the median of each run's own median of
    rounds."""
    pairs = [pair for result in results for pair in result["paired"]]
    return {
        "pooled_rate": statistics.median(rate for rate, _ in pairs),
        "pooled_p99": statistics.median(p99 for _, p99 in pairs),
        "runs_rate": statistics.median(result["paired_rate"] for result in results),
        "runs_p99": statistics.median(result["paired_p99"] for result in results),
    }


def ratios(
    runs: dict[str, list[dict[str, float]]],
    median: dict[str, dict[str, float]],
    kind: str,
    against: str,
) -> dict[str, float]:
    """`kind`'s moves/s and p99 over `against`'s: of the medians, and the median of rounds."""
    pairs = paired_rounds(runs, kind, against)
    return {
        "ratio_rate": median[kind]["per_second"] / median[against]["per_second"],
        "ratio_p99": median[kind]["p99_ms"] / median[against]["p99_ms"],
        "paired_rate": statistics.median(rate for rate, _ in pairs),
        "paired_p99": statistics.median(p99 for _, p99 in pairs),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--framework",
        action="store_true",
        help="also measure the ceiling's Redis work behind flask-smorest and a body schema",
    )
    parser.add_argument(
        "--runs", type=int, default=1, help="run it all this many times and pool the rounds"
    )
    parser.add_argument(
        "--sweep",
        default="",
        help="also measure at these worker counts, e.g. 1,2,4 (each against its own ceiling)",
    )
    args = parser.parse_args()
    results = []
    for run in range(args.runs):
        if args.runs > 1:
            print(f"\nrun {run + 1} of {args.runs}")
        results.append(run_at(args.workers, args.rounds, args.seconds, args.framework))
        print_result(results[-1], args.framework)
    if args.runs > 1:
        pooled = over_runs(results)
        print(f"\nover {args.runs} runs (each run's median of rounds, then all rounds pooled):")
        print(
            "moves/s ratio service/ceiling: "
            + ", ".join(f"{result['paired_rate']:.2f}" for result in results)
            + f"; median {pooled['runs_rate']:.2f}; pooled rounds {pooled['pooled_rate']:.2f}"
        )
        print(
            "p99 ratio service/ceiling:     "
            + ", ".join(f"{result['paired_p99']:.2f}" for result in results)
            + f"; median {pooled['runs_p99']:.2f}; pooled rounds {pooled['pooled_p99']:.2f}"
        )
    if args.sweep:
        sweep = {n: run_at(n, 3, args.seconds) for n in map(int, args.sweep.split(","))}
        print("\nworkers  service moves/s  ceiling req/s  ratio (median of rounds)")
        for workers, found in sweep.items():
            m = found["median"]
            print(
                f"{workers:7} {m['service']['per_second']:16.0f} "
                f"{m['ceiling']['per_second']:14.0f} {found['paired_rate']:8.2f}"
            )
    return 0


def print_result(result: dict, framework: bool) -> None:
    print()
    print("median      per second   p50 ms   p99 ms   CPU us/move: server  redis  clients")
    for kind in result["median"]:
        m = result["median"][kind]
        print(
            f"{kind:10} {m['per_second']:11.0f} {m['p50_ms']:8.2f} {m['p99_ms']:8.2f} "
            f"{m['server_us']:20.0f} {m['redis_us']:6.0f} {m['clients_us']:8.0f}"
        )
    print(
        f"moves/s ratio service/ceiling: {result['ratio_rate']:.2f} of medians, "
        f"{result['paired_rate']:.2f} median of rounds (target >= 0.70)"
    )
    print(
        f"p99 ratio service/ceiling:     {result['ratio_p99']:.2f} of medians, "
        f"{result['paired_p99']:.2f} median of rounds (target <= 1.50)"
    )
    if framework:
        for label, found in (
            ("service/framework", result["framework"]["service"]),
            ("framework/ceiling", result["framework"]["ceiling"]),
        ):
            print(
                f"{label}: moves/s {found['ratio_rate']:.2f} of medians, "
                f"{found['paired_rate']:.2f} median of rounds; p99 {found['ratio_p99']:.2f}, "
                f"{found['paired_p99']:.2f}"
            )


if __name__ == "__main__":
    sys.exit(main())
