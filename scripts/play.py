"""Play Button Up! in the terminal, against someone else, through the generated client.

    .venv/bin/python scripts/play.py --base-url http://127.0.0.1:8000            # new game
    .venv/bin/python scripts/play.py --base-url http://127.0.0.1:8000 --join ID  # join one
    .venv/bin/python scripts/play.py --base-url http://127.0.0.1:8000 --against perfect
    .venv/bin/python scripts/play.py --base-url http://127.0.0.1:8000 --clock 3+2  # timed
    .venv/bin/python scripts/play.py --base-url http://127.0.0.1:8000 --anyone --clock 3+2 --rated
    .venv/bin/python scripts/play.py --base-url http://127.0.0.1:8000 --tournament ID

(or `make play`, `make play JOIN=ID`: the scripts need the project's venv,
where the generated client is installed).

Type a position to sow it, `r` to resign (asked to confirm), `a` to abort
before the first move, `c` to claim a game your opponent left, `q` or Ctrl-C
to leave (the game goes on: `--join ID` takes your seat back, its token kept
in ~/.local/state/buttonup/seats.json).
After the game, answer `y` to play again: a rematch, colours swapped.
`--clock 3+2` plays 3 minutes each plus 2 s a move; `--clock 1d` a day per move
(also `30s`, `10m`, `2h`). A clock that runs out loses the game.
`--anyone` plays whoever else seeks a game with the same clock now (as a new
player named `--name`; `--rated` for a rated game), waiting until someone does.
`--tournament ID` joins that tournament (as a new player named `--name`) and
plays every game it pairs you into, until it finishes (Ctrl-C leaves).
"""

import argparse
import json
import os
import queue
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator

from buttonup_client import AuthenticatedClient, Client
from buttonup_client.api.events import stream_events
from buttonup_client.api.games import (
    abort_game,
    claim_victory,
    create_game,
    get_game,
    join_game,
    play_move,
    request_rematch,
    resign_game,
)
from buttonup_client.api.players import create_player, stream_my_events
from buttonup_client.api.seeks import create_seek
from buttonup_client.api.tournaments import get_tournament, join_tournament
from buttonup_client.models import (
    AbandonedEvent,
    AbortedEvent,
    BotSeat,
    CreateGame,
    CreatePlayer,
    Game,
    GameEvent,
    GameOverEvent,
    GameStartEvent,
    GameStartEventData,
    Joined,
    JoinedEvent,
    JoinGame,
    Move,
    MoveEvent,
    MoveEventData,
    MyGamesEvent,
    NewPlayer,
    Played,
    PlayersRequest,
    PlayMove,
    Problem,
    RematchEvent,
    RematchOffer,
    ResignedEvent,
    SeekPlaced,
    SeekRequest,
    TimeoutEvent,
    Tournament,
)
from clocks import parse_clock
from reaching import run, service_url
from seats import keep_seat, kept_seat

ANSI = {"red": "\033[1;31m", "black": "\033[1;34m", "white": "\033[1;37m", "dim": "\033[2m"}
RESET = "\033[0m"
LETTER = {"red": "R", "black": "B", "white": "W"}
# Where each position sits on a ring of text, clockwise from the top: (row, column).
RING = [(0, 30), (1, 48), (2, 56), (4, 56), (5, 48), (5, 14), (4, 4), (2, 4), (1, 14)]


class Screen:
    def __init__(self, color: bool) -> None:
        self.color = color

    def paint(self, text: str, style: str) -> str:
        return f"{ANSI[style]}{text}{RESET}" if self.color else text

    def stack(self, buttons: list[str]) -> str:
        if not buttons:
            return self.paint(".", "dim")
        return "".join(self.paint(LETTER[b], b) for b in buttons)

    def board(self, game: Game, me: str) -> str:
        legal = set(game.round_.legal_moves) if game.round_.to_move == me else set()
        rows = [[] for _ in range(6)]
        for position, (row, column) in enumerate(RING):
            mark = "*" if position in legal else " "
            label = f"{mark}{position}:"
            rows[row].append((column, label, self.stack(game.round_.circle[position])))
        lines = []
        for cells in rows:
            line, width = "", 0
            for column, label, stack in sorted(cells):
                line += " " * max(1, column - width) + label + stack
                width = column + len(label) + len(stack_letters(stack))
            lines.append(line.rstrip())
        score = f"red {game.score.red} - black {game.score.black} (to {game.target_score})"
        header = f"Round {game.round_.number}   Score: {score}   You: {self.paint(me, me)}"
        clocks = [f"Time: {clock_text(game)}"] if game.clock else []
        return "\n".join(
            [header, *clocks, "", *lines, "", "(bottom to top; * marks your legal moves)"]
        )


def clock_text(game: Game) -> str:
    """Each player's time now: the running clock counts down to its deadline."""
    clock = game.clock
    shown = []
    for color in ("red", "black"):
        left = getattr(clock.remaining_ms, color)
        if clock.running == color and clock.deadline is not None:
            left = clock.deadline.timestamp() * 1000 - time.time() * 1000
        mark = " (running)" if clock.running == color else ""
        shown.append(f"{color} {duration(left)}{mark}")
    return ", ".join(shown)


def duration(ms: float) -> str:
    seconds = max(0, int(-(-ms // 1000)))
    if seconds >= 3600:
        return f"{seconds // 3600}h{seconds % 3600 // 60:02d}"
    return f"{seconds // 60}:{seconds % 60:02d}"


def stack_letters(text: str) -> str:
    """The visible letters of a painted stack (ANSI codes take no room)."""
    visible, skipping = "", False
    for ch in text:
        if ch == "\033":
            skipping = True
        elif skipping and ch == "m":
            skipping = False
        elif not skipping:
            visible += ch
    return visible


def fail(result, what: str):
    if isinstance(result, Problem):
        raise SystemExit(f"{what}: {result.detail} ({result.code})")
    raise SystemExit(f"{what}: no answer from the service")


def take_seat(base_url: str, args: argparse.Namespace) -> tuple[Joined, str]:
    with Client(base_url=base_url) as anonymous:
        kept = kept_seat(base_url, args.join) if args.join else None
        if kept is not None:  # one's own seat, kept from an earlier run
            game = get_game.sync(args.join, client=anonymous)
            if not isinstance(game, Game):
                fail(game, "read the game")
            print(f"Back in your seat ({kept[0]}).")
            return Joined(color=kept[0], token=kept[1], bot_moves=[], game=game), args.join
        if args.join:
            game_id = args.join
        else:
            options = CreateGame(target_score=args.target_score)
            if args.clock:
                options.clock = args.clock
            if args.against:
                bot_color = "black" if args.color != "black" else "red"
                bot = BotSeat(type_="bot", level=args.against)
                options.players = PlayersRequest(**{bot_color: bot})
            created = create_game.sync(client=anonymous, body=options)
            if not isinstance(created, Game):
                fail(created, "create the game")
            game_id = created.id
        body = JoinGame(name=args.name) if args.name else JoinGame()
        if args.color:
            body.color = args.color
        joined = join_game.sync(game_id, client=anonymous, body=body)
        if not isinstance(joined, Joined):
            fail(joined, "take a seat")
    return joined, game_id


def listening_player(
    base_url: str, name: str | None, wanted: Callable[[GameStartEventData], bool]
) -> tuple[NewPlayer, "queue.Queue[GameStartEventData]"]:
    """A new player, their stream open: each game_start it brings that is
    `wanted` comes in the queue (the stream is read on a thread of its own)."""
    with Client(base_url=base_url) as anonymous:
        body = CreatePlayer(name=name) if name else CreatePlayer()
        player = create_player.sync(client=anonymous, body=body)
        if not isinstance(player, NewPlayer):
            fail(player, "make a player")
    opened, started = threading.Event(), queue.Queue()

    def listen() -> None:
        with AuthenticatedClient(base_url=base_url, token=player.key) as me:
            for event in stream_my_events.follow(client=me):
                if isinstance(event, MyGamesEvent):
                    opened.set()
                elif isinstance(event, GameStartEvent):
                    start = GameStartEventData.from_dict(json.loads(event.data))
                    if wanted(start):
                        started.put(start)

    threading.Thread(target=listen, daemon=True).start()
    if not opened.wait(30):
        sys.exit("Could not open the player's stream.")
    return player, started


def seek_anyone(base_url: str, args: argparse.Namespace) -> tuple[Joined, str]:
    """A new player seeks a game (the seek lives while their stream is open)
    and waits for the stream's game_start: the game and the seat's token."""
    player, started = listening_player(base_url, args.name, lambda start: True)
    with AuthenticatedClient(base_url=base_url, token=player.key) as me:
        request = SeekRequest(rated=args.rated)
        if args.clock:
            request.clock = args.clock
        placed = create_seek.sync(client=me, body=request)
        if not isinstance(placed, SeekPlaced):
            fail(placed, "seek a game")
        if placed.game_id is None:
            print("Looking for an opponent...", flush=True)
        start = started.get()
        game = get_game.sync(start.game_id, client=me)
        if not isinstance(game, Game):
            fail(game, "read the game")
    return Joined(color=start.color, token=start.token, bot_moves=[], game=game), start.game_id


def tournament_games(base_url: str, args: argparse.Namespace) -> Iterator[Joined]:
    """A new player joins the tournament and waits on their stream for each
    game it pairs them into: each game and the seat (their key holds it),
    until the tournament finishes."""
    player, started = listening_player(
        base_url, args.name, lambda start: start.tournament_id == args.tournament
    )
    with AuthenticatedClient(base_url=base_url, token=player.key) as me:
        joined = join_tournament.sync(args.tournament, client=me)
        if not isinstance(joined, Tournament):
            fail(joined, "join the tournament")
        print(f"Joined {joined.name} ({joined.system}, {joined.status}).", flush=True)
        while True:
            print("Waiting to be paired...", flush=True)
            while True:
                try:
                    start = started.get(timeout=2)
                    break
                except queue.Empty:
                    now = get_tournament.sync(args.tournament, client=me)
                    if isinstance(now, Tournament) and now.status == "finished":
                        print("The tournament is over.")
                        return
            game = get_game.sync(start.game_id, client=me)
            if not isinstance(game, Game):
                fail(game, "read the game")
            yield Joined(color=start.color, token=player.key, bot_moves=[], game=game)


def move_lines(move: Move, me: str, game: Game) -> list[str]:
    """A move as it happened, and what it did, printed right after it so that
    the lines follow the moves' order; `game` is the game after it (or later)."""
    mine = move.player == me
    flags = (("extra turn", move.extra_turn), ("overflow", move.overflow))
    notes = [note for note, on in flags if on]
    who = "you sow" if mine else f"{move.player} sows"
    lines = [f"{who} {move.position}" + (f" ({', '.join(notes)})" if notes else "")]
    if mine and move.extra_turn and not move.round_over:
        lines.append("Extra turn: the last button matched the one it covers. Move again.")
    if mine and move.overflow:
        lines.append("Overflow: the last stack took the remaining buttons.")
    if move.round_over:
        ended = next((done for done in game.rounds if done.number == move.round_), None)
        if ended is not None:
            lines.append(
                f"Round {ended.number} over: strength red {ended.strength.red}, "
                f"black {ended.strength.black}."
            )
    return lines


def print_moves(moves: list[Move], me: str, game: Game) -> None:
    for move in moves:
        print("\n".join(move_lines(move, me, game)), flush=True)


def wait_for_change(base_url: str, game: Game, me: str) -> Game:
    """Waits on the game's event stream (no polling) for the next change."""
    with Client(base_url=base_url) as client:
        events = stream_events.follow(game.id, client=client, last_event_id=str(game.version))
        for event in events:
            data = json.loads(event.data)
            if isinstance(event, (GameEvent, GameOverEvent)):  # a snapshot, or the end
                return Game.from_dict(data)
            if isinstance(event, MoveEvent):
                moved = MoveEventData.from_dict(data)
                print_moves([moved.move], me, moved.game)
                return moved.game
            changed = (JoinedEvent, ResignedEvent, TimeoutEvent, AbortedEvent, AbandonedEvent)
            if isinstance(event, changed):
                return Game.from_dict(data["game"])
            # presence (who is connected) changes nothing of the game
    return game


def leave_at_once(signum: int, frame: object) -> None:
    """Ctrl-C leaves at once wherever the program waits (a request, the
    pairing, a prompt), without unwinding through the HTTP clients: a
    KeyboardInterrupt that lands inside a request can leave the program
    hanging as it closes them (seen while waiting to be paired). Nothing is
    lost: the game goes on, and the seat is still the player's."""
    back = f" Back to your game with: {returning[0]}" if returning[0] else ""
    print(f"\nLeft.{back}", flush=True)
    os._exit(130)


# How to take one's seat back, once there is one (what Ctrl-C says on leaving).
returning: list[str | None] = [None]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--join", metavar="GAME_ID", help="join this game instead of creating one")
    parser.add_argument("--color", choices=["red", "black"], help="the seat to take")
    parser.add_argument("--name", help="your name, shown to the opponent")
    parser.add_argument("--target-score", type=int, default=15)
    parser.add_argument(
        "--against", choices=["random", "greedy", "perfect"], help="play a bot of this level"
    )
    parser.add_argument(
        "--clock", type=parse_clock, help="time control: 3+2 (minutes+increment) or 1d per move"
    )
    parser.add_argument(
        "--anyone", action="store_true", help="play whoever seeks the same clock now"
    )
    parser.add_argument("--rated", action="store_true", help="with --anyone: a rated game")
    parser.add_argument(
        "--tournament", metavar="ID", help="join this tournament and play each game it pairs"
    )
    parser.add_argument(
        "--no-color",
        action="store_true",
        help="plain text (also: NO_COLOR, and whenever the output is not a terminal)",
    )
    args = parser.parse_args(argv)
    colored = not args.no_color and "NO_COLOR" not in os.environ and sys.stdout.isatty()
    screen = Screen(color=colored)
    base_url = service_url(args.base_url)

    signal.signal(signal.SIGINT, leave_at_once)
    if args.tournament:
        for paired in tournament_games(base_url, args):
            print(f"\nPaired: game {paired.game.id}, you are {paired.color}.")
            with AuthenticatedClient(base_url=base_url, token=paired.token) as seat:
                if play_game(base_url, screen, seat, paired.color, paired.game) is None:
                    return 0
        return 0
    joined, game_id = seek_anyone(base_url, args) if args.anyone else take_seat(base_url, args)
    keep_seat(base_url, game_id, joined.color, joined.token)  # run again with --join to return
    returning[0] = f"make play JOIN={game_id} BASE_URL={base_url}"
    me = joined.color
    print(f"Game id: {game_id}  (you are {me})")
    print(f"Game link (the board, for a browser): {base_url}/?game={game_id}")
    opponent = getattr(joined.game.players, "black" if me == "red" else "red")
    if not opponent.joined:  # a human seat still open: someone is to take it
        print(
            "Your opponent joins with (in this project's folder): "
            f"make play JOIN={game_id} BASE_URL={base_url}"
        )
    print_moves(joined.bot_moves, me, joined.game)  # a bot that starts plays as the game starts
    while joined is not None:
        with AuthenticatedClient(base_url=base_url, token=joined.token) as seat:
            game = play_game(base_url, screen, seat, joined.color, joined.game)
            if game is None:
                print(f"Back to your game with: {returning[0]}")
                return 0
            joined = play_again(base_url, seat, game)
            if joined is not None:
                keep_seat(base_url, joined.game.id, joined.color, joined.token)
                returning[0] = f"make play JOIN={joined.game.id} BASE_URL={base_url}"
                print(f"\nRematch: game {joined.game.id}, you are {joined.color}.")
    return 0


def play_game(
    base_url: str, screen: "Screen", seat: AuthenticatedClient, me: str, game: Game
) -> Game | None:
    """The game played to its end (None: the player left)."""
    if game.status == "waiting":
        print("Waiting for an opponent...", flush=True)
    shown = -1
    while game.status != "finished":
        if game.version != shown and game.status == "playing":
            print("\n" + screen.board(game, me), flush=True)
            shown = game.version
        if game.status == "playing" and game.round_.to_move == me:
            game = take_turn(seat, game, me)
            if game is None:
                return None
        else:
            if game.status == "playing":
                print(f"{game.round_.to_move} to move...", flush=True)
            game = wait_for_change(base_url, game, me)
    print("\n" + screen.board(game, me))
    outcome = "You win!" if game.winner == me else f"{game.winner} wins."
    loser = {"red": "black", "black": "red"}.get(str(game.winner))
    how = {
        "resignation": f" ({game.resigned} resigned)",
        "timeout": f" ({loser}'s time ran out)",
        "abandoned": f" ({loser} left the game)",
    }.get(str(game.end_reason), "")
    if game.end_reason == "aborted":
        outcome, how = "Aborted before the first move: nobody wins.", ""
    print(f"Game over: {outcome}{how} Final score red {game.score.red} - black {game.score.black}")
    return game


def play_again(base_url: str, seat: AuthenticatedClient, game: Game) -> Joined | None:
    """Asks whether to play again; then a rematch: the seat in the next game,
    once the opponent agrees too (a bot agrees at once)."""
    try:
        answer = input("Play again? [y/N] ").strip().lower()
    except EOFError:
        return None
    if answer != "y":
        return None
    asked = request_rematch.sync(game.id, client=seat)
    if isinstance(asked, RematchOffer):
        print("Waiting for your opponent to accept...", flush=True)
        with Client(base_url=base_url) as client:
            events = stream_events.follow(
                game.id, client=client, last_event_id=str(game.version), wait_for_rematch=True
            )
            if not any(isinstance(event, RematchEvent) for event in events):
                print("No rematch: the time for one ran out.")
                return None
        asked = request_rematch.sync(game.id, client=seat)
    if isinstance(asked, Problem):
        print(asked.detail)
        return None
    if not isinstance(asked, Joined):
        fail(asked, "ask for a rematch")
    print_moves(asked.bot_moves, asked.color, asked.game)
    return asked


def take_turn(seat: AuthenticatedClient, game: Game, me: str) -> Game | None:
    legal = game.round_.legal_moves
    while True:
        try:
            answer = input(f"Your move {legal} (r resign, a abort, q quit): ").strip().lower()
        except EOFError:
            return None
        if answer == "q":
            return None
        if answer in ("a", "c"):  # abort before the first move; claim an abandoned game
            action = abort_game if answer == "a" else claim_victory
            ended = action.sync(game.id, client=seat)
            if isinstance(ended, Game):
                return ended
            if isinstance(ended, Problem):
                print(ended.detail)
                continue
            fail(ended, "abort" if answer == "a" else "claim")
        if answer == "r":
            if input("Resign this game? [y/N] ").strip().lower() != "y":
                continue
            resigned = resign_game.sync(game.id, client=seat)
            if isinstance(resigned, Game):
                return resigned
            fail(resigned, "resign")
        if not answer.isdigit() or int(answer) not in legal:
            print(f"Choose one of {legal}.")
            continue
        played = play_move.sync(game.id, client=seat, body=PlayMove(position=int(answer)))
        if isinstance(played, Played):
            # The bot answered before the service did: its moves follow the player's.
            print_moves([played.move, *played.bot_moves], me, played.game)
            return played.game
        if isinstance(played, Problem) and played.code in {"not_your_turn", "illegal_move"}:
            print(played.detail)
            return game
        if isinstance(played, Problem) and played.code == "game_not_in_progress":
            print(played.detail)  # e.g. the clock ran out meanwhile
            latest = get_game.sync(game.id, client=seat)
            return latest if isinstance(latest, Game) else game
        fail(played, "play")


if __name__ == "__main__":
    sys.exit(run(main))
