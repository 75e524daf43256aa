"""The fair-play flag's false-positive and detection rates on bot populations.

Each player of a population plays rated games to 15 against a noisy bot of
p = 0.5 (any opponent gives the same picture: a review judges one's own
moves), each game reviewed exactly as the service reviews it
(engine.review), the flag's rule (engine.flag_rule) looked at after each
game over the newest WINDOW_GAMES, as the service does. Prints, for each
population, the perfect share of the moves that mattered, the players
flagged within their games, and the games it took.

Populations: random, greedy, noisy-p (a best move with probability p,
otherwise a uniform legal move) for p from 0.5 to 0.95, and perfect.

    .venv/bin/python bench/fair_play_flags.py [--players 100] [--games 30] [--seed 1]
        [--populations random,greedy,noisy-0.7,perfect]
"""

import argparse
import multiprocessing
import random
import statistics
from collections.abc import Callable

from buttonup.engine import Color, GameState
from buttonup.engine.bots import greedy_move
from buttonup.engine.flag_rule import REFERENCE_SHARE, WINDOW_GAMES, evidence
from buttonup.engine.review import JudgedMove, SeatReview, review_of
from buttonup.engine.rules import Rules
from buttonup.engine.solver import best_moves, move_margins

Chooser = Callable[[GameState, dict[int, int], random.Random], int]
POPULATIONS = [
    "random",
    "greedy",
    *(f"noisy-{p / 100:.2f}" for p in range(50, 100, 5)),
    "perfect",
]


def chooser(name: str) -> Chooser:
    if name == "random":
        return lambda state, margins, rng: rng.choice(sorted(margins))
    if name == "greedy":
        return lambda state, margins, rng: greedy_move(state.round.circle, state.to_move)
    p = 1.0 if name == "perfect" else float(name.removeprefix("noisy-"))

    def noisy(state: GameState, margins: dict[int, int], rng: random.Random) -> int:
        if rng.random() < p:
            return rng.choice(best_moves(margins))
        return rng.choice(sorted(margins))

    return noisy


def played_game(player: Chooser, opponent: Chooser, rng: random.Random) -> SeatReview:
    """One game to 15, the player red or black at random: their review."""
    color = rng.choice([Color.RED, Color.BLACK])
    state = GameState.new(seed=rng.randrange(2**63), rules=Rules(target_score=15))
    judged = []
    while state.winner is None and state.to_move is not None:
        mover = state.to_move
        margins = move_margins(state.round.circle, mover)
        choose = player if mover is color else opponent
        move = choose(state, margins, rng)
        lost = max(margins.values()) - margins[move]
        judged.append(JudgedMove(mover, move, lost, len(set(margins.values())) > 1))
        state, _ = state.apply(mover, move)
    return review_of(judged)[color]


def one_player(job: tuple[str, int, int]) -> tuple[int | None, list[SeatReview]]:
    """The game after which the player was first flagged (None: never), and
    their reviews."""
    name, games, seed = job
    rng = random.Random(seed)
    player, opponent = chooser(name), chooser("noisy-0.50")
    reviews: list[SeatReview] = []
    flagged_at = None
    for number in range(1, games + 1):
        reviews.append(played_game(player, opponent, rng))
        if flagged_at is None and evidence(reviews[-WINDOW_GAMES:]).flagged:
            flagged_at = number
    return flagged_at, reviews


def population(name: str, players: int, games: int, seed: int, pool) -> dict:
    jobs = [(name, games, seed * 1_000_003 + number) for number in range(players)]
    results = pool.map(one_player, jobs)
    flagged = [at for at, _ in results if at is not None]
    every = [seat for _, reviews in results for seat in reviews]
    mattered = sum(seat.mattered for seat in every)
    perfect = sum(seat.perfect for seat in every)
    return {
        "population": name,
        "players": players,
        "games": players * games,
        "share": perfect / mattered if mattered else 0.0,
        "mattered_per_game": mattered / len(every),
        "flagged": len(flagged),
        "median_games_to_flag": statistics.median(flagged) if flagged else None,
        "most_games_to_flag": max(flagged) if flagged else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--populations", default=",".join(POPULATIONS))
    args = parser.parse_args()
    print(f"reference share {REFERENCE_SHARE}, window {WINDOW_GAMES} games")
    print("population   players games  share  mattered/game  flagged  games to flag (median, most)")
    with multiprocessing.Pool() as pool:
        for name in args.populations.split(","):
            row = population(name, args.players, args.games, args.seed, pool)
            print(
                f"{row['population']:<12} {row['players']:>7} {row['games']:>5}  "
                f"{row['share']:.3f}  {row['mattered_per_game']:>13.1f}  "
                f"{row['flagged']:>7}  {row['median_games_to_flag']}, {row['most_games_to_flag']}",
                flush=True,
            )


if __name__ == "__main__":
    main()
