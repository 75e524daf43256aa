"""What the games a worker keeps in memory cost its garbage collector.

    .venv/bin/python bench/kept_games_bench.py [--games 4096] [--runs 5]

A worker keeps the matches it last read or wrote (store.recent.RecentMatches,
4,096 by default) so that the next change of a game needs no replay. Every
full collection walks each object of theirs the collector tracks, and every
request in flight on the worker waits through it. This plays that many
finished 15-point games in process (first legal move each time, each round
rendered once, as the answers about it are), after freezing what was there
before, as the workers do, and prints the tracked objects and bytes per
kept game and the median CPU time of a full collection over `--runs`.
"""

import argparse
import gc
import statistics
import sys
import time
import tracemalloc

from buttonup.engine import GameState
from buttonup.engine.rules import Rules


def finished(seed: int) -> GameState:
    """A 15-point game played out, each round rendered once (as the answers
    about it are). tests/engine/test_game.py keeps a hundred of these."""
    state = GameState.new(rules=Rules(target_score=15), seed=seed)
    while not state.is_over:
        state, _ = state.apply(state.round.to_move, state.round.legal_moves()[0])
    for result in state.rounds:
        result.to_dict()
    return state


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4096)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    gc.collect()
    gc.freeze()  # as post_worker_init does: what came before is not walked
    tracemalloc.start()
    kept = [finished(seed) for seed in range(args.games)]
    allocated, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    gc.collect()
    tracked = len(gc.get_objects())
    pauses = []
    for _ in range(args.runs):
        started = time.process_time()
        gc.collect()
        pauses.append(time.process_time() - started)
    print(
        f"{len(kept)} finished games kept: {tracked / len(kept):.1f} tracked objects and "
        f"{allocated / len(kept):,.0f} bytes per game; a full collection "
        f"{1000 * statistics.median(pauses):.0f} ms of CPU (median of {args.runs})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
