"""An arena full of bots on `buttonup serve` (2 gevent workers, a Redis of
its own), and plain games beside it in the same run.

    .venv/bin/python bench/tournament_bench.py [--players 1000] [--seconds 60]

Every bot is a player of its own (scripts/tournament_bots.py: its stream,
each game it is paired into played with random legal moves through the
generated client). Measures, while the arena runs: from a game's end to the
player's next `game_start` (median, p99), a standings page's latency (50
places, sampled every 0.2 s: median, p99), and the arena's moves/s; then,
on the same server, `--clients` processes playing plain games as
bench/http_bench.py does for `--plain-seconds`: moves/s and their latency,
so that the arena's moves/s stands beside what plain play reaches on the
same machine in the same run. The two are different loads (the bots pay a
stream read a turn and think nothing), so the side-by-side figure says what
the tournament's work leaves to play, not a ratio to hold.
"""

import argparse
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "scripts")]

import tournament_bots  # noqa: E402  (scripts/, on the path above)
from clocks import parse_clock  # noqa: E402
from http_bench import LOG, play_games, wait_ready  # noqa: E402

from buttonup.cli import gunicorn_command  # noqa: E402
from buttonup.config import UNMETERED_ENVIRONMENT  # noqa: E402
from buttonup.redis_server import RedisServer, free_port  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def sample_standings(port: int, tournament_id: str, until: float, latencies: list[float]) -> None:
    path = f"/v1/tournaments/{tournament_id}/standings?limit=50"
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as http:
        while time.monotonic() < until:
            started = time.perf_counter()
            status = http.get(path).status_code
            latencies.append((time.perf_counter() - started) * 1000)
            assert status == 200, status
            time.sleep(0.2)


def plain_play(port: int, clients: int, seconds: float) -> tuple[int, list[float]]:
    until = time.monotonic() + seconds
    with multiprocessing.get_context("fork").Pool(clients) as pool:
        results = pool.starmap(play_games, [(port, until)] * clients)
    return sum(moves for moves, _ in results), [t for _, ts in results for t in ts]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--plain-seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--clock", default="1+0")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        redis_server = RedisServer(Path(data_dir), persistent=False)
        redis_server.start()
        port = free_port()
        env = dict(  # the costly operations unmetered: many players from one address
            os.environ,
            **UNMETERED_ENVIRONMENT,
            REDIS_URL=redis_server.url,
            BUTTONUP_MAX_STREAMS_PER_CLIENT=str(2 * args.players + 100),
            BUTTONUP_MAX_CONNECTIONS_PER_CLIENT="0",
            BUTTONUP_CONNECTIONS=str(3 * args.players + 200),
            BUTTONUP_SEAT_RATE_LIMIT="1000000/minute",
        )
        server = subprocess.Popen(gunicorn_command("127.0.0.1", port, 2), env=env, stderr=LOG)
        try:
            wait_ready(port, "/healthz", server)
            base_url = f"http://127.0.0.1:{port}"
            minutes = max(10, int(args.seconds // 60) + 1)
            run = SimpleNamespace(
                players=args.players,
                tournament=None,
                arena=minutes,
                seconds=args.seconds,
                clock=parse_clock(args.clock),
                seed=1,
            )
            standings: list[float] = []
            tournament_bots.fill(
                base_url,
                run,
                on_start=lambda tournament_id: start_sampler(
                    port, tournament_id, time.monotonic() + args.seconds, standings
                ),
            )
            moves, latencies = plain_play(port, args.clients, args.plain_seconds)
        finally:
            server.terminate()
            server.wait()
            redis_server.stop()
    if standings:
        print(
            f"standings page (50 places) latency: median {statistics.median(standings):.1f} ms, "
            f"p99 {percentile(standings, 0.99):.1f} ms ({len(standings)} samples)"
        )
    median, p99 = statistics.median(latencies) * 1000, percentile(latencies, 0.99) * 1000
    print(
        f"plain games beside it, same server: {moves / args.plain_seconds:.0f} moves/s "
        f"({args.clients} clients), move latency median {median:.1f} ms, p99 {p99:.1f} ms"
    )
    return 0


def start_sampler(port: int, tournament_id: str, until: float, latencies: list[float]) -> None:
    threading.Thread(
        target=sample_standings, args=(port, tournament_id, until, latencies), daemon=True
    ).start()


if __name__ == "__main__":
    sys.exit(main())
