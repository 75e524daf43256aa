"""Bots that fill a tournament, through the generated client (the driver of
`scripts/selfplay.py --tournament ID --players N`, and of `--arena MINUTES`,
which makes an arena first and starts it).

Each bot is a player of its own on a thread of its own: it opens its
stream, joins, and plays every game the tournament pairs it into (it hears
`game_start` with the tournament's id) with a random legal move, waiting on
the game's stream for its opponent's moves (no polling), until the
tournament finishes or `--seconds` run out. Its player key holds each of its
seats. At the end: the standings' top ten, the games played, the moves/s,
and the time from a game's end to the player's next `game_start`.
"""

import json
import queue
import random
import statistics
import threading
import time
from dataclasses import dataclass, field

import httpx
from buttonup_client import AuthenticatedClient, Client
from buttonup_client.api.events import stream_events
from buttonup_client.api.games import get_game, play_move
from buttonup_client.api.players import create_player, stream_my_events
from buttonup_client.api.tournaments import (
    create_tournament,
    get_tournament,
    get_tournament_standings,
    join_tournament,
    start_tournament,
)
from buttonup_client.models import (
    CreatePlayer,
    Game,
    GameStartEvent,
    GameStartEventData,
    MyGamesEvent,
    NewPlayer,
    Played,
    PlayMove,
    Standings,
    Tournament,
    TournamentRequest,
)
from reaching import expect


@dataclass
class Tally:
    """What the bots did, shared: each bot adds under the lock."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    games: set[str] = field(default_factory=set)
    moves: int = 0
    waits_ms: list[float] = field(default_factory=list)  # a game's end to the next game_start

    def add(self, game_id: str, moves: int, wait_ms: float | None) -> None:
        with self.lock:
            self.games.add(game_id)
            self.moves += moves
            if wait_ms is not None:
                self.waits_ms.append(wait_ms)


def new_player(base_url: str, name: str) -> NewPlayer:
    with Client(base_url=base_url) as anonymous:
        made = create_player.sync(client=anonymous, body=CreatePlayer(name=name))
    return expect(made, NewPlayer, "create_player")


def make_arena(base_url: str, creator: NewPlayer, minutes: int, clock) -> Tournament:
    body = TournamentRequest(name="Bots' arena", system="arena", clock=clock, minutes=minutes)
    with AuthenticatedClient(base_url=base_url, token=creator.key) as me:
        return expect(create_tournament.sync(client=me, body=body), Tournament, "make an arena")


class Bot(threading.Thread):
    def __init__(
        self, base_url: str, tournament_id: str, player: NewPlayer, seed: int, until: float
    ) -> None:
        super().__init__(daemon=True, name=f"bot {player.name}")
        self.base_url = base_url
        self.tournament_id = tournament_id
        self.player = player
        self.rng = random.Random(seed)
        self.until = until
        self.starts: queue.Queue[tuple[GameStartEventData, float]] = queue.Queue()
        self.opened = threading.Event()
        self.tally: Tally | None = None

    def listen(self) -> None:
        """The player's stream: this tournament's game_starts, as they come."""
        try:
            with AuthenticatedClient(base_url=self.base_url, token=self.player.key) as me:
                for event in stream_my_events.follow(client=me):
                    if isinstance(event, MyGamesEvent):
                        self.opened.set()
                    elif isinstance(event, GameStartEvent):
                        start = GameStartEventData.from_dict(json.loads(event.data))
                        if start.tournament_id == self.tournament_id:
                            self.starts.put((start, time.monotonic()))
                    if time.monotonic() > self.until:
                        return
        except Exception:  # the run is over, or the service went away: the bot stops
            self.opened.set()

    def run(self) -> None:
        threading.Thread(target=self.listen, daemon=True).start()
        self.opened.wait(30)
        with AuthenticatedClient(base_url=self.base_url, token=self.player.key) as me:
            expect(join_tournament.sync(self.tournament_id, client=me), Tournament, "join")
            ended_at: float | None = None
            while time.monotonic() < self.until:
                try:
                    start, heard_at = self.starts.get(timeout=0.5)
                except queue.Empty:
                    if self.finished(me):
                        return
                    continue
                wait_ms = (heard_at - ended_at) * 1000 if ended_at is not None else None
                moves = self.play(me, start.game_id, start.color)
                ended_at = time.monotonic()
                assert self.tally is not None
                self.tally.add(start.game_id, moves, wait_ms)

    def finished(self, me: AuthenticatedClient) -> bool:
        tournament = get_tournament.sync(self.tournament_id, client=me)
        return isinstance(tournament, Tournament) and tournament.status == "finished"

    def play(self, me: AuthenticatedClient, game_id: str, color: str) -> int:
        """The game played to its end (or the run's): the moves this bot made."""
        moves = 0
        game = expect(get_game.sync(game_id, client=me), Game, "get_game")
        while game.status == "playing" and time.monotonic() < self.until:
            if game.round_.to_move != color:
                game = self.next_change(game)
                continue
            position = self.rng.choice(game.round_.legal_moves)
            played = play_move.sync(game_id, client=me, body=PlayMove(position=position))
            if isinstance(played, Played):
                game, moves = played.game, moves + 1
            else:  # its clock ran out, or the game ended meanwhile: read it again
                game = expect(get_game.sync(game_id, client=me), Game, "get_game")
        return moves

    def next_change(self, game: Game) -> Game:
        """The game after its next change, from its stream (no polling):
        the first event that carries a newer version of it."""
        # Silence past the run's end ends the read: a bot stops on time.
        wait = min(25.0, max(0.5, self.until - time.monotonic()))
        try:
            with Client(base_url=self.base_url) as client:
                events = stream_events.follow(
                    game.id,
                    client=client,
                    last_event_id=str(game.version),
                    idle_timeout=wait,
                    reconnect_attempts=0 if wait < 25.0 else 5,
                )
                for event in events:
                    data = json.loads(event.data) if event.data else None
                    if not isinstance(data, dict):
                        continue  # presence: who is connected changes nothing
                    changed = data.get("game", data)
                    if isinstance(changed, dict) and changed.get("version", -1) > game.version:
                        return Game.from_dict(changed)
                    if time.monotonic() > self.until:
                        break
        except httpx.HTTPError:
            pass  # the run is over (or the stream went: the caller reads the game again)
        return game


def fill(base_url: str, args, on_start=None) -> int:
    """The bots' run (`args`: the selfplay options that concern it);
    `on_start(tournament_id)` is called as the bots begin to play."""
    names = [f"bot {index + 1}" for index in range(args.players)]
    players = [new_player(base_url, name) for name in names]
    tournament_id = args.tournament
    started = time.monotonic()
    until = started + args.seconds
    if tournament_id is None:
        tournament_id = make_arena(base_url, players[0], args.arena, args.clock).id
    bots = [
        Bot(base_url, tournament_id, player, args.seed + index, until)
        for index, player in enumerate(players)
    ]
    tally = Tally()
    for bot in bots:
        bot.tally = tally
        bot.start()
    for bot in bots:
        bot.opened.wait(30)
    if args.tournament is None:
        time.sleep(1)  # every bot's join before the start
        with AuthenticatedClient(base_url=base_url, token=players[0].key) as creator:
            expect(start_tournament.sync(tournament_id, client=creator), Tournament, "start")
    if on_start is not None:
        on_start(tournament_id)
    for bot in bots:
        bot.join(max(0.0, until - time.monotonic()) + 10)
    elapsed = time.monotonic() - started
    with Client(base_url=base_url) as client:
        standings = expect(
            get_tournament_standings.sync(tournament_id, client=client, limit=10),
            Standings,
            "standings",
        )
    print(f"tournament {tournament_id}: {args.players} bots, {len(tally.games)} games")
    for standing in standings.items:
        print(
            f"{standing.rank:>3}. {standing.player.name}: {standing.score} points, "
            f"{standing.wins} won, {standing.losses} lost, performance {standing.performance}"
        )
    waits = sorted(tally.waits_ms)
    paired = (
        f"; from a game's end to the next game_start: median {statistics.median(waits):.0f} ms, "
        f"p99 {waits[int(0.99 * (len(waits) - 1))]:.0f} ms"
        if waits
        else ""
    )
    print(f"{tally.moves} moves in {elapsed:.1f} s = {tally.moves / elapsed:.0f} moves/s{paired}")
    return 0
