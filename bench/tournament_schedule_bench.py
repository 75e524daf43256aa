"""Many running tournaments, most of them empty, on `buttonup serve` (2
gevent workers, a Redis of its own): is a tournament made last still paired
promptly, and what do the idle ones cost?

    .venv/bin/python bench/tournament_schedule_bench.py [--tournaments 10000]
        [--busy 40] [--samples 100] [--give-up 20]

Makes `--tournaments` running 720-minute arenas through the API (five per
creator, each started by its creator), `--busy` of them with two players
each (paired at once: their games in play, nobody moving). Then, while
they all run, measures:

- the server's and Redis's CPU, and Redis's commands a second, over 10
  seconds with nothing to do but the tournaments' upkeep;
- `--samples` times, one after another: a new arena made, started, and two
  players joined; from the second join's answer to its game in the
  tournament's games list (median, p99, largest). A sample not paired
  within `--give-up` seconds counts as that long, and is reported.
"""

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import redis

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench")]

from http_bench import LOG, tree_cpu_seconds, wait_ready  # noqa: E402

from buttonup.cli import gunicorn_command  # noqa: E402
from buttonup.config import UNMETERED_ENVIRONMENT  # noqa: E402
from buttonup.redis_server import RedisServer, free_port  # noqa: E402

CLOCK = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}
PER_CREATOR = 5
IDLE_SECONDS = 10.0


def arena(minutes: int) -> dict:
    return {"name": "Bench", "system": "arena", "clock": CLOCK, "minutes": minutes}


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def make_running(base_url: str, creators: int, busy: int) -> None:
    """`creators` * 5 arenas started; the first `busy` get two players."""

    def one_creator(index: int) -> None:
        with httpx.Client(base_url=base_url, timeout=30) as http:
            creator = http.post("/v1/players", json={"name": f"C{index}"}).json()
            for nth in range(PER_CREATOR):
                made = http.post("/v1/tournaments", json=arena(720), headers=bearer(creator["key"]))
                assert made.status_code == 201, made.text
                path = f"/v1/tournaments/{made.json()['id']}"
                started = http.post(f"{path}/start", headers=bearer(creator["key"]))
                assert started.status_code == 200, started.text
                if index * PER_CREATOR + nth < busy:
                    for name in ("A", "B"):
                        player = http.post("/v1/players", json={"name": name}).json()
                        http.post(f"{path}/join", headers=bearer(player["key"]))

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(one_creator, range(creators)))


def honest_sample(http: httpx.Client, give_up: float) -> float:
    """Seconds from the second join to the arena's game (give_up: none),
    after a wait of up to a second (not in step with the server's passes)."""
    time.sleep(random.random())
    host = http.post("/v1/players", json={"name": "Host"}).json()
    made = http.post("/v1/tournaments", json=arena(60), headers=bearer(host["key"])).json()
    path = f"/v1/tournaments/{made['id']}"
    http.post(f"{path}/start", headers=bearer(host["key"]))
    for name in ("Ana", "Bo"):
        player = http.post("/v1/players", json={"name": name}).json()
        http.post(f"{path}/join", headers=bearer(player["key"]))
    joined = time.perf_counter()
    while time.perf_counter() - joined < give_up:
        if http.get(f"{path}/games").json()["items"]:
            return time.perf_counter() - joined
        time.sleep(0.005)
    return give_up


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tournaments", type=int, default=10_000)
    parser.add_argument("--busy", type=int, default=40)
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--give-up", type=float, default=20.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        redis_server = RedisServer(Path(data_dir), persistent=False)
        redis_server.start()
        port = free_port()
        env = dict(os.environ, **UNMETERED_ENVIRONMENT, REDIS_URL=redis_server.url)
        server = subprocess.Popen(gunicorn_command("127.0.0.1", port, 2), env=env, stderr=LOG)
        try:
            wait_ready(port, "/healthz", server)
            base_url = f"http://127.0.0.1:{port}"
            started = time.perf_counter()
            make_running(base_url, args.tournaments // PER_CREATOR, args.busy)
            made_in = time.perf_counter() - started
            store = redis.Redis.from_url(redis_server.url)
            assert redis_server.process is not None
            pids = (server.pid, redis_server.process.pid)
            cpu_before = [tree_cpu_seconds(pid) for pid in pids]
            commands_before = store.info("stats")["total_commands_processed"]
            time.sleep(IDLE_SECONDS)
            commands = store.info("stats")["total_commands_processed"] - commands_before
            server_cpu, redis_cpu = (
                tree_cpu_seconds(pid) - before for pid, before in zip(pids, cpu_before, strict=True)
            )
            with httpx.Client(base_url=base_url, timeout=30) as http:
                waits = [honest_sample(http, args.give_up) for _ in range(args.samples)]
        finally:
            server.terminate()
            server.wait()
            redis_server.stop()
    print(
        f"{args.tournaments} running arenas ({args.busy} with two players) made in "
        f"{made_in:.0f} s, on 2 workers"
    )
    print(
        f"idle upkeep over {IDLE_SECONDS:.0f} s: server CPU {server_cpu / IDLE_SECONDS:.1%}, "
        f"Redis CPU {redis_cpu / IDLE_SECONDS:.1%}, "
        f"{commands / IDLE_SECONDS:.0f} Redis commands/s"
    )
    never = sum(wait >= args.give_up for wait in waits)
    print(
        f"an arena made last, two players joined, to its game: "
        f"median {statistics.median(waits) * 1000:.0f} ms, "
        f"p99 {percentile(waits, 0.99) * 1000:.0f} ms, largest {max(waits) * 1000:.0f} ms "
        f"({len(waits)} samples; {never} not paired within {args.give_up:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
