"""An arena full of bots on `buttonup serve` (2 gevent workers, a Redis of
its own), and plain games beside it in the same run.

    .venv/bin/python bench/tournament_bench.py [--players 1000] [--seconds 60]

Every bot is a player of its own (bench/arena_driver.py: its stream and a
keep-alive connection on bare HTTP, `--driver-processes` asyncio loops
sharing the bots; each game it is paired into played with random legal
moves; the bots stand for a thousand clients on machines of their own,
so their processes run `--driver-nice` nicer than the server, whose
latencies are then its own rather than a share of the bots' CPU on the same
two cores). Measures, while the arena runs: from a game's end to the player's
next `game_start` (median, p99), and the service's part of it (from the
later of the new game's two players' game ends: an opponent the pairing
rules allow must be free first), a standings page's latency (50 places,
sampled every 0.2 s: median, p99), and the arena's moves/s; then,
on the same server, `--clients` processes playing plain games as
bench/http_bench.py does for `--plain-seconds`: moves/s and their latency,
so that the arena's moves/s stands beside what plain play reaches on the
same machine in the same run. The two are different loads (the bots pay a
stream read a turn and think nothing), so the side-by-side figure says what
the tournament's work leaves to play, not a ratio to hold.
"""

import argparse
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "scripts")]

from arena_driver import drive  # noqa: E402  (bench/, on the path above)
from clocks import parse_clock  # noqa: E402
from http_bench import LOG, play_games, wait_ready  # noqa: E402

from buttonup.cli import gunicorn_command  # noqa: E402
from buttonup.config import UNMETERED_ENVIRONMENT  # noqa: E402
from buttonup.redis_server import RedisServer, free_port  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def follow_events(port: int, tournament_id: str, until: float, waits: list[float]) -> None:
    """The tournament's own stream: for each player, from the `result` that
    counted their game to the `pairing` that names them next (the service's
    part of a return to play, as one watcher sees it)."""
    counted_at: dict[str, float] = {}
    url = f"http://127.0.0.1:{port}/v1/tournaments/{tournament_id}/events"
    with httpx.stream("GET", url, timeout=httpx.Timeout(10, read=None)) as answer:
        name = ""
        for line in answer.iter_lines():
            if time.monotonic() >= until:
                return
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: ") and name in ("result", "pairing"):
                data, now = json.loads(line[6:]), time.monotonic()
                if name == "result":
                    for player_id in data["points"]:
                        counted_at[player_id] = now
                    continue
                for player_id in (data["red"], data["black"]):
                    if player_id in counted_at:
                        waits.append((now - counted_at.pop(player_id)) * 1000)


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
    parser.add_argument("--driver-processes", type=int, default=2)
    parser.add_argument(
        "--driver-nice",
        type=int,
        default=10,
        help="the bots' processes run this much nicer than the server (0: as it)",
    )
    parser.add_argument(
        "--think-ms", type=float, default=0, help="each move's think, about (0: none)"
    )
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
            standings: list[float] = []
            arena = run_arena(base_url, port, args, standings)
            moves, latencies = plain_play(port, args.clients, args.plain_seconds)
        finally:
            server.terminate()
            server.wait()
            redis_server.stop()
    moves_made, ended, next_pairing, served, returns = arena
    both_free, opponent_waits = once_both_free(returns)
    print(
        f"arena: {args.players} players, {ended} games ended in {args.seconds:.0f} s, "
        f"{moves_made / args.seconds:.0f} moves/s (think {args.think_ms:.0f} ms a move)"
    )
    if next_pairing:
        median, p99 = statistics.median(next_pairing), percentile(next_pairing, 0.99)
        print(
            f"from a game's end to the next game_start: median {median:.0f} ms, "
            f"p99 {p99:.0f} ms ({len(next_pairing)} pairings)"
        )
    if both_free:
        median, p99 = statistics.median(both_free), percentile(both_free, 0.99)
        print(
            f"of which the service's part, from the later of the two players' game ends: "
            f"median {median:.0f} ms, p99 {p99:.0f} ms ({len(both_free)} returns)"
        )
        median, p99 = statistics.median(opponent_waits), percentile(opponent_waits, 0.99)
        print(
            f"and the wait for the opponent's game to end, before it: "
            f"median {median:.0f} ms, p99 {p99:.0f} ms"
        )
    if served:
        median, p99 = statistics.median(served), percentile(served, 0.99)
        print(
            f"from a game's result to its players' next pairing (the tournament's stream): "
            f"median {median:.0f} ms, p99 {p99:.0f} ms ({len(served)} pairings)"
        )
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


def run_arena(
    base_url: str, port: int, args: argparse.Namespace, standings: list[float]
) -> tuple[int, int, list[float], list[float], list[float]]:
    """The arena made, its bots joined on their streams (in `--driver-processes`
    processes), started and played for `--seconds`: (moves, games ended,
    each time from a game's end to the next game_start, each result to its
    next pairing on the tournament's stream, each return from the later of
    the two players' game ends; ms)."""
    with httpx.Client(base_url=base_url, timeout=30) as http:
        creator = http.post("/v1/players", json={"name": "Organiser"}).json()
        body = {
            "name": "Bench arena",
            "system": "arena",
            "clock": parse_clock(args.clock).to_dict(),
            "minutes": max(10, int(args.seconds // 60) + 1),
            "max_players": max(2, args.players),
        }
        made = http.post("/v1/tournaments", json=body, headers=_bearer(creator["key"]))
        assert made.status_code == 201, made.text
        tournament_id = made.json()["id"]
        context = multiprocessing.get_context("spawn")
        go, results = context.Event(), context.Queue()
        served: list[float] = []  # a result to the next pairing, on the tournament's stream
        shares = [args.players // args.driver_processes] * args.driver_processes
        shares[0] += args.players - sum(shares)
        readies = [context.Event() for _ in shares]
        processes = [
            context.Process(
                target=drive,
                args=(
                    port,
                    tournament_id,
                    share,
                    ready,
                    go,
                    args.seconds,
                    args.think_ms,
                    results,
                    args.driver_nice,
                ),
            )
            for share, ready in zip(shares, readies, strict=True)
        ]
        for process in processes:
            process.start()
        for ready in readies:
            assert ready.wait(300), "the bots did not join in time"
        started = http.post(
            f"/v1/tournaments/{tournament_id}/start", headers=_bearer(creator["key"])
        )
        assert started.status_code == 200, started.text
        go.set()
        until = time.monotonic() + args.seconds
        for target, figures in ((sample_standings, standings), (follow_events, served)):
            threading.Thread(
                target=target, args=(port, tournament_id, until, figures), daemon=True
            ).start()
        moves, ended, next_pairing, returns = 0, 0, [], []
        for _ in processes:
            share_moves, share_ended, share_next, share_returns = results.get(
                timeout=args.seconds + 120
            )
            moves, ended = moves + share_moves, ended + share_ended
            next_pairing, returns = next_pairing + share_next, returns + share_returns
        for process in processes:
            process.join(30)
    return moves, ended, next_pairing, served, returns


def once_both_free(returns: list[tuple[str, float, float]]) -> tuple[list[float], list[float]]:
    """Each return to play from the later of its new game's two players'
    game ends (ms): the service's part; and before it, each player's wait
    from their own game's end to that later one (ms): the wait for an
    opponent to come free that the pairing rules allow (never the one just
    met), since the pairing cannot start a game before both players are
    free."""
    by_game: dict[str, list[tuple[float, float]]] = {}
    for game_id, ended_at, started_at in returns:
        by_game.setdefault(game_id, []).append((ended_at, started_at))
    waits, opponents = [], []
    for both in by_game.values():
        if len(both) == 2:
            free_at = max(ended_at for ended_at, _ in both)
            waits += [(started_at - free_at) * 1000 for _, started_at in both]
            opponents += [(free_at - ended_at) * 1000 for ended_at, _ in both]
    return waits, opponents


def _bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


if __name__ == "__main__":
    sys.exit(main())
