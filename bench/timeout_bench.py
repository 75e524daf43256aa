"""Timeouts the service commits by itself: delay from deadline to `game_over`,
the sweepers' CPU per timeout, and what sweeping costs the moves of others.

1. 10,000 games in play on `buttonup serve`'s gunicorn (2 workers), each a
   per-move clock on black after red's first move, their deadlines spread
   over a minute. Nobody reads them. Afterwards, each game's timeout is
   found in its event stream, whose entry id is Redis's clock when the
   commit landed: delay = that instant - the deadline. Also checked: every
   game ended by timeout exactly once (one version more than before).
2. The sweepers' CPU per timeout: the workers' CPU during the minute of
   deadlines, less what they use idle (polling the index) over as long.
3. moves/s of bench/http_bench.py's driver against two servers on one Redis,
   one sweeping (the default) and one with `BUTTONUP_SWEEP_INTERVAL=0`, in
   alternating rounds.

    .venv/bin/python bench/timeout_bench.py [--games 10000] [--spread 60] [--rounds 7]
"""

import argparse
import math
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import redis

sys.path.insert(0, str(Path(__file__).resolve().parent))
from http_bench import LOG, measure, tree_cpu_seconds, wait_ready

from buttonup.cli import gunicorn_command
from buttonup.config import UNMETERED_ENVIRONMENT
from buttonup.engine import Color, Options
from buttonup.engine.clock import ClockSettings, ClockType
from buttonup.games import Games, NewGame
from buttonup.redis_server import RedisServer, free_port
from buttonup.store import GameStore, connect

# Red must have moved in every game before its own turn (as long) runs out.
FIRST_DEADLINE_S = 90
CLIENTS = 8


def start_service(redis_url: str, workers: int, **env: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    process = subprocess.Popen(
        gunicorn_command("127.0.0.1", port, workers),
        env=dict(os.environ, **UNMETERED_ENVIRONMENT, REDIS_URL=redis_url, **env),
        stderr=LOG,
    )
    wait_ready(port, "/healthz", process)
    return process, port


def set_up(games: Games, count: int, spread_s: float, first_s: int) -> dict[str, int]:
    """`count` games, red's first move played: black's clock runs. Returns
    each game's deadline (ms)."""
    ids = []
    for index in range(count):
        seconds = first_s + math.floor(spread_s * index / count)
        clock = ClockSettings(ClockType.PER_MOVE, seconds=seconds)
        new = NewGame(Options(first_player=Color.RED, clock=clock))
        game_id = games.create(new, None).match.id
        red = games.join(game_id, Color.RED, None)
        games.join(game_id, Color.BLACK, None)
        ids.append((game_id, red.token))
    deadlines = {}
    for game_id, token in ids:
        match = games.get(game_id)
        moved = games.play(game_id, token, match.game.legal_moves()[0]).match
        deadlines[game_id] = moved.deadline
    return deadlines


def ended_at(client: redis.Redis, game_ids: list[str]) -> dict[str, tuple[int, str]]:
    """Each game's version (from its stored header) and the id of its last event."""
    pipe = client.pipeline(transaction=False)
    for game_id in game_ids:
        pipe.getrange(f"buttonup:{{{game_id}}}:game", 0, 40)
        pipe.xrevrange(f"buttonup:{{{game_id}}}:events", "+", "-", count=2)
    answers = pipe.execute()
    found = {}
    for game_id, header, last in zip(game_ids, answers[::2], answers[1::2], strict=True):
        version = int(header.split(b" ")[1])
        entries = [fields for _, fields in last]
        # The timeout's entry: the newest with a version (presence entries have none).
        entry_id = next(entry_id for entry_id, fields in last if b"v" in fields)
        kinds = [fields.get(b"a", b"")[:1] for fields in entries if b"v" in fields]
        found[game_id] = (version, int(entry_id.split(b"-")[0]), kinds[0].decode())
    return found


def timeouts(count: int, spread_s: float, workers: int, first_s: int) -> None:
    with tempfile.TemporaryDirectory() as data_dir:
        server = RedisServer(Path(data_dir), persistent=False)
        server.start()
        service, _ = start_service(
            server.url, workers, BUTTONUP_FINISHED_STREAM_TTL="900", BUTTONUP_GAME_TTL="3600"
        )
        try:
            store = GameStore(connect(server.url), game_ttl_seconds=3600, reply_ttl_seconds=60)
            started = time.time()
            deadlines = set_up(Games(store), count, spread_s, first_s)
            print(f"set up {count} games in {time.time() - started:.0f} s", flush=True)
            first, last = min(deadlines.values()) / 1000, max(deadlines.values()) / 1000
            # Idle: the sweepers poll an index whose entries are not due yet.
            idle_seconds = max(1.0, first - 1 - time.time())
            idle_start = tree_cpu_seconds(service.pid)
            time.sleep(idle_seconds)
            idle_cpu = tree_cpu_seconds(service.pid) - idle_start
            window_start = time.time()
            busy_start = tree_cpu_seconds(service.pid)
            time.sleep(max(0.0, last + 2 - time.time()))
            busy_cpu = tree_cpu_seconds(service.pid) - busy_start
            window = time.time() - window_start
            client = redis.Redis(port=server.port)
            found = ended_at(client, list(deadlines))
        finally:
            service.terminate()
            service.wait()
            server.stop()
    versions = {version for version, _, _ in found.values()}
    kinds = {kind for _, _, kind in found.values()}
    delays = sorted(found[game_id][1] - deadline for game_id, deadline in deadlines.items())
    print(f"games ended: {len(found)}, versions {sorted(versions)} (4: once), log kinds {kinds}")
    print(
        f"delay from deadline to game_over (ms): p50 {delays[len(delays) // 2]}, "
        f"p99 {delays[int(len(delays) * 0.99)]}, max {delays[-1]}, min {delays[0]} "
        f"(target p99 <= 1000)"
    )
    per_timeout = (busy_cpu - idle_cpu * window / idle_seconds) / count
    print(
        f"sweepers' CPU: {1e6 * per_timeout:.0f} us per timeout "
        f"({busy_cpu:.2f} s over the {window:.0f} s of deadlines; idle "
        f"{1000 * idle_cpu / idle_seconds:.1f} ms/s for {workers} workers)"
    )


def moves_with_and_without(rounds: int, seconds: float, workers: int) -> None:
    with tempfile.TemporaryDirectory() as data_dir:
        server = RedisServer(Path(data_dir), persistent=False)
        server.start()
        sweeping, sweeping_port = start_service(server.url, workers)
        still, still_port = start_service(server.url, workers, BUTTONUP_SWEEP_INTERVAL="0")
        redis_pid = server.process.pid
        runs: dict[str, list[float]] = {"sweeping": [], "not sweeping": []}
        try:
            with multiprocessing.get_context("fork").Pool(CLIENTS) as pool:
                for process, port in ((sweeping, sweeping_port), (still, still_port)):
                    measure(pool, "service", port, 2, process.pid, redis_pid)  # warm-up
                for index in range(rounds):
                    for name, process, port in (
                        ("sweeping", sweeping, sweeping_port),
                        ("not sweeping", still, still_port),
                    ):
                        result = measure(pool, "service", port, seconds, process.pid, redis_pid)
                        runs[name].append(result["per_second"])
                        print(
                            f"round {index + 1} {name:12} {result['per_second']:7.0f} moves/s",
                            flush=True,
                        )
        finally:
            for process in (sweeping, still):
                process.terminate()
                process.wait()
            server.stop()
    paired = statistics.median(
        s / n for s, n in zip(runs["sweeping"], runs["not sweeping"], strict=True)
    )
    print(
        f"moves/s sweeping / not sweeping: {paired:.3f} median of rounds "
        f"(medians {statistics.median(runs['sweeping']):.0f} / "
        f"{statistics.median(runs['not sweeping']):.0f}; target >= 0.95)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--spread", type=float, default=60.0, help="seconds of deadlines")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument(
        "--first", type=int, default=FIRST_DEADLINE_S, help="seconds to the first deadline"
    )
    parser.add_argument("--skip-moves", action="store_true")
    args = parser.parse_args()
    timeouts(args.games, args.spread, args.workers, args.first)
    if not args.skip_moves:
        moves_with_and_without(args.rounds, args.seconds, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
