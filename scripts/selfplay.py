"""Two scripted players play complete games through the generated client.

    python scripts/selfplay.py --base-url http://127.0.0.1:8000 --games 10
    python scripts/selfplay.py --base-url http://127.0.0.1:8000 --clock 10s --think 0.2

Prints each game's result, then wins per colour, rounds per game and moves/s.
With `--clock` (as scripts/play.py takes it) the games are timed, and
`--think` seconds before each move spend the players' time: a player whose
clock runs out loses, and the service ends that game by itself.
"""

import argparse
import random
import statistics
import sys
import time

from buttonup_client import AuthenticatedClient, Client
from buttonup_client.api.games import create_game, get_game, join_game, play_move
from buttonup_client.models import CreateGame, Game, Joined, JoinGame, Played, PlayMove, Problem
from clocks import parse_clock


class ScriptedPlayer:
    """Plays a uniformly random legal move, reproducibly from its seed."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> int:
        return self.rng.choice(game.round_.legal_moves)


def expect(result, kind: type, what: str):
    if isinstance(result, kind):
        return result
    if isinstance(result, Problem):
        raise SystemExit(f"{what}: {result.status} {result.code}: {result.detail}")
    raise SystemExit(f"{what}: unexpected answer {result!r}")


def play_one(
    base_url: str,
    players: dict[str, ScriptedPlayer],
    target_score: int,
    clock=None,
    think: float = 0.0,
) -> tuple:
    options = CreateGame(target_score=target_score)
    if clock is not None:
        options.clock = clock
    with Client(base_url=base_url) as anonymous:
        game = expect(create_game.sync(client=anonymous, body=options), Game, "create_game")
        seats = {}
        for color in ("red", "black"):
            joined = expect(
                join_game.sync(game.id, client=anonymous, body=JoinGame(color=color)),
                Joined,
                "join_game",
            )
            seats[color] = AuthenticatedClient(base_url=base_url, token=joined.token)
            game = joined.game
    moves = 0
    try:
        while game.status == "playing":
            to_move = game.round_.to_move
            position = players[to_move].choose(game)
            time.sleep(think)
            played = play_move.sync(
                game.id, client=seats[to_move], body=PlayMove(position=position)
            )
            if isinstance(played, Problem) and played.code == "game_not_in_progress":
                # The mover's clock ran out first: the service ended the game.
                game = expect(get_game.sync(game.id, client=seats[to_move]), Game, "get_game")
                break
            game = expect(played, Played, "play_move").game
            moves += 1
    finally:
        for seat in seats.values():
            seat.get_httpx_client().close()
    return game, moves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--target-score", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1, help="seeds the scripted players")
    parser.add_argument("--clock", type=parse_clock, help="time control: 3+2, or 10s per move")
    parser.add_argument("--think", type=float, default=0.0, help="seconds before each move")
    args = parser.parse_args(argv)
    players = {"red": ScriptedPlayer(args.seed), "black": ScriptedPlayer(args.seed + 1)}
    wins = {"red": 0, "black": 0, "None": 0}
    endings: dict[str, int] = {}
    rounds: list[int] = []
    total_moves = 0
    started = time.perf_counter()
    for number in range(1, args.games + 1):
        game, moves = play_one(args.base_url, players, args.target_score, args.clock, args.think)
        wins[str(game.winner)] += 1
        endings[str(game.end_reason)] = endings.get(str(game.end_reason), 0) + 1
        rounds.append(len(game.rounds))
        total_moves += moves
        print(
            f"game {number}: {game.winner} wins {game.score.red}-{game.score.black} "
            f"in {len(game.rounds)} rounds, {moves} moves, by {game.end_reason} ({game.id})",
            flush=True,
        )
    elapsed = time.perf_counter() - started
    print(
        f"summary: {args.games} games; wins red {wins['red']}, black {wins['black']}; "
        f"ended by {', '.join(f'{k} {v}' for k, v in sorted(endings.items()))}; "
        f"rounds per game mean {statistics.mean(rounds):.1f}, "
        f"min {min(rounds)}, max {max(rounds)}; "
        f"{total_moves} moves in {elapsed:.1f} s = {total_moves / elapsed:.0f} moves/s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
