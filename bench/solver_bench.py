"""Solver timings: cold solve of an opening, warm solve, all 1,680 openings.

    .venv/bin/python bench/solver_bench.py

Targets: cold <= 50 ms per opening, warm <= 1 ms at p99.
"""

import random
import resource
import statistics
import time

from buttonup.engine import GameState, solver
from buttonup.engine.rules import Rules


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def main() -> None:
    openings = list(solver.all_openings())
    rng = random.Random(1)
    sample = rng.sample(openings, 100)

    cold = []
    for board in sample:
        solver.clear_table()
        started = time.perf_counter()
        solver.opening_value(board, True)
        cold.append((time.perf_counter() - started) * 1000)

    solver.clear_table()
    started = time.perf_counter()
    values = [solver.opening_value(board, True) for board in openings]
    full = time.perf_counter() - started
    entries = solver.table_size()
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    # Warm: the question the analysis endpoint and the perfect bot ask, on
    # positions of random games, asked a second time.
    positions = []
    for _ in range(2000):
        state = GameState.new(seed=rng.randrange(2**32), rules=Rules(target_score=100))
        for _ in range(rng.randrange(0, 7)):
            state, _ = state.apply(state.to_move, rng.choice(state.legal_moves()))
        positions.append((state.round.circle, state.to_move))
    for circle, to_move in positions:
        solver.move_margins(circle, to_move)
    warm = []
    for circle, to_move in positions:
        started = time.perf_counter()
        solver.move_margins(circle, to_move)
        warm.append((time.perf_counter() - started) * 1000)

    wins = sum(v > 0 for v in values) / len(values)
    ties = sum(v == 0 for v in values) / len(values)
    print(
        f"cold solve of an opening: median {statistics.median(cold):.2f} ms, "
        f"p99 {percentile(cold, 0.99):.2f} ms (target <= 50 ms)"
    )
    print(
        f"warm move margins:        median {statistics.median(warm) * 1000:.0f} us, "
        f"p99 {percentile(warm, 0.99) * 1000:.0f} us (target p99 <= 1 ms)"
    )
    print(
        f"all 1,680 openings:       {full:.2f} s, {entries:,} positions in the table, "
        f"peak RSS {rss_mb:.0f} MB"
    )
    print(
        f"first player under perfect play: wins {wins:.1%}, ties {ties:.1%}, "
        f"mean margin {statistics.mean(values):+.2f}, range {min(values)}..{max(values)}"
    )


if __name__ == "__main__":
    main()
