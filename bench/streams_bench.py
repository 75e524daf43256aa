"""Moves/s with and without 200 open event streams, and how fast watchers hear.

    .venv/bin/python bench/streams_bench.py [--streams 200] [--rounds 3] [--seconds 5]

8 clients play complete games as fast as they can against `buttonup serve`
(2 workers, gthread). With streams on, each game being played is followed by
--per-game watchers (its players' own front ends), opened before its first
move; the other streams follow games that wait for an opponent (receiving
keep-alives only), as most streams of a live service do. Phases alternate
after a warm-up; medians are reported. Delivery latency is the time from a
move's commit (its created_at) to a watcher reading its event.
"""

import argparse
import contextlib
import json
import multiprocessing
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from http_bench import LOG, Connection, wait_ready, with_cpu_split

from buttonup.cli import gunicorn_command
from buttonup.redis_server import RedisServer, free_port

CLIENTS = 8


CREATED_AT = re.compile(rb'"move":\{[^}]*"created_at":"([^"]+)"')


def epoch(timestamp: str) -> float:
    return (
        time.mktime(time.strptime(timestamp[:19], "%Y-%m-%dT%H:%M:%S"))
        - time.timezone
        + float(timestamp[19:-1] or 0)
    )


def follow(port: int, game_id: str, latencies: list, until: float) -> None:
    """Reads one game's stream with a raw socket until game_over or `until`."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.settimeout(max(0.1, until - time.time() + 1))
    sock.sendall(f"GET /v1/games/{game_id}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    buffer = b""
    try:
        while time.time() < until:
            chunk = sock.recv(65536)
            if not chunk:
                return
            received = time.time()
            buffer += chunk
            while b"\n\n" in buffer:
                frame, buffer = buffer.split(b"\n\n", 1)
                if b"event: move" in frame:
                    found = CREATED_AT.search(frame)
                    if found:
                        latencies.append(received - epoch(found.group(1).decode()))
                if b"event: game_over" in frame:
                    return
    except OSError:
        return
    finally:
        sock.close()


def driver(args: tuple[int, float, int, int]) -> tuple[int, list[float]]:
    """Plays games; before each, opens `per_game` watchers on it."""
    port, until, per_game, target_score = args
    connection = Connection(port)
    latencies: list[float] = []
    moves = 0
    while time.time() < until:
        _, game = connection.post("/v1/games", {"target_score": target_score})
        watchers = [
            threading.Thread(target=follow, args=(port, game["id"], latencies, until + 2))
            for _ in range(per_game)
        ]
        for watcher in watchers:
            watcher.start()
        time.sleep(0.02 if per_game else 0)  # let the streams open
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
            if status != 201:
                raise RuntimeError(f"move failed: {status} {body}")
            state = body["game"]
            moves += 1
        for watcher in watchers:
            watcher.join(3)
    return moves, latencies


def idle_streams(port: int, count: int, stop: threading.Event) -> list[socket.socket]:
    connection = Connection(port)
    sockets = []
    for _ in range(count):
        _, game = connection.post("/v1/games", {})
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(f"GET /v1/games/{game['id']}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        sockets.append(sock)

    def drain() -> None:
        while not stop.is_set():
            for sock in sockets:
                sock.setblocking(False)
                with contextlib.suppress(BlockingIOError):
                    sock.recv(65536)
            time.sleep(0.5)

    threading.Thread(target=drain, daemon=True).start()
    return sockets


def measure(
    pool, port: int, seconds: float, per_game: int, target: int, pids: tuple[int, int]
) -> dict[str, float]:
    """`pids`: the service's gunicorn and redis-server (both children of this process)."""
    until = time.time() + seconds
    results, cpu = with_cpu_split(
        *pids, lambda: pool.map(driver, [(port, until, per_game, target)] * CLIENTS)
    )
    moves = sum(m for m, _ in results)
    latencies = sorted(lat for _, lats in results for lat in lats)
    # Where the machine's time went, per move: the service's workers, and the
    # benchmark's own players and watchers, Redis.
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--per-game", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--threads", type=int, default=128)
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
        f"2 workers x {args.threads} threads; {CLIENTS} players; with streams: "
        f"{active} following the games in play + {idle} idle = {active + idle}"
    )
    with tempfile.TemporaryDirectory() as data_dir:
        redis_server = RedisServer(Path(data_dir), persistent=False)
        redis_server.start()
        port = free_port()
        env = dict(os.environ, REDIS_URL=redis_server.url)
        server = subprocess.Popen(
            gunicorn_command("127.0.0.1", port, 2, args.threads), env=env, stderr=LOG
        )
        stop = threading.Event()
        try:
            wait_ready(port, "/healthz", server)
            pids = (server.pid, redis_server.process.pid)
            with multiprocessing.get_context("fork").Pool(CLIENTS) as pool:
                measure(pool, port, 2, 0, args.target_score, pids)
                idle_sockets = idle_streams(port, idle, stop)
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
        finally:
            stop.set()
            server.terminate()
            server.wait()
            redis_server.stop()
    rate = {k: statistics.median(r["moves_per_second"] for r in v) for k, v in runs.items()}
    p99 = statistics.median(r["p99_ms"] for r in runs["with"])
    p50 = statistics.median(r["p50_ms"] for r in runs["with"])
    print(
        f"\nmoves/s median: without streams {rate['without']:.0f}, with {rate['with']:.0f} "
        f"-> ratio {rate['with'] / rate['without']:.2f} (target >= 0.80)"
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
    return 0 if idle_sockets is not None else 1


if __name__ == "__main__":
    sys.exit(main())
