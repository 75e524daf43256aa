"""Moves/s with and without 200 open event streams, and how fast watchers hear.

    .venv/bin/python bench/streams_bench.py [--streams 200] [--rounds 7] [--seconds 4]

8 clients play complete games as fast as they can against `buttonup serve`
(2 gevent workers). With streams on, each game being played is followed by
--per-game watchers (its players' own front ends), opened before its first
move; the other streams follow games that wait for an opponent (receiving
keep-alives only), as most streams of a live service do. One process reads
every stream on an epoll loop. Phases alternate after a warm-up; medians are
reported, and the median of each round's ratio. Delivery latency is the time
from a move's commit (its created_at) to a watcher reading its event.
"""

import argparse
import json
import multiprocessing
import os
import re
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from http_bench import LOG, Connection, wait_ready, with_cpu_split

from buttonup.cli import gunicorn_command
from buttonup.config import UNMETERED_ENVIRONMENT
from buttonup.redis_server import RedisServer, free_port

CLIENTS = 8


CREATED_AT = re.compile(rb'"move":\{[^}]*"created_at":"([^"]+)"')


class Watchers:
    """Every event stream of the benchmark, read by one process on one epoll
    loop, as a load generator such as wrk reads its sockets. (A thread per
    stream in the players' processes cost the shared cores more than the
    service spent serving those streams.)

    Players ask for streams over a pipe: `W <player> <game> <count>` opens
    `count` streams on a game and answers the player on its own pipe once each
    has its `game` event; `I <game>` opens a stream that is kept to the end;
    `R` closes the other streams and sends back the delivery latencies seen:
    each watcher's, and each move's to the last of its watchers."""

    def __init__(self, port: int, players: int) -> None:
        self.port = port
        self._requests_in, self._requests_out = os.pipe()
        self._acks = [os.pipe() for _ in range(players)]
        self._results, results_child = multiprocessing.get_context("fork").Pipe()
        self._process = multiprocessing.get_context("fork").Process(
            target=self._serve, args=(results_child,), daemon=True
        )
        self._process.start()

    # In the players' processes (forked after __init__).
    def open(self, player: int, game_id: str, count: int) -> None:
        os.write(self._requests_out, f"W {player} {game_id} {count}\n".encode())
        os.read(self._acks[player][0], 1)

    # In this process.
    def open_idle(self, game_id: str) -> None:
        os.write(self._requests_out, f"I {game_id}\n".encode())

    def collect(self) -> tuple[list[float], list[float], int]:
        """The latencies of each delivery, and of each move to all its
        watchers; and how many watchers' streams were refused."""
        os.write(self._requests_out, b"R\n")
        return self._results.recv()

    def stop(self) -> None:
        os.write(self._requests_out, b"Q\n")
        self._process.join(5)

    # In the watchers' process.
    def _serve(self, results) -> None:
        _WatcherLoop(self.port, self._requests_in, self._acks, results).run()


class _WatcherLoop:
    """The watchers' process: opens the streams asked for, reads them all on
    one selector, and times each move from its `created_at` to its arrival."""

    def __init__(self, port: int, requests_in: int, acks: list, results) -> None:
        self.port = port
        self.requests_in = requests_in
        self.acks = acks
        self.results = results
        self.selector = selectors.DefaultSelector()
        self.selector.register(requests_in, selectors.EVENT_READ)
        # socket: [buffer, kept, waiting player, game]
        self.streams: dict[socket.socket, list] = {}
        self.pending_acks: dict[int, int] = {}  # player: streams without their `game` event yet
        self.refused = 0  # streams asked for a player and not served
        self.latencies: list[float] = []
        self.heard_by_all: dict[tuple[str, bytes], float] = {}  # (game, move): its last watcher's
        self.partial = b""

    def run(self) -> None:
        while True:
            for key, _ in self.selector.select():
                if key.fd == self.requests_in:
                    if not self.requested():
                        return
                else:
                    self.received(key.fileobj)

    def open_stream(self, game_id: str, kept: bool, player: int | None) -> None:
        sock = socket.create_connection(("127.0.0.1", self.port))
        sock.sendall(f"GET /v1/games/{game_id}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        sock.setblocking(False)
        self.streams[sock] = [b"", kept, player, game_id]
        self.selector.register(sock, selectors.EVENT_READ)

    def close(self, sock: socket.socket) -> None:
        self.selector.unregister(sock)
        sock.close()
        del self.streams[sock]

    def requested(self) -> bool:
        """The driver's requests; False once told to stop."""
        self.partial += os.read(self.requests_in, 65536)
        *lines, self.partial = self.partial.split(b"\n")
        for line in lines:
            kind, *fields = line.decode().split()
            if kind == "W":
                player, count = int(fields[0]), int(fields[2])
                self.pending_acks[player] = count
                for _ in range(count):
                    self.open_stream(fields[1], False, player)
            elif kind == "I":
                self.open_stream(fields[0], True, None)
            elif kind == "R":
                for sock in [s for s, state in self.streams.items() if not state[1]]:
                    self.close(sock)
                heard = list(self.heard_by_all.values())
                self.results.send((self.latencies, heard, self.refused))
                self.latencies, self.heard_by_all, self.refused = [], {}, 0
            else:
                return False
        return True

    def received(self, sock) -> None:
        state = self.streams.get(sock)
        if state is None:
            return
        try:
            chunk = sock.recv(65536)
        except BlockingIOError:
            return
        received = time.time()
        if not chunk or (chunk.startswith(b"HTTP/1.1 ") and not chunk.startswith(b"HTTP/1.1 200")):
            # Refused (503 too_many_streams) or closed: a player waiting on it waits no more.
            if state[2] is not None:
                self.refused += 1
                self.frame(b"event: game\n", state, received)
            self.close(sock)
            return
        frames = (state[0] + chunk).split(b"\n\n")
        state[0] = frames.pop()
        for frame in frames:
            if self.frame(frame, state, received):
                self.close(sock)
                return

    def frame(self, frame: bytes, state: list, received: float) -> bool:
        """One event of a stream; True when it ends the stream (game over)."""
        if b"event: move" in frame:
            found = CREATED_AT.search(frame)
            if found:
                created = datetime.fromisoformat(found.group(1).decode())
                latency = received - created.timestamp()
                self.latencies.append(latency)
                move = (state[3], found.group(1))
                self.heard_by_all[move] = max(latency, self.heard_by_all.get(move, 0.0))
        elif b"event: game\n" in frame and state[2] is not None:
            player, state[2] = state[2], None
            self.pending_acks[player] -= 1
            if not self.pending_acks[player]:
                os.write(self.acks[player][1], b"!")
        return b"event: game_over" in frame


WATCHERS: Watchers | None = None  # set before the players' processes fork
# Moves answered 503 (nothing changed) and sent again, across the players'
# processes: a service that cannot keep up says so rather than stalling.
UNAVAILABLE = multiprocessing.get_context("fork").Value("i", 0)


def driver(args: tuple[int, int, float, int, int]) -> int:
    """Plays games; before each, has `per_game` streams opened on it."""
    player, port, until, per_game, target_score = args
    connection = Connection(port)
    moves = 0
    while time.time() < until:
        _, game = connection.post("/v1/games", {"target_score": target_score})
        if per_game:
            WATCHERS.open(player, game["id"], per_game)
        _, red = connection.post(f"/v1/games/{game['id']}/players", {})
        _, black = connection.post(f"/v1/games/{game['id']}/players", {})
        tokens = {"red": red["token"], "black": black["token"]}
        state = black["game"]
        while state["status"] == "playing" and time.time() < until:
            to_move = state["round"]["to_move"]
            status, body = connection.post(
                f"/v1/games/{game['id']}/moves",
                {"position": state["round"]["legal_moves"][0]},
                {"Authorization": f"Bearer {tokens[to_move]}"},
            )
            if status == 503:
                with UNAVAILABLE.get_lock():
                    UNAVAILABLE.value += 1
                time.sleep(0.05)
                continue
            if status != 201:
                raise RuntimeError(f"move failed: {status} {body}")
            state = body["game"]
            moves += 1
    return moves


def measure(
    pool, port: int, seconds: float, per_game: int, target: int, pids: tuple[int, int]
) -> dict[str, float]:
    """`pids`: the service's gunicorn and redis-server (both children of this process)."""
    until = time.time() + seconds
    tasks = [(player, port, until, per_game, target) for player in range(CLIENTS)]
    moves, cpu = with_cpu_split(*pids, lambda: sum(pool.map(driver, tasks)))
    latencies = sorted(WATCHERS.collect()[0])
    # Where the machine's time went, per move: the service's workers, Redis,
    # and the benchmark's own players and watchers.
    out = {
        "moves_per_second": moves / seconds,
        "server_cpu_us_per_move": 1e6 * cpu.server / max(moves, 1),
        "redis_cpu_us_per_move": 1e6 * cpu.redis / max(moves, 1),
        "clients_cpu_us_per_move": 1e6 * cpu.clients / max(moves, 1),
    }
    if latencies:
        out["p50_ms"] = 1000 * latencies[len(latencies) // 2]
        out["p99_ms"] = 1000 * latencies[int(len(latencies) * 0.99)]
        out["deliveries"] = len(latencies)
    return out


def main() -> int:
    global WATCHERS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--per-game", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument(
        "--target-score",
        type=int,
        default=100,
        help="long games, as a live game's streams stay open for its whole length",
    )
    args = parser.parse_args()
    active = CLIENTS * args.per_game
    idle = max(0, args.streams - active)
    print(
        f"2 workers; {CLIENTS} players; with streams: "
        f"{active} following the games in play + {idle} idle = {active + idle}; "
        f"{args.rounds} alternating rounds of {args.seconds:g} s"
    )
    with tempfile.TemporaryDirectory() as data_dir:
        redis_server = RedisServer(Path(data_dir), persistent=False)
        redis_server.start()
        port = free_port()
        # Every stream and player comes from one address here, standing for
        # many clients: the per-address limits (32 streams, 100 connections)
        # would refuse most of them.
        env = dict(  # the costly operations unmetered: many games from one address
            os.environ,
            **UNMETERED_ENVIRONMENT,
            REDIS_URL=redis_server.url,
            BUTTONUP_MAX_STREAMS_PER_CLIENT="10000",
            BUTTONUP_MAX_CONNECTIONS_PER_CLIENT="0",
        )
        server = subprocess.Popen(gunicorn_command("127.0.0.1", port, 2), env=env, stderr=LOG)
        try:
            wait_ready(port, "/healthz", server)
            pids = (server.pid, redis_server.process.pid)
            WATCHERS = Watchers(port, CLIENTS)
            with multiprocessing.get_context("fork").Pool(CLIENTS) as pool:
                measure(pool, port, 2, args.per_game, args.target_score, pids)  # warm-up
                setup = Connection(port)
                for _ in range(idle):
                    WATCHERS.open_idle(setup.post("/v1/games", {})[1]["id"])
                runs: dict[str, list] = {"without": [], "with": []}
                for index in range(args.rounds):
                    for kind, per_game in (("without", 0), ("with", args.per_game)):
                        result = measure(
                            pool, port, args.seconds, per_game, args.target_score, pids
                        )
                        runs[kind].append(result)
                        print(
                            f"round {index + 1} {kind:8} streams: "
                            + json.dumps({k: round(v, 1) for k, v in result.items()}),
                            flush=True,
                        )
            WATCHERS.stop()
        finally:
            server.terminate()
            server.wait()
            redis_server.stop()
    rate = {k: statistics.median(r["moves_per_second"] for r in v) for k, v in runs.items()}
    paired = statistics.median(
        w["moves_per_second"] / wo["moves_per_second"]
        for wo, w in zip(runs["without"], runs["with"], strict=True)
    )
    p99 = statistics.median(r["p99_ms"] for r in runs["with"])
    p50 = statistics.median(r["p50_ms"] for r in runs["with"])
    print(
        f"\nmoves/s median: without streams {rate['without']:.0f}, with {rate['with']:.0f}; "
        f"ratio {rate['with'] / rate['without']:.2f} of medians, {paired:.2f} median of "
        "rounds (target >= 0.80)"
    )
    print(f"move delivery to watchers: p50 {p50:.1f} ms, p99 {p99:.1f} ms (target p99 <= 100 ms)")
    for who in ("server", "redis", "clients"):
        cpu = {
            k: statistics.median(r[f"{who}_cpu_us_per_move"] for r in v) for k, v in runs.items()
        }
        print(
            f"{who} CPU per move, median: without streams {cpu['without']:.0f} us, "
            f"with {cpu['with']:.0f} us"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
