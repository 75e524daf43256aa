"""What `POST /v1/analysis` costs: a position's perfect play, cold and warm.

    .venv/bin/python bench/analysis_bench.py [--positions 500]

Positions from random games (every stage of a round), each asked through the
app (Flask, the request schema with its reachability check, the solver, the
codec) in this process. Cold: the solver's table emptied before each request
and the position never asked before, the most a request can cost. Warm: the
same positions asked again (the answer kept by position). Prints median, p99
and the largest, in ms.
"""

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from buttonup.app import create_app
from buttonup.config import UNMETERED, Settings
from buttonup.engine import GameState, solver
from buttonup.engine.notation import write_position
from buttonup.engine.rules import Rules
from buttonup.redis_server import RedisServer


def positions(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    found: set[str] = set()
    while len(found) < count:
        state = GameState.new(seed=rng.randrange(2**32), rules=Rules(target_score=100))
        for _ in range(rng.randrange(0, 7)):
            state, _ = state.apply(state.to_move, rng.choice(state.legal_moves()))
        found.add(write_position(state))
    return sorted(found)


def timed(client, texts: list[str], clear: bool) -> list[float]:
    took = []
    for text in texts:
        if clear:
            solver.clear_table()
        started = time.perf_counter()
        answer = client.post("/v1/analysis", json={"position": text})
        took.append((time.perf_counter() - started) * 1000)
        assert answer.status_code == 200, answer.get_json()
    return took


def summary(name: str, took: list[float]) -> str:
    ordered = sorted(took)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"{name}: median {statistics.median(took):.2f} ms, p99 {p99:.2f} ms, "
        f"largest {ordered[-1]:.2f} ms over {len(took)} positions"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=500)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        server = RedisServer(Path(data), persistent=False)
        server.start()
        try:
            client = create_app(
                Settings(redis_url=server.url, **UNMETERED, sweep_interval_seconds=0)
            ).test_client()
            texts = positions(args.positions, seed=1)
            cold = timed(client, texts, clear=True)
            warm = timed(client, texts, clear=False)
        finally:
            server.stop()
    print(summary("cold (empty solver table, never asked)", cold))
    print(summary("warm (asked before)                   ", warm))


if __name__ == "__main__":
    main()
