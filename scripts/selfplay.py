"""Two scripted players play complete games through the generated client.

    python scripts/selfplay.py --base-url http://127.0.0.1:8000 --games 10

Prints each game's result, then wins per colour, rounds per game and moves/s.
"""

import argparse
import random
import statistics
import sys
import time

from buttonup_client import AuthenticatedClient, Client
from buttonup_client.api.games import create_game, join_game, play_move
from buttonup_client.models import CreateGame, Game, Joined, JoinGame, Played, PlayMove, Problem


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


def play_one(base_url: str, players: dict[str, ScriptedPlayer], target_score: int) -> tuple:
    with Client(base_url=base_url) as anonymous:
        game = expect(
            create_game.sync(client=anonymous, body=CreateGame(target_score=target_score)),
            Game,
            "create_game",
        )
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
            played = expect(
                play_move.sync(game.id, client=seats[to_move], body=PlayMove(position=position)),
                Played,
                "play_move",
            )
            game = played.game
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
    args = parser.parse_args(argv)
    players = {"red": ScriptedPlayer(args.seed), "black": ScriptedPlayer(args.seed + 1)}
    wins = {"red": 0, "black": 0}
    rounds: list[int] = []
    total_moves = 0
    started = time.perf_counter()
    for number in range(1, args.games + 1):
        game, moves = play_one(args.base_url, players, args.target_score)
        wins[game.winner] += 1
        rounds.append(len(game.rounds))
        total_moves += moves
        print(
            f"game {number}: {game.winner} wins {game.score.red}-{game.score.black} "
            f"in {len(game.rounds)} rounds, {moves} moves ({game.id})",
            flush=True,
        )
    elapsed = time.perf_counter() - started
    print(
        f"summary: {args.games} games; wins red {wins['red']}, black {wins['black']}; "
        f"rounds per game mean {statistics.mean(rounds):.1f}, "
        f"min {min(rounds)}, max {max(rounds)}; "
        f"{total_moves} moves in {elapsed:.1f} s = {total_moves / elapsed:.0f} moves/s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
