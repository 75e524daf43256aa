"""Event streams ramped to 20,000 on one machine: at each step, how many the
service holds, what each costs (service and Redis memory), how soon a move
reaches all its watchers, and the moves/s played beside them.

    .venv/bin/python bench/streams_scale.py [--steps 2000,5000,10000,20000]
        [--workers 2] [--connections N] [--as-configured] [--rounds 3] [--seconds 4]
        [--settle 35] [--later 70]

`buttonup serve`'s gunicorn (`--workers` gevent workers) on a Redis of its
own. The held streams are mixed in thirds: games' streams (games waiting
for an opponent), players' own streams (their inboxes) and tournaments'
(a few upcoming arenas, many watchers each). They are opened from many
loopback addresses by --holders processes (a process here may open 20,000
files), each reading its streams on one epoll loop, and checked as they
arrive: every event's `id` after the one before. Beside them, 8 clients
play games as fast as they can, each game followed by two watchers opened
before its first move (bench/streams_bench.py's), which time each move
from its commit to its last watcher.

First the same server's rounds with no stream open; then, at each step,
the streams opened up to it and --rounds rounds played. Each step prints:
streams held and refused (by status), service and Redis memory per held
stream, move delivery p50/p99 (each move to the last of its watchers),
moves/s and its ratio to the no-streams median, CPU per move of the
service and Redis, and the service's CPU with the streams open and no
moves (keep-alives and catch-ups alone). What is timed starts --settle
seconds after the step's streams are open, so that their periodic work
runs at its steady rate, as on a service whose streams opened long ago.
--later seconds after the last step, the service's memory per stream
again, once the streams' periodic work has run.

Limits: by default every worker may hold what the last step needs
(BUTTONUP_CONNECTIONS, BUTTONUP_MAX_STREAMS); --as-configured keeps the
service's own settings, as a deployment that set none runs.
"""

import argparse
import multiprocessing
import os
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import redis

sys.path.insert(0, str(Path(__file__).resolve().parent))

import streams_bench
from hostile_bench import workers_of
from http_bench import LOG, Connection, tree_cpu_seconds, wait_ready, with_cpu_split

from buttonup.cli import gunicorn_command
from buttonup.config import UNMETERED_ENVIRONMENT
from buttonup.redis_server import RedisServer, free_port

CLIENTS = streams_bench.CLIENTS
PER_GAME = 2  # a game's watchers: its players' front ends
IN_FLIGHT = 200  # streams a holder has asked for and not yet heard answered
ADDRESSES_PER_HOLDER = 16  # loopback addresses a holder's streams come from
BLITZ = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}
TOURNAMENTS = 20
IDLE_SECONDS = 10  # a keep-alive's interval: every stream's wake counted once


def stream_position(line: bytes) -> tuple[int, int]:
    milliseconds, _, sequence = line.partition(b"-")
    return int(milliseconds), int(sequence or 0)


class _HolderLoop:
    """A holder's process: opens the streams it is sent (an HTTP/1.0 GET each,
    so the body is the stream itself, unchunked), at most IN_FLIGHT waiting
    for an answer at once, and reads them all on one selector."""

    def __init__(self, port: int, index: int, pipe) -> None:
        self.port = port
        self.pipe = pipe
        self.addresses = [
            f"127.0.{1 + index}.{1 + n}" for n in range(ADDRESSES_PER_HOLDER)
        ]  # never 127.0.0.1, the drivers' and watchers' address
        self.selector = selectors.DefaultSelector()
        self.selector.register(pipe.fileno(), selectors.EVENT_READ)
        self.streams: dict[socket.socket, list] = {}  # socket: [buffer, answered, last id]
        self.queue: list[tuple[str, str | None]] = []
        self.waiting = 0  # asked, not yet answered
        self.counts: Counter = Counter()

    def run(self) -> None:
        while True:
            for key, _ in self.selector.select(timeout=1):
                if key.fd == self.pipe.fileno():
                    if not self.commanded():
                        return
                else:
                    self.received(key.fileobj)
            self.open_more()

    def commanded(self) -> bool:
        kind, payload = self.pipe.recv()
        if kind == "open":
            self.queue.extend(payload)
        elif kind == "report":
            self.pipe.send(dict(self.counts, open=len(self.streams), queued=len(self.queue)))
        else:
            return False
        return True

    def open_more(self) -> None:
        while self.queue and self.waiting < IN_FLIGHT:
            path, key = self.queue.pop()
            sock = socket.socket()
            sock.bind((self.addresses[len(self.streams) % len(self.addresses)], 0))
            try:
                sock.connect(("127.0.0.1", self.port))
            except OSError as error:
                self.counts[f"failed {error.errno}"] += 1
                sock.close()
                continue
            auth = f"Authorization: Bearer {key}\r\n" if key else ""
            sock.sendall(f"GET {path} HTTP/1.0\r\nHost: x\r\n{auth}\r\n".encode())
            sock.setblocking(False)
            self.streams[sock] = [b"", False, (-1, -1)]
            self.selector.register(sock, selectors.EVENT_READ)
            self.waiting += 1

    def close(self, sock: socket.socket) -> None:
        state = self.streams.pop(sock)
        if not state[1]:
            self.waiting -= 1
        self.selector.unregister(sock)
        sock.close()

    def received(self, sock) -> None:
        state = self.streams.get(sock)
        if state is None:
            return
        try:
            chunk = sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            chunk = b""
        if not chunk:
            self.counts["ended by the service" if state[1] else "failed"] += 1
            self.close(sock)
            return
        buffer = state[0] + chunk
        if not state[1]:
            if b"\r\n\r\n" not in buffer:
                state[0] = buffer
                return
            head, _, buffer = buffer.partition(b"\r\n\r\n")
            status = head.split(b" ", 2)[1].decode()
            if status != "200":
                self.counts[f"refused {status}"] += 1
                self.close(sock)
                return
            state[1] = True
            self.waiting -= 1
            self.counts["held"] += 1
        *frames, state[0] = buffer.split(b"\n\n")
        for frame in frames:
            self.frame(frame, state)

    def frame(self, frame: bytes, state: list) -> None:
        if frame.startswith(b":"):
            self.counts["keep-alives"] += 1
            return
        self.counts["events"] += 1
        for line in frame.split(b"\n"):
            if line.startswith(b"id:"):
                position = stream_position(line[3:].strip())
                if position <= state[2]:
                    self.counts["out of order"] += 1
                state[2] = position


class Holder:
    def __init__(self, port: int, index: int) -> None:
        self.pipe, child = multiprocessing.get_context("fork").Pipe()
        self.process = multiprocessing.get_context("fork").Process(
            target=lambda: _HolderLoop(port, index, child).run(), daemon=True
        )
        self.process.start()

    def open(self, targets: list[tuple[str, str | None]]) -> None:
        self.pipe.send(("open", targets))

    def report(self) -> dict:
        self.pipe.send(("report", None))
        return self.pipe.recv()

    def stop(self) -> None:
        self.pipe.send(("stop", None))
        self.process.join(5)


def _made(args: tuple[int, str, int]) -> list[tuple[str, str | None]]:
    """`count` streams' targets of one kind, each made over HTTP."""
    port, kind, count = args
    connection = Connection(port)
    made = []
    for number in range(count):
        if kind == "game":
            status, game = connection.post("/v1/games", {})
            assert status == 201, (status, game)
            made.append((f"/v1/games/{game['id']}/events", None))
        else:
            _, player = connection.post("/v1/players", {"name": f"S{number}"})
            made.append(("/v1/players/me/events", player["key"]))
    return made


def targets(pool, port: int, count: int, tournaments: list[str]) -> list[tuple[str, str | None]]:
    """`count` streams to open: a third games', a third players', a third
    the tournaments', interleaved."""
    third = count // 3
    chunks = [(port, kind, third // CLIENTS + 1) for kind in ("game", "player")] * CLIENTS
    made = pool.map(_made, chunks)
    games = [t for chunk in made[0::2] for t in chunk][:third]
    players = [t for chunk in made[1::2] for t in chunk][:third]
    watching = [
        (f"/v1/tournaments/{tournaments[n % len(tournaments)]}/events", None)
        for n in range(count - 2 * third)
    ]
    kinds = [games, players, watching]
    return [kind[n] for n in range(len(watching)) for kind in kinds if n < len(kind)]


def tournaments(port: int) -> list[str]:
    """TOURNAMENTS upcoming arenas, whose streams a third of the streams are."""
    setup, made = Connection(port), []
    for n in range(TOURNAMENTS):  # a host each: a player's upcoming tournaments are few
        _, host = setup.post("/v1/players", {"name": f"Host {n}"})
        arena = {"name": f"Arena {n}", "system": "arena", "clock": BLITZ, "minutes": 30}
        bearer = {"Authorization": f"Bearer {host['key']}"}
        made.append(setup.post("/v1/tournaments", arena, bearer)[1]["id"])
    return made


def rss_bytes(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
    return total


def settle(holders: list[Holder], wanted: int, limit_seconds: float = 300) -> dict:
    """The holders' counts once every stream asked for is answered."""
    deadline = time.monotonic() + limit_seconds
    while True:
        reports = [holder.report() for holder in holders]
        total = Counter()
        for report in reports:
            total.update(report)
        answered = sum(
            v for k, v in total.items() if k == "held" or k.startswith(("refused", "failed"))
        )
        if (answered >= wanted and not total["queued"]) or time.monotonic() > deadline:
            return dict(total)
        time.sleep(0.5)


def play_rounds(pool, port: int, seconds: float, per_game: int, rounds: int, pids) -> list[dict]:
    found = []
    for _ in range(rounds):
        until = time.time() + seconds
        tasks = [(player, port, until, per_game, 100) for player in range(CLIENTS)]
        moves, cpu = with_cpu_split(*pids, lambda t=tasks: sum(pool.map(streams_bench.driver, t)))
        _, heard_by_all, refused = streams_bench.WATCHERS.collect()
        with streams_bench.UNAVAILABLE.get_lock():
            unavailable, streams_bench.UNAVAILABLE.value = streams_bench.UNAVAILABLE.value, 0
        heard_by_all.sort()
        result = {
            "moves_per_second": moves / seconds,
            "server_us": 1e6 * cpu.server / max(moves, 1),
            "redis_us": 1e6 * cpu.redis / max(moves, 1),
            "watchers_refused": refused,
            "unavailable": unavailable,
        }
        if heard_by_all:
            result["p50_ms"] = 1000 * heard_by_all[len(heard_by_all) // 2]
            result["p99_ms"] = 1000 * heard_by_all[int(len(heard_by_all) * 0.99)]
        found.append(result)
    return found


def median(rounds: list[dict], name: str) -> float:
    return statistics.median(r[name] for r in rounds if name in r)


def shown(rounds: list[dict], name: str) -> str:
    """A latency's median, or "-" where no watcher heard a move (refused)."""
    return f"{median(rounds, name):.1f}" if any(name in r for r in rounds) else "-"


def server_environment(args, redis_url: str) -> dict:
    env = dict(
        os.environ,
        **UNMETERED_ENVIRONMENT,
        REDIS_URL=redis_url,
        BUTTONUP_MAX_STREAMS_PER_CLIENT="100000",
        BUTTONUP_MAX_CONNECTIONS_PER_CLIENT="0",
    )
    if not args.as_configured:
        # Headroom: which worker accepts a connection is the kernel's choice,
        # and one worker was seen holding 10,329 of 20,000 streams.
        per_worker = args.connections or (max(args.steps) * 3 // (2 * args.workers) + 500)
        env["BUTTONUP_CONNECTIONS"] = str(per_worker)
        env["BUTTONUP_MAX_STREAMS"] = str(per_worker - 500)
    return env


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", default="2000,5000,10000,20000")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--connections", type=int, default=0, help="per worker (default: enough)")
    parser.add_argument("--as-configured", action="store_true", help="the service's own limits")
    parser.add_argument("--holders", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--settle", type=float, default=35.0, help="seconds a step's streams are open, untimed"
    )
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--py-spy", help="a folder: one worker's stacks sampled at each step")
    parser.add_argument(
        "--later",
        type=float,
        default=70.0,
        help="seconds after the last step to measure the memory again (0: not)",
    )
    args = parser.parse_args()
    args.steps = [int(step) for step in args.steps.split(",")]
    with tempfile.TemporaryDirectory() as data_dir:
        redis_server = RedisServer(Path(data_dir), persistent=False)
        redis_server.start()
        port = free_port()
        env = server_environment(args, redis_server.url)
        command = gunicorn_command("127.0.0.1", port, args.workers)
        server = subprocess.Popen(command, env=env, stderr=LOG)
        limits = {k: env[k] for k in ("BUTTONUP_CONNECTIONS", "BUTTONUP_MAX_STREAMS") if k in env}
        print(f"{args.workers} workers, limits {limits or 'as configured'}; steps {args.steps}")
        try:
            wait_ready(port, "/healthz", server)
            run(args, port, server.pid, redis_server)
        finally:
            server.terminate()
            server.wait()
            redis_server.stop()
    return 0


HEADER = (
    "streams | held | refused | service KB/stream (this step's) | Redis KB/stream | p50 ms "
    "| p99 ms | moves/s | ratio | server us/move | Redis us/move | idle server CPU %"
)


class Ramp:
    """The service under streams opened step by step, and what each step costs."""

    def __init__(self, args, port: int, server_pid: int, redis_server: RedisServer, pool) -> None:
        self.args, self.port, self.pool = args, port, pool
        self.server_pid = server_pid
        self.pids = (server_pid, redis_server.process.pid)
        self.store = redis.Redis.from_url(redis_server.url)
        self.holders = [Holder(port, index) for index in range(args.holders)]
        self.workers = workers_of(server_pid)  # gunicorn's master is the process started
        self.opened = 0
        self.held_rss = self.played_rss = 0  # the last step's (step)

    def memory(self) -> tuple[int, int]:
        """The workers' RSS and Redis's used memory, in bytes."""
        return rss_bytes(self.workers), self.store.info("memory")["used_memory"]

    def step(self, made: list, step: int, alone_rate: float, baseline: tuple[int, int]) -> str:
        """The streams opened up to `step`, measured: the step's row of the table."""
        rss_opening, _ = self.memory()
        held_before = settle(self.holders, self.opened, 5).get("held", 0)
        batch = made[self.opened : step]
        for index, holder in enumerate(self.holders):
            holder.open(batch[index :: len(self.holders)])
        self.opened = step
        counts = settle(self.holders, step)
        held = counts.get("held", 0) - counts.get("ended by the service", 0)
        refused = {k: v for k, v in counts.items() if k.startswith(("refused", "failed"))}
        time.sleep(2)  # the workers' memory settled
        rss, redis_bytes = self.memory()
        # What the streams this step opened added alone (a round's games apart).
        marginal = (rss - rss_opening) / max(counts.get("held", 0) - held_before, 1)
        per_stream = [
            (now - then) / max(held, 1) / 1024
            for now, then in zip((rss, redis_bytes), baseline, strict=True)
        ]
        # Each stream's periodic work (keep-alives every 10 s, a game's look
        # at its version, a player's catch-up where there is one) at its
        # steady rate before anything is timed, not a step's first seconds.
        time.sleep(self.args.settle)
        start = tree_cpu_seconds(self.server_pid)
        self.sampled(f"idle-{step}", IDLE_SECONDS)
        idle = 100 * (tree_cpu_seconds(self.server_pid) - start) / IDLE_SECONDS
        spy = self.sampled(f"play-{step}", self.args.rounds * self.args.seconds, wait=False)
        rounds = play_rounds(
            self.pool, self.port, self.args.seconds, PER_GAME, self.args.rounds, self.pids
        )
        if spy is not None:
            spy.wait()
        # What the streams held at the step, and the workers after its rounds:
        # `later` counts the streams' own growth since, not the games played.
        self.held_rss, self.played_rss = rss, rss_bytes(self.workers)
        rate = median(rounds, "moves_per_second")
        return (
            f"{step} | {held} | {sum(refused.values())} {refused or ''} "
            f"| {per_stream[0]:.1f} ({marginal / 1024:.1f}) | {per_stream[1]:.2f} "
            f"| {shown(rounds, 'p50_ms')} | {shown(rounds, 'p99_ms')} | {rate:.0f} "
            f"| {rate / alone_rate:.2f} | {median(rounds, 'server_us'):.0f} "
            f"| {median(rounds, 'redis_us'):.0f} | {idle:.0f}"
            + "".join(
                f" ({what}: {sum(r[key] for r in rounds)})"
                for key, what in (
                    ("watchers_refused", "watchers refused"),
                    ("unavailable", "moves 503"),
                )
                if any(r[key] for r in rounds)
            )
        )

    def later(self, seconds: float, baseline: tuple[int, int]) -> str:
        """The service's memory per stream again, `seconds` after the last
        step: a stream's periodic work (keep-alives, a player's catch-up
        every 30 s, a game's look at its version every sixth keep-alive)
        reaches deeper than its opening, and what a greenlet reached stays.
        What the step's rounds of play added to the workers is left out: the
        step's memory, and what the workers grew by since its rounds."""
        time.sleep(seconds)
        held = settle(self.holders, self.opened, 5).get("held", 0)
        rss, _ = self.memory()
        streams = self.held_rss - baseline[0] + rss - self.played_rss
        return (
            f"{seconds:.0f} s after the last step, {held} streams: "
            f"service {streams / max(held, 1) / 1024:.1f} KB/stream"
        )

    def sampled(self, name: str, seconds: float, wait: bool = True):
        """`seconds` of a worker's stacks sampled by py-spy (--py-spy DIR:
        DIR/<name>.txt, one line a stack, as flamegraph tools read them):
        where a stream's cost goes. Without --py-spy, a plain wait."""
        if not self.args.py_spy:
            if wait:
                time.sleep(seconds)
            return None
        command = ["py-spy", "record", "--pid", str(self.workers[0]), "--duration"]
        command += [
            str(max(1, round(seconds))),
            "--format",
            "raw",
            "--rate",
            "200",
            "--nonblocking",
        ]
        command += ["--output", str(Path(self.args.py_spy) / f"{name}.txt")]
        spy = subprocess.Popen(
            [str(Path(sys.executable).parent / command[0]), *command[1:]],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if wait:
            spy.wait()
        return spy

    def stop(self) -> str:
        final = settle(self.holders, self.opened, 5)
        for holder in self.holders:
            holder.stop()
        return (
            f"events heard {final.get('events', 0)}, keep-alives {final.get('keep-alives', 0)}, "
            f"out of order {final.get('out of order', 0)}, "
            f"ended by the service {final.get('ended by the service', 0)}"
        )


def run(args, port: int, server_pid: int, redis_server: RedisServer) -> None:
    streams_bench.WATCHERS = streams_bench.Watchers(port, CLIENTS)
    with multiprocessing.get_context("fork").Pool(CLIENTS) as pool:
        ramp = Ramp(args, port, server_pid, redis_server, pool)
        play_rounds(pool, port, 2, PER_GAME, 1, ramp.pids)  # warm-up
        made = targets(pool, port, max(args.steps), tournaments(port))
        alone = play_rounds(pool, port, args.seconds, 0, args.rounds, ramp.pids)
        alone_rate = median(alone, "moves_per_second")
        print(f"no streams: {alone_rate:.0f} moves/s, {median(alone, 'server_us'):.0f} us/move")
        baseline = ramp.memory()
        print(HEADER + "\n" + "|".join(["---"] * 12))
        for step in args.steps:
            print(ramp.step(made, step, alone_rate, baseline), flush=True)
        if args.later:
            print(ramp.later(args.later, baseline), flush=True)
        print(ramp.stop())
    streams_bench.WATCHERS.stop()


if __name__ == "__main__":
    sys.exit(main())
