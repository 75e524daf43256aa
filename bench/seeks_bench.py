"""Pairing latency: from the seek that completes a pair to each player's
`game_start`, with 1,000 seekers.

    .venv/bin/python bench/seeks_bench.py [--players 1000] [--clients 8]

`buttonup serve` (2 gevent workers) on a Redis of its own. Every player's
stream is opened first (one process reads them all on an epoll loop and
notes when each `game_start` arrives); then `--clients` processes send the
players' seeks as fast as they answer, half 3+2 blitz and half 10+5 rapid,
rated, in a shuffled order. A seek answered with a `game_id` completed a
pair: the time from sending it to each of the two players' `game_start` is
the pairing latency. Prints the median, p99 and largest, the seeks/s, and
checks that every player was paired once.
"""

import argparse
import multiprocessing
import os
import random
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from http_bench import LOG, Connection, wait_ready

from buttonup.cli import gunicorn_command
from buttonup.config import UNMETERED_ENVIRONMENT
from buttonup.redis_server import RedisServer, free_port

CLOCKS = [
    {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2},
    {"type": "fischer", "initial_seconds": 600, "increment_seconds": 5},
]


def listen(port: int, keys: list[str], results) -> None:
    """Every player's stream: sends "open", then, when asked, each player's
    game_start arrival (time.monotonic) and game id."""
    selector = selectors.DefaultSelector()
    owner: dict[socket.socket, int] = {}
    buffers: dict[socket.socket, bytes] = {}
    for index, key in enumerate(keys):
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(
            (
                "GET /v1/players/me/events HTTP/1.1\r\nHost: x\r\n"
                f"Authorization: Bearer {key}\r\n\r\n"
            ).encode()
        )
        sock.setblocking(False)
        owner[sock], buffers[sock] = index, b""
        selector.register(sock, selectors.EVENT_READ)
    opened: set[socket.socket] = set()
    started: dict[int, tuple[float, str]] = {}
    told = False
    while len(started) < len(keys):
        for event_key, _ in selector.select(timeout=0.05):
            sock = event_key.fileobj
            try:
                chunk = sock.recv(65536)
            except BlockingIOError:
                continue
            now = time.monotonic()
            frames = (buffers[sock] + chunk).split(b"\n\n")
            buffers[sock] = frames.pop()
            for frame in frames:
                if b"event: games" in frame:
                    opened.add(sock)
                elif b"event: game_start" in frame:
                    data = frame.split(b"data: ", 1)[1]
                    game_id = data.split(b'"game_id":"', 1)[1].split(b'"', 1)[0].decode()
                    started[owner[sock]] = (now, game_id)
        if not told and len(opened) == len(keys):
            results.send("open")
            told = True
    results.send(started)


def seek_all(args: tuple) -> list[tuple[int, float, str | None]]:
    """Sends each (player index, key, clock)'s seek: (index, sent at, game_id)."""
    port, work = args
    connection = Connection(port)
    sent = []
    for index, key, clock in work:
        at = time.monotonic()
        status, body = connection.post(
            "/v1/seeks", {"clock": clock, "rated": True}, {"Authorization": f"Bearer {key}"}
        )
        assert status == 201, body
        sent.append((index, at, body["game_id"]))
    return sent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=8)
    args = parser.parse_args()
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
            BUTTONUP_SEAT_RATE_LIMIT="1000000/minute",
        )
        server = subprocess.Popen(gunicorn_command("127.0.0.1", port, 2), env=env, stderr=LOG)
        try:
            wait_ready(port, "/healthz", server)
            setup = Connection(port)
            keys = [
                setup.post("/v1/players", {"name": f"p{n}"})[1]["key"] for n in range(args.players)
            ]
            results, child = multiprocessing.get_context("fork").Pipe()
            listener = multiprocessing.get_context("fork").Process(
                target=listen, args=(port, keys, child), daemon=True
            )
            listener.start()
            assert results.recv() == "open"
            time.sleep(1.0)  # every stream marked as listening
            order = list(range(args.players))
            random.Random(7).shuffle(order)
            work = [(index, keys[index], CLOCKS[index % 2]) for index in order]
            shares = [(port, work[n :: args.clients]) for n in range(args.clients)]
            began = time.monotonic()
            with multiprocessing.get_context("fork").Pool(args.clients) as pool:
                sent = [item for share in pool.map(seek_all, shares) for item in share]
            took = time.monotonic() - began
            started = results.recv()
            listener.join(10)
        finally:
            server.terminate()
            server.wait()
            redis_server.stop()
    games: dict[str, list[int]] = {}
    for index, (_, game_id) in started.items():
        games.setdefault(game_id, []).append(index)
    assert len(started) == args.players, "every player told once"
    assert all(len(players) == 2 for players in games.values()), "two players a game"
    latencies = []
    for _, at, game_id in sent:
        if game_id is not None:
            latencies += [(started[index][0] - at) * 1000 for index in games[game_id]]
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(
        f"{args.players} seekers, {len(games)} games, {args.players / took:.0f} seeks/s "
        f"({args.clients} clients, 2 workers)"
    )
    print(
        f"pairing latency, seek to game_start: median {statistics.median(latencies):.1f} ms, "
        f"p99 {p99:.1f} ms, largest {latencies[-1]:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
