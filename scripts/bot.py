"""A bot account to start from, on the generated client alone: it follows
its own stream (resuming with Last-Event-ID when the connection drops),
accepts the challenges its rules allow, and plays every game it is in to
the end, through extra turns and against the clock, with a strategy you
plug in (a function from the game and the bot's colour to a move; greedy
by default). It stops cleanly on Ctrl-C or SIGTERM, or after `--games`.

    .venv/bin/python scripts/bot.py --key PLAYER_KEY [--base-url URL] [--games N]
        [--categories blitz,rapid] [--challenge PLAYER_ID --clock 3+2 --target-score 15]

The key's player becomes a bot account if it is not one yet. With
`--challenge`, it challenges that player, and again after each game.
"""

import argparse
import json
import signal
import sys
import time
from collections.abc import Callable

from buttonup_client import AuthenticatedClient
from buttonup_client.api.challenges import (
    accept_challenge,
    create_challenge,
    decline_challenge,
    set_my_accepts,
)
from buttonup_client.api.games import get_game, play_move
from buttonup_client.api.players import become_bot, stream_my_events
from buttonup_client.models import (
    Accepts,
    ChallengeEvent,
    ChallengeEventData,
    ChallengeRequest,
    DeclineRequest,
    Game,
    GameStartEvent,
    GameStartEventData,
    MyGameOverEvent,
    MyGameOverEventData,
    MyGamesEvent,
    PlayMove,
    Problem,
    YourTurnEvent,
    YourTurnEventData,
)
from clocks import parse_clock
from reaching import EXAMPLE, run, service_url

Strategy = Callable[[Game, str], int]  # the game, the bot's colour -> a position to play


def sown(circle: list[list[str]], position: int) -> tuple[list[list[str]], bool]:
    """The circle after playing `position` (RULES.md, "A move"), and whether
    the mover moves again."""
    stacks = [list(stack) for stack in circle]
    lifted, stacks[position] = stacks[position], []
    others = [(position + k) % 9 for k in range(1, 9) if stacks[(position + k) % 9]]
    if len(lifted) > len(others):  # overflow: the rest go together on the last
        for button, target in zip(lifted, others[:-1], strict=False):
            stacks[target].append(button)
        stacks[others[-1]] += lifted[len(others) - 1 :]
        return stacks, False
    for button, target in zip(lifted, others, strict=False):
        stacks[target].append(button)
    last = stacks[others[len(lifted) - 1]]
    return stacks, len(others) > 1 and last[-1] == last[-2]


def greedy(game: Game, me: str) -> int:
    """A round's end scored best for the bot; else a move again; else the
    most stacks topped by its colour rather than the other's."""

    def value(position: int) -> float:
        stacks, again = sown(game.round_.circle, position)
        left = [stack for stack in stacks if stack]
        if len(left) == 1:  # the round ends: each button scores its height
            heights = list(enumerate(left[0], 1))
            return 1000 + sum(h if b == me else -h if b != "white" else 0 for h, b in heights)
        tops = [stack[-1] for stack in left]
        mine = tops.count(me) - sum(top not in (me, "white") for top in tops)
        return (100 if again else 0) + mine

    return max(game.round_.legal_moves, key=value)


class Bot:
    def __init__(self, client: AuthenticatedClient, strategy: Strategy, args) -> None:
        self.client, self.strategy, self.args = client, strategy, args
        self.colours: dict[str, str] = {}  # the games it plays: its colour in each
        self.finished = 0
        self.last_event_id = None  # where its stream resumes

    def run(self) -> int:
        """Follow the stream until stopped; a connection that fails for good
        is opened again where it left off."""
        me = become_bot.sync(client=self.client)
        if isinstance(me, Problem) and me.code != "rated_games_played":
            raise SystemExit(f"not a bot: {me.detail}")
        accepts = Accepts(categories=self.args.categories, rated=True, casual=True)
        set_my_accepts.sync(client=self.client, body=accepts)
        while not self.done():
            follow = stream_my_events.follow(client=self.client, **self.resume())
            for event in follow:
                self.on(event)
                self.last_event_id = event.id
                if self.done():
                    return 0
        return 0

    def resume(self) -> dict:
        return {} if self.last_event_id is None else {"last_event_id": self.last_event_id}

    def done(self) -> bool:
        return self.args.games is not None and self.finished >= self.args.games

    def on(self, event) -> None:
        data = json.loads(event.data)
        if isinstance(event, MyGamesEvent):  # on (re)connecting: the games it plays
            for game in data:
                if game["status"] == "playing":
                    self.colours[game["id"]] = game["color"]
                    self.play(game["id"])
            if self.last_event_id is None:  # its stream first open: a challenge stands now
                self.challenge()
        elif isinstance(event, ChallengeEvent):
            self.answer(ChallengeEventData.from_dict(data))
        elif isinstance(event, GameStartEvent):
            start = GameStartEventData.from_dict(data)
            self.colours[start.game_id] = start.color
            self.play(start.game_id)  # it may be the one to start
        elif isinstance(event, YourTurnEvent):
            self.play(YourTurnEventData.from_dict(data).game_id)
        elif isinstance(event, MyGameOverEvent):
            over = MyGameOverEventData.from_dict(data)
            if self.colours.pop(over.game_id, None) is not None:
                self.finished += 1
                print(f"game {over.game_id}: {over.winner or 'nobody'} won ({over.end_reason})")
                self.challenge()

    def answer(self, challenge: ChallengeEventData) -> None:
        """A challenge to it: taken while it has room for another game."""
        if challenge.status != "pending" or challenge.from_ == self.args.me:
            return
        if len(self.colours) >= self.args.at_once:
            reason = DeclineRequest(reason="later")
            decline_challenge.sync(challenge.id, client=self.client, body=reason)
            return
        accept_challenge.sync(challenge.id, client=self.client)  # game_start follows

    def challenge(self) -> None:
        """With --challenge, a new challenge to that player, while games are due."""
        if self.args.challenge is None or self.done():
            return
        clock = self.args.clock.to_dict() if self.args.clock else None
        asked = {"to": self.args.challenge, "clock": clock, "target_score": self.args.target}
        body = ChallengeRequest.from_dict(asked)
        made = create_challenge.sync(client=self.client, body=body)
        if isinstance(made, Problem):
            print(f"challenge refused: {made.code}", file=sys.stderr)

    def play(self, game_id: str) -> None:
        """Its moves while it is to move: after an extra turn it moves again,
        and `your_turn` is not sent again for it. Past its moves' allowance
        (429) it waits as told, and plays on."""
        colour = self.colours.get(game_id)
        game = get_game.sync(game_id, client=self.client)
        while isinstance(game, Game) and game.status == "playing":
            if colour is None or game.round_.to_move != colour:
                return
            move = PlayMove(position=self.strategy(game, colour))
            played = play_move.sync(game_id, client=self.client, body=move)
            if isinstance(played, Problem) and played.code == "rate_limited":
                time.sleep(played.retry_after_seconds or 1)
                game = get_game.sync(game_id, client=self.client)
            elif isinstance(played, Problem):  # the game moved on: the stream says how
                return
            else:
                game = played.game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--key", required=True, help="the bot's player key")
    parser.add_argument("--base-url", default=EXAMPLE, help=f"the service (default {EXAMPLE})")
    parser.add_argument("--games", type=int, default=None, help="stop after this many")
    parser.add_argument("--at-once", type=int, default=4, help="games it plays at once")
    parser.add_argument("--categories", type=lambda text: text.split(","), default=None)
    parser.add_argument("--challenge", default=None, help="a player id to challenge")
    parser.add_argument("--clock", type=parse_clock, default=None, help="e.g. 3+2")
    parser.add_argument("--target-score", dest="target", type=int, default=15)
    args = parser.parse_args(argv)
    args.categories = args.categories or ["blitz", "rapid", "classical", "daily", "untimed"]
    args.me = args.key.split(".")[0]
    client = AuthenticatedClient(base_url=service_url(args.base_url), token=args.key)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # as Ctrl-C: stop cleanly
    return Bot(client, greedy, args).run()


if __name__ == "__main__":
    sys.exit(run(main))
