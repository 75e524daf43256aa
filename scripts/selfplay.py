"""Two scripted players play a match of complete games through the generated
client: the first game is created, each next one is its rematch (both seats
ask, colours swap).

    python scripts/selfplay.py --base-url http://127.0.0.1:8000 --games 10
    python scripts/selfplay.py --base-url http://127.0.0.1:8000 --clock 10s --think 0.2

Prints each game's result, then wins per colour and per player, rounds per
game and moves/s.

    python scripts/selfplay.py --base-url http://127.0.0.1:8000 --tournament ID --players 20
    python scripts/selfplay.py --base-url http://127.0.0.1:8000 --arena 10 --players 20 --seconds 60

fill a tournament with bots instead (scripts/tournament_bots.py): each a
player of its own that joins and plays every game it is paired into;
`--arena MINUTES` makes an arena (with `--clock`, 1+0 by default) and
starts it; `--seconds` bounds the run. Prints the standings' top ten, the
games, moves/s and the time from a game's end to the next pairing.
With `--clock` (as scripts/play.py takes it) the games are timed, and
`--think` seconds before each move spend the players' time: a player whose
clock runs out loses, and the service ends that game by itself.
"""

import argparse
import random
import statistics
import sys
import time

import tournament_bots
from buttonup_client import AuthenticatedClient, Client
from buttonup_client.api.games import (
    create_game,
    get_game,
    join_game,
    play_move,
    request_rematch,
)
from buttonup_client.models import (
    CreateGame,
    Game,
    Joined,
    JoinGame,
    Played,
    PlayMove,
    Problem,
    RematchOffer,
)
from clocks import parse_clock
from reaching import expect, run, service_url


class ScriptedPlayer:
    """Plays a uniformly random legal move, reproducibly from its seed."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> int:
        return self.rng.choice(game.round_.legal_moves)


Seats = dict[str, tuple[ScriptedPlayer, AuthenticatedClient]]  # by colour


def first_game(base_url: str, players: list[ScriptedPlayer], options: CreateGame) -> tuple:
    """A new game, the first player red: the game and its seats."""
    with Client(base_url=base_url) as anonymous:
        game = expect(create_game.sync(client=anonymous, body=options), Game, "create_game")
        seats: Seats = {}
        for color, player in zip(("red", "black"), players, strict=True):
            joined = expect(
                join_game.sync(game.id, client=anonymous, body=JoinGame(color=color)),
                Joined,
                "join_game",
            )
            seats[color] = (player, AuthenticatedClient(base_url=base_url, token=joined.token))
            game = joined.game
    return game, seats


def rematch(base_url: str, game: Game, seats: Seats) -> tuple:
    """Both seats ask for a rematch: the first offers, the second makes the
    next game (colours swapped), then the first asks again for its seat."""
    asked: dict[str, Joined] = {}
    for color in ("red", "black", "red"):
        if color in asked:
            continue
        answer = request_rematch.sync(game.id, client=seats[color][1])
        if isinstance(answer, RematchOffer):
            continue
        asked[color] = expect(answer, Joined, "request_rematch")
    following: Seats = {}
    for old_color, joined in asked.items():
        player, client = seats[old_color]
        client.get_httpx_client().close()
        following[joined.color] = (
            player,
            AuthenticatedClient(base_url=base_url, token=joined.token),
        )
    newest = max((joined.game for joined in asked.values()), key=lambda g: g.version)
    return newest, following


def play_one(game: Game, seats: Seats, think: float = 0.0) -> tuple:
    """Plays the game to its end: the game then, and the moves made."""
    moves = 0
    while game.status == "playing":
        to_move = game.round_.to_move
        player, client = seats[to_move]
        position = player.choose(game)
        time.sleep(think)
        played = play_move.sync(game.id, client=client, body=PlayMove(position=position))
        if isinstance(played, Problem) and played.code == "game_not_in_progress":
            # The mover's clock ran out first: the service ended the game.
            game = expect(get_game.sync(game.id, client=client), Game, "get_game")
            break
        game = expect(played, Played, "play_move").game
        moves += 1
    return game, moves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--target-score", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1, help="seeds the scripted players")
    parser.add_argument("--clock", type=parse_clock, help="time control: 3+2, or 10s per move")
    parser.add_argument("--think", type=float, default=0.0, help="seconds before each move")
    parser.add_argument("--tournament", metavar="ID", help="fill this tournament with bots")
    parser.add_argument(
        "--arena", type=int, metavar="MINUTES", help="make an arena this long, and fill it"
    )
    parser.add_argument("--players", type=int, default=8, help="bots in the tournament")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the bots play")
    args = parser.parse_args(argv)
    args.base_url = service_url(args.base_url)
    if args.tournament is not None or args.arena is not None:
        if args.clock is None:
            args.clock = parse_clock("1+0")
        return tournament_bots.fill(args.base_url, args)
    players = [ScriptedPlayer("player 1", args.seed), ScriptedPlayer("player 2", args.seed + 1)]
    wins = {"red": 0, "black": 0, "None": 0}
    by_player = {player.name: 0 for player in players}
    endings: dict[str, int] = {}
    rounds: list[int] = []
    total_moves = 0
    started = time.perf_counter()
    options = CreateGame(target_score=args.target_score)
    if args.clock is not None:
        options.clock = args.clock
    game, seats = first_game(args.base_url, players, options)
    for number in range(1, args.games + 1):
        if number > 1:
            game, seats = rematch(args.base_url, game, seats)
        game, moves = play_one(game, seats, args.think)
        wins[str(game.winner)] += 1
        if game.winner:
            by_player[seats[game.winner][0].name] += 1
        endings[str(game.end_reason)] = endings.get(str(game.end_reason), 0) + 1
        rounds.append(len(game.rounds))
        total_moves += moves
        red, black = seats["red"][0].name, seats["black"][0].name
        print(
            f"game {number}: {game.winner} wins {game.score.red}-{game.score.black} "
            f"in {len(game.rounds)} rounds, {moves} moves, by {game.end_reason} ({game.id}; "
            f"red {red}, black {black})",
            flush=True,
        )
    for _, client in seats.values():
        client.get_httpx_client().close()
    elapsed = time.perf_counter() - started
    print(
        f"summary: {args.games} games; wins red {wins['red']}, black {wins['black']}; "
        f"{', '.join(f'{name} {count}' for name, count in by_player.items())}; "
        f"ended by {', '.join(f'{k} {v}' for k, v in sorted(endings.items()))}; "
        f"rounds per game mean {statistics.mean(rounds):.1f}, "
        f"min {min(rounds)}, max {max(rounds)}; "
        f"{total_moves} moves in {elapsed:.1f} s = {total_moves / elapsed:.0f} moves/s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(run(main))
