"""The bots against each other, engine only: win rates and round margins.

    .venv/bin/python bench/bot_tournament.py [--games 1000]

For each ordered pairing (red level, black level), plays --games games to 15
points with a seeded random first player, and prints red's win rate and the
mean round margin (red's strength minus black's, over all rounds).
"""

import argparse
import itertools
import statistics
import time

from buttonup.engine import BotLevel, GameState, choose_move


def play(red: BotLevel, black: BotLevel, seed: int) -> tuple[str, list[int]]:
    state = GameState.new(seed=seed)
    levels = {"red": red, "black": black}
    while not state.is_over:
        state, _ = state.apply(state.to_move, choose_move(levels[state.to_move], state))
    margins = [r.strength.red - r.strength.black for r in state.rounds]
    return state.winner.value, margins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    print(f"{'red':>8} vs {'black':<8} {'red wins':>9} {'mean margin':>12} {'rounds/game':>12}")
    started = time.perf_counter()
    for red, black in itertools.product(BotLevel, repeat=2):
        wins, margins, rounds = 0, [], []
        for game in range(args.games):
            winner, game_margins = play(red, black, seed=game)
            wins += winner == "red"
            margins += game_margins
            rounds.append(len(game_margins))
        print(
            f"{red:>8} vs {black:<8} {wins / args.games:>9.1%} "
            f"{statistics.mean(margins):>+12.2f} {statistics.mean(rounds):>12.2f}",
            flush=True,
        )
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
