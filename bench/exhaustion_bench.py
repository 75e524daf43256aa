"""Connection exhaustion: what other clients see while one address floods
`buttonup serve` (default settings: 2 workers x 1000 connections) with idle
event streams and slow-body connections.

The flood comes from 127.0.0.2 (all of 127/8 is this machine), the measured
clients from 127.0.0.1. Prints the latency of moves and of /healthz before
and during the flood, what the flood's connections were answered, and how
soon a closed stream's slot is free again.

    .venv/bin/python bench/exhaustion_bench.py [--streams 2000] [--slow 2000] [--probes 20]
"""

import argparse
import socket
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from buttonup.redis_server import RedisServer
from tests.conftest import LiveServer

ATTACKER = "127.0.0.2"


def connect(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(ATTACKER, 0))


def first_line(sock: socket.socket) -> str:
    try:
        return sock.recv(4096).split(b"\r\n", 1)[0].decode(errors="replace") or "closed"
    except TimeoutError:
        return "no answer"
    except OSError as error:
        return type(error).__name__


def start_game(http: httpx.Client) -> tuple[dict, dict[str, str]]:
    game_id = http.post("/v1/games", json={}).json()["id"]
    seats = [http.post(f"/v1/games/{game_id}/players", json={}).json() for _ in range(2)]
    return seats[1]["game"], {seat["color"]: seat["token"] for seat in seats}


def probe(http: httpx.Client, count: int) -> tuple[list[float], list[float], list[str]]:
    """Moves (each on a fresh game) and /healthz, one after another."""
    moves, checks, failures = [], [], []
    for _ in range(count):
        try:
            game, tokens = start_game(http)
            started = time.perf_counter()
            answer = http.post(
                f"/v1/games/{game['id']}/moves",
                json={"position": game["round"]["legal_moves"][0]},
                headers={"Authorization": f"Bearer {tokens[game['round']['to_move']]}"},
            )
            moves.append(time.perf_counter() - started)
            if answer.status_code != 201:
                failures.append(f"move {answer.status_code}")
            started = time.perf_counter()
            http.get("/healthz")
            checks.append(time.perf_counter() - started)
        except httpx.HTTPError as error:
            failures.append(type(error).__name__)
    return moves, checks, failures


def report(label: str, moves: list[float], checks: list[float], failures: list[str]) -> None:
    def ms(values: list[float]) -> str:
        if not values:
            return "none answered"
        return (
            f"median {statistics.median(values) * 1000:7.1f} ms  max {max(values) * 1000:7.1f} ms"
        )

    print(f"{label:<16} move: {ms(moves)}   /healthz: {ms(checks)}   failures: {len(failures)}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--streams", type=int, default=2000)
    parser.add_argument("--slow", type=int, default=2000)
    parser.add_argument("--probes", type=int, default=20)
    args = parser.parse_args()
    redis = RedisServer(Path(tempfile.mkdtemp()), persistent=False)
    redis.start()
    server = LiveServer(["--redis-url", redis.url, "--workers", "2"])
    flood: list[socket.socket] = []
    try:
        with httpx.Client(base_url=server.base_url, timeout=20) as http:
            report("before", *probe(http, args.probes))
            game, _ = start_game(http)
            request = f"GET /v1/games/{game['id']}/events HTTP/1.1\r\nHost: t\r\n\r\n".encode()
            streams: Counter[str] = Counter()
            for _ in range(args.streams):
                sock = connect(server.port)
                sock.sendall(request)
                streams[first_line(sock)] += 1
                flood.append(sock)
            slow_body = (
                b"POST /v1/games HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                b"Content-Length: 100\r\n\r\n{"
            )
            for _ in range(args.slow):
                sock = connect(server.port)
                sock.sendall(slow_body)
                flood.append(sock)
            print(f"flood from {ATTACKER}: {args.streams} streams answered {dict(streams)}")
            print(f"                       {args.slow} slow bodies held open")
            report("during", *probe(http, args.probes))
            for sock in flood:
                sock.close()
            flood.clear()
            # A closed stream: how soon its slot is free again.
            sock = connect(server.port)
            sock.sendall(request)
            first_line(sock)
            before = streams_gauge(http)
            sock.close()
            closed = time.perf_counter()
            while streams_gauge(http) >= before and time.perf_counter() - closed < 15:
                time.sleep(0.01)
            print(f"a closed stream freed after {(time.perf_counter() - closed) * 1000:.0f} ms")
    finally:
        for sock in flood:
            sock.close()
        server.stop()
        redis.stop()
    return 0


def streams_gauge(http: httpx.Client) -> float:
    for line in http.get("/metrics").text.splitlines():
        if line.startswith("buttonup_event_streams_open"):
            return float(line.split()[-1])
    return 0.0


if __name__ == "__main__":
    sys.exit(main())
