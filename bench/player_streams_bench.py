"""Moves/s with 1,000 players' streams open, next to the same games without
players, and what a player costs in Redis.

    .venv/bin/python bench/player_streams_bench.py [--players 1000] [--rounds 9] [--seconds 4]

8 clients play complete games as fast as they can against `buttonup serve`
(2 gevent workers), as bench/http_bench.py does. The phases alternate after
a warm-up: "without" plays with anonymous seats and no player's stream open;
"with" opens every player's stream (`GET /v1/players/me/events`, read by
one process on an epoll loop) before its clock starts, and each client plays
as one of the players: 8 players moving, each against an anonymous seat
(`--seated 2` seats a player in both seats of every game, 16 players moving,
each commit then relayed to two). Medians are reported, with the median of
each round's ratio, the events the players' streams delivered, and the bytes
a player takes in Redis.

Opening and closing 1,000 streams is work of its own for the server (each
opening authenticates, lists the player's games and subscribes), so the
clock starts only a moment after the streams are open and the next round a
moment after they close; and which phase goes first alternates from round
to round, so that neither always follows the other's set-up or drift.
"""

import argparse
import json
import multiprocessing
import os
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import redis

sys.path.insert(0, str(Path(__file__).resolve().parent))

from http_bench import LOG, Connection, wait_ready, with_cpu_split

from buttonup.cli import gunicorn_command
from buttonup.config import UNMETERED_ENVIRONMENT
from buttonup.redis_server import RedisServer, free_port

CLIENTS = 8
SETTLE_SECONDS = 1.0  # after the streams open or close, before a clock starts


class Listeners:
    """Every player's stream, read by one process: counts what arrives."""

    def __init__(self, port: int, keys: list[str]) -> None:
        self._results, child = multiprocessing.get_context("fork").Pipe()
        self._process = multiprocessing.get_context("fork").Process(
            target=self._serve, args=(port, keys, child), daemon=True
        )
        self._process.start()
        assert self._results.recv() == "open"

    def collect(self) -> dict:
        self._results.send("collect")
        return self._results.recv()

    def stop(self) -> None:
        self._results.send("stop")
        self._process.join(10)

    @staticmethod
    def _serve(port: int, keys: list[str], results) -> None:
        selector = selectors.DefaultSelector()
        buffers: dict[socket.socket, bytes] = {}
        for key in keys:
            sock = socket.create_connection(("127.0.0.1", port))
            request = (
                "GET /v1/players/me/events HTTP/1.1\r\nHost: x\r\n"
                f"Authorization: Bearer {key}\r\n\r\n"
            )
            sock.sendall(request.encode())
            sock.setblocking(False)
            buffers[sock] = b""
            selector.register(sock, selectors.EVENT_READ)
        selector.register(results, selectors.EVENT_READ)
        opened = set()
        counts = {"events": 0, "your_turn": 0}
        while len(opened) < len(keys):  # every stream has its `games` event
            for event_key, _ in selector.select():
                if event_key.fileobj is results:
                    continue
                sock = event_key.fileobj
                buffers[sock] += sock.recv(65536)
                if b"event: games" in buffers[sock]:
                    opened.add(sock)
                    buffers[sock] = b""
        results.send("open")
        while True:
            for event_key, _ in selector.select():
                if event_key.fileobj is results:
                    if results.recv() == "stop":
                        return
                    results.send(dict(counts))
                    counts = {"events": 0, "your_turn": 0}
                    continue
                sock = event_key.fileobj
                try:
                    chunk = sock.recv(65536)
                except BlockingIOError:
                    continue
                frames = (buffers[sock] + chunk).split(b"\n\n")
                buffers[sock] = frames.pop()
                for frame in frames:
                    if b"event: " in frame:
                        counts["events"] += 1
                    if b"event: your_turn" in frame:
                        counts["your_turn"] += 1


def driver(args: tuple) -> tuple[int, list[float]]:
    """Plays games; with `keys`, seats those two players in each."""
    port, until, keys, target_score = args
    connection = Connection(port)
    moves = 0
    while time.time() < until:
        _, game = connection.post("/v1/games", {"target_score": target_score})
        seats = {}
        for color, key in zip(("red", "black"), keys or (None, None), strict=True):
            headers = {"Authorization": f"Bearer {key}"} if key else None
            _, joined = connection.post(
                f"/v1/games/{game['id']}/players", {"color": color}, headers
            )
            seats[color] = joined["token"]
            state = joined["game"]
        while state["status"] == "playing" and time.time() < until:
            to_move = state["round"]["to_move"]
            status, body = connection.post(
                f"/v1/games/{game['id']}/moves",
                {"position": state["round"]["legal_moves"][0]},
                {"Authorization": f"Bearer {seats[to_move]}"},
            )
            if status != 201:
                raise RuntimeError(f"move failed: {status} {body}")
            state = body["game"]
            moves += 1
    return moves


def measure(pool, port: int, seconds: float, pairs: list | None, target: int, pids) -> dict:
    until = time.time() + seconds
    tasks = [(port, until, pairs[i] if pairs else None, target) for i in range(CLIENTS)]
    moves, cpu = with_cpu_split(*pids, lambda: sum(pool.map(driver, tasks)))
    return {
        "moves_per_second": moves / seconds,
        "server_cpu_us_per_move": 1e6 * cpu.server / max(moves, 1),
        "redis_cpu_us_per_move": 1e6 * cpu.redis / max(moves, 1),
        # The drivers, and in "with" the process reading every player's stream.
        "clients_cpu_us_per_move": 1e6 * cpu.clients / max(moves, 1),
    }


def player_bytes(client: redis.Redis, player_ids: list[str]) -> dict[str, float]:
    """Median bytes per player in Redis (MEMORY USAGE), by key kind."""
    kinds = ("player", "games", "relayed", "finished", "events")
    sizes: dict[str, list[int]] = {kind: [] for kind in kinds}
    for player_id in player_ids:
        for kind in kinds:
            used = client.memory_usage(f"buttonup:{{player:{player_id}}}:{kind}") or 0
            sizes[kind].append(used)
    found = {kind: statistics.median(values) for kind, values in sizes.items()}
    found["total"] = sum(found.values())
    return found


def describe(sizes: dict[str, float]) -> str:
    parts = ", ".join(f"{kind} {size:.0f}" for kind, size in sizes.items() if kind != "total")
    return f"{sizes['total']:.0f} ({parts})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--target-score", type=int, default=15)
    parser.add_argument(
        "--streams",
        type=int,
        default=None,
        help="player streams to open (default: every player's); 0 measures the relaying alone",
    )
    parser.add_argument(
        "--seated",
        type=int,
        choices=(1, 2),
        default=1,
        help="players seated in each game: 1 (8 players moving) or 2 (16)",
    )
    args = parser.parse_args()
    streams = args.players if args.streams is None else args.streams
    print(
        f"2 workers; {CLIENTS} clients; with players: {streams} player streams open, "
        f"{CLIENTS * args.seated} of those players seated in the games in play; "
        f"{args.rounds} alternating rounds of {args.seconds:g} s"
    )
    with tempfile.TemporaryDirectory() as data_dir:
        redis_server = RedisServer(Path(data_dir), persistent=False)
        redis_server.start()
        port = free_port()
        env = dict(  # the costly operations unmetered: many games from one address
            os.environ,
            **UNMETERED_ENVIRONMENT,
            REDIS_URL=redis_server.url,
            BUTTONUP_MAX_STREAMS_PER_CLIENT=str(args.players + 100),
            BUTTONUP_MAX_CONNECTIONS_PER_CLIENT="0",
            BUTTONUP_CONNECTIONS=str(args.players + 200),
        )
        server = subprocess.Popen(gunicorn_command("127.0.0.1", port, 2), env=env, stderr=LOG)
        try:
            wait_ready(port, "/healthz", server)
            pids = (server.pid, redis_server.process.pid)
            setup = Connection(port)
            made = [setup.post("/v1/players", {"name": f"p{n}"})[1] for n in range(args.players)]
            keys = [player["key"] for player in made]
            if args.seated == 2:
                pairs = [(keys[2 * i], keys[2 * i + 1]) for i in range(CLIENTS)]
            else:
                pairs = [(keys[i], None) for i in range(CLIENTS)]
            with multiprocessing.get_context("fork").Pool(CLIENTS) as pool:
                measure(pool, port, 2, None, args.target_score, pids)  # warm-up
                listeners = Listeners(port, keys[:streams])
                measure(pool, port, 2, pairs, args.target_score, pids)
                listeners.stop()
                runs: dict[str, list] = {"without": [], "with": []}
                phases = [("without", None), ("with", pairs)]
                for index in range(args.rounds):
                    for kind, seated in phases if index % 2 == 0 else phases[::-1]:
                        if seated:  # every stream open (and sent `games`) before the clock starts
                            listeners = Listeners(port, keys[:streams])
                            time.sleep(SETTLE_SECONDS)
                        result = measure(pool, port, args.seconds, seated, args.target_score, pids)
                        if seated:
                            result.update(listeners.collect())
                            listeners.stop()
                            time.sleep(SETTLE_SECONDS)
                        runs[kind].append(result)
                        print(
                            f"round {index + 1} {kind:8} players: "
                            + json.dumps({k: round(v, 1) for k, v in result.items()}),
                            flush=True,
                        )
            client = redis.Redis(port=redis_server.port)
            seated = args.seated * CLIENTS
            moving = player_bytes(client, [player["id"] for player in made[:seated]])
            idle = player_bytes(client, [player["id"] for player in made[seated:]])
        finally:
            server.terminate()
            server.wait()
            redis_server.stop()
    rate = {k: statistics.median(r["moves_per_second"] for r in v) for k, v in runs.items()}
    paired = statistics.median(
        w["moves_per_second"] / wo["moves_per_second"]
        for wo, w in zip(runs["without"], runs["with"], strict=True)
    )
    print(
        f"\nmoves/s median: without players {rate['without']:.0f}, with {rate['with']:.0f} "
        f"and {streams} player streams open; ratio {rate['with'] / rate['without']:.2f} "
        f"of medians, {paired:.2f} median of rounds (target >= 0.90)"
    )
    for who in ("server", "redis", "clients"):
        cpu = {
            k: statistics.median(r[f"{who}_cpu_us_per_move"] for r in v) for k, v in runs.items()
        }
        without, with_ = cpu["without"], cpu["with"]
        print(f"{who} CPU per move, median: without {without:.0f} us, with {with_:.0f} us")
    print(
        "bytes per player in Redis (median, MEMORY USAGE): "
        f"idle {describe(idle)}; after the run's games {describe(moving)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
