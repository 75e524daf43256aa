"""Puzzle mining: the puzzles of many finished games, mined as the service
mines them, and what a puzzle costs.

    .venv/bin/python bench/puzzle_mining.py [--games 10000] [--show 3]

On a Redis of its own: `--games` public games are played to their end
through the use cases (two seats each; every move a bot's: a best move
with a chance drawn per player between 0.3 and 0.95, else any legal move;
target 5 points). Then the puzzles wing's mining runs in this one process,
as a worker's timer runs it, until nothing is queued. Prints:

- games and puzzles mined per second (the mining's wall time, one process);
- positions solved per puzzle (each a call of the solver's move_margins,
  from the table or not) and games' positions looked at per puzzle;
- Redis memory per puzzle: its hash and its share of the two indexes, by
  MEMORY USAGE (and `used_memory`'s growth over the mining, which the
  allocator's reuse of the games' freed queue blurs);
- `next`'s look near a rating, median of 2,000, with the puzzles mined and
  with 10 and 100 times as many entries in the rating index (O(log n));
- `--show` puzzles with their solutions.
"""

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from buttonup import puzzles as puzzles_wing
from buttonup.config import Settings
from buttonup.engine import PLAYERS, Options, Status
from buttonup.engine.options import Visibility
from buttonup.engine.solver import move_margins
from buttonup.games import Games, NewGame
from buttonup.puzzles import model
from buttonup.puzzles.store import BY_RATING_KEY, DIGESTS_KEY, QUEUE_KEY, puzzle_key
from buttonup.redis_server import RedisServer
from buttonup.store import GameStore, connect


class Clock:
    """The bench's clock: real time, moved on past the mining delay at will."""

    def __init__(self) -> None:
        self.offset = 0

    def __call__(self) -> int:
        return int(time.time() * 1000) + self.offset


def play_games(games: Games, count: int, rng: random.Random) -> None:
    for number in range(count):
        options = Options(target_score=5, visibility=Visibility.PUBLIC, seed=rng.randrange(2**32))
        game_id = games.create(NewGame(options), None).match.id
        tokens = {color: games.join(game_id, color, None).token for color in PLAYERS}
        skill = {color: rng.uniform(0.3, 0.95) for color in PLAYERS}
        match = games.get(game_id)
        while match.status is Status.PLAYING:
            mover = match.game.to_move
            circle = match.game.round.circle
            if rng.random() < skill[mover]:
                margins = move_margins(circle, mover)
                position = max(margins, key=lambda p: (margins[p], -p))
            else:
                position = rng.choice(match.game.legal_moves())
            match = games.play(game_id, tokens[mover], position).match
        if number and number % 1000 == 0:
            print(f"  {number} games played", flush=True)


def median_look(board, rating_low: float, rating_high: float, rng: random.Random) -> float:
    times = []
    for _ in range(2000):
        rating = rng.uniform(rating_low, rating_high)
        started = time.perf_counter()
        board.near(rating, "bench-player", 8)
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--show", type=int, default=3)
    parser.add_argument("--seed", type=int, default=62)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        server = RedisServer(Path(folder), persistent=False)
        server.start()
        try:
            run(server.url, args, rng)
        finally:
            server.stop()


def run(url: str, args: argparse.Namespace, rng: random.Random) -> None:
    client = connect(url)
    store = GameStore(client, game_ttl_seconds=86_400, reply_ttl_seconds=60)
    clock = Clock()
    games = Games(store, clock=clock)
    attached = puzzles_wing.MANIFEST.attach(games, Settings())
    games.hook(attached.hooks)
    puzzles = attached.use_cases
    started = time.monotonic()
    play_games(games, args.games, rng)
    print(f"{args.games} games played in {time.monotonic() - started:.0f} s", flush=True)
    queued = puzzles.board.queued()
    queue_bytes = client.memory_usage(QUEUE_KEY) or 0
    before = client.info("memory")["used_memory"]

    solved = 0
    counted = model.move_margins

    def counting(circle, mover):
        nonlocal solved
        solved += 1
        return counted(circle, mover)

    model.move_margins = counting
    clock.offset = 2 * 3600 * 1000  # past the mining delay
    positions = 0
    found_in = model.found_in

    def looked_at(given, pause=lambda: None):
        nonlocal positions
        positions += len(given)
        return found_in(given, pause)

    sys.modules["buttonup.puzzles.service"].found_in = looked_at
    started = time.monotonic()
    while puzzles.board.queued():
        puzzles.mine(pass_seconds=3600.0)
    seconds = time.monotonic() - started
    after = client.info("memory")["used_memory"]
    count = puzzles.board.count()
    print(f"games mined: {queued} in {seconds:.1f} s: {queued / seconds:.0f} games/s")
    print(f"puzzles kept: {count} ({count / queued:.2f} a game): {count / seconds:.0f} puzzles/s")
    print(f"positions solved per puzzle: {solved / count:.1f} (move_margins calls)")
    print(f"game positions looked at per puzzle: {positions / count:.1f}")
    ids = [i.decode() for i in client.zrange(BY_RATING_KEY, 0, 1999)]
    own = sum(client.memory_usage(puzzle_key(i)) or 0 for i in ids) / len(ids)
    index = (client.memory_usage(BY_RATING_KEY) or 0) + (client.memory_usage(DIGESTS_KEY) or 0)
    print(
        f"Redis memory per puzzle: {own + index / count:.0f} B (MEMORY USAGE: its hash "
        f"{own:.0f} B, its share of the two indexes {index / count:.0f} B; used_memory "
        f"grew {(after - before + queue_bytes) / count:.0f} B a puzzle, the games' queue "
        "freed counted back)"
    )
    look = median_look(puzzles.board, 800, 2000, rng)
    print(f"next's look near a rating, {count} puzzles: {look:.3f} ms")
    for factor in (10, 100):
        pipe = client.pipeline(transaction=False)
        for number in range(count * (9 if factor == 10 else 90)):
            pipe.zadd(BY_RATING_KEY, {f"filler-{factor}-{number}": rng.uniform(600, 2400)})
            if number % 10_000 == 9_999:
                pipe.execute()
        pipe.execute()
        total = client.zcard(BY_RATING_KEY)
        print(f"  with {total} entries: {median_look(puzzles.board, 800, 2000, rng):.3f} ms")
    for puzzle in puzzles.board.load_many(ids[: args.show]):
        line = " ".join(
            f"{'you' if move.yours else 'reply'}:{move.position}" for move in puzzle.line.moves
        )
        themes = ", ".join(theme.value for theme in puzzle.line.themes)
        print(f"puzzle {puzzle.id} from game {puzzle.game_id}: {puzzle.position}")
        print(
            f"  {puzzle.mover.value} to move; line {line}; themes {themes}; "
            f"rating {puzzle.rating.rating:.0f}"
        )


if __name__ == "__main__":
    main()
