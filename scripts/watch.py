"""Print a game live from its event stream, reconnecting without losing events.

    .venv/bin/python scripts/watch.py --base-url http://127.0.0.1:8000 --game ID
    make watch GAME=ID

It ends with the game; with --rematches it goes on into each rematch.

Written only against the generated client: its typed events, followed by
`stream_events.follow`, which resumes with Last-Event-ID by itself.
"""

import argparse
import json
import sys

from buttonup_client import Client
from buttonup_client.api.events import stream_events
from buttonup_client.api.games import get_game
from buttonup_client.errors import UnexpectedStatus
from buttonup_client.models import (
    AbandonedEvent,
    AbandonedEventData,
    AbortedEvent,
    AbortedEventData,
    Game,
    GameEvent,
    GameOverEvent,
    JoinedEvent,
    JoinedEventData,
    MoveEvent,
    MoveEventData,
    Presence,
    PresenceEvent,
    RematchEvent,
    RematchEventData,
    RematchOfferedEvent,
    RematchOfferedEventData,
    ResignedEvent,
    ResignedEventData,
    RoundOverEvent,
    RoundResult,
    TimeoutEvent,
    TimeoutEventData,
)
from reaching import run, service_url


def describe(event) -> str:
    data = json.loads(event.data)
    if isinstance(event, GameEvent):
        game = Game.from_dict(data)
        return (
            f"game {game.id}: {game.status}, round {game.round_.number}, "
            f"score red {game.score.red} - black {game.score.black}"
        )
    if isinstance(event, JoinedEvent):
        return f"{JoinedEventData.from_dict(data).color} joined"
    if isinstance(event, MoveEvent):
        move = MoveEventData.from_dict(data).move
        notes = [
            n for n, on in (("extra turn", move.extra_turn), ("overflow", move.overflow)) if on
        ]
        extra = f" ({', '.join(notes)})" if notes else ""
        return f"move {move.number}: {move.player} sows {move.position}{extra}"
    if isinstance(event, RoundOverEvent):
        result = RoundResult.from_dict(data)
        return (
            f"round {result.number} over: strength red {result.strength.red}, "
            f"black {result.strength.black}"
        )
    if isinstance(event, ResignedEvent):
        return f"{ResignedEventData.from_dict(data).color} resigned"
    if isinstance(event, AbortedEvent):
        color = AbortedEventData.from_dict(data).color
        return f"{color} aborted the game" if color else "aborted: the first move never came"
    if isinstance(event, TimeoutEvent):
        return f"{TimeoutEventData.from_dict(data).color}'s time ran out"
    if isinstance(event, AbandonedEvent):
        return f"{AbandonedEventData.from_dict(data).color} abandoned the game"
    if isinstance(event, RematchOfferedEvent):
        return f"{RematchOfferedEventData.from_dict(data).color} asks for a rematch"
    if isinstance(event, RematchEvent):
        return f"rematch: the next game is {RematchEventData.from_dict(data).game_id}"
    if isinstance(event, PresenceEvent):
        seats = Presence.from_dict(data)
        on = [c for c, seat in (("red", seats.red), ("black", seats.black)) if seat.connected]
        return f"connected: {', '.join(on) or 'nobody'}"
    if isinstance(event, GameOverEvent):
        game = Game.from_dict(data)
        if game.winner is None:
            return f"game over ({game.end_reason}): no winner"
        return f"game over: {game.winner} wins {game.score.red}-{game.score.black}"
    return event.event


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--game", required=True)
    parser.add_argument(
        "--rematches",
        action="store_true",
        help="after the game, wait for a rematch and watch it too",
    )
    args = parser.parse_args(argv)
    game_id: str | None = args.game
    with Client(base_url=service_url(args.base_url)) as client:
        try:
            found = get_game.sync_detailed(game_id, client=client)
            if found.status_code != 200:  # before the stream, which retries
                raise UnexpectedStatus(found.status_code, found.content)
            while game_id is not None:
                game_id = watch(client, game_id, args.rematches)
        except UnexpectedStatus as error:
            problem = json.loads(error.content or b"{}")
            print(f"watch.py: {problem.get('detail')} ({problem.get('code')})", file=sys.stderr)
            return 1
    return 0


def watch(client: Client, game_id: str, rematches: bool) -> str | None:
    """Prints the game's events; the rematch's game id when there is one to
    watch next (the stream stays open for it after game_over)."""
    for event in stream_events.follow(game_id, client=client):
        # Presence changes nothing of the game: it has no id.
        where = f"[{event.id}]" if hasattr(event, "id") else "[-]"
        print(f"{where} {describe(event)}", flush=True)
        if isinstance(event, GameOverEvent) and not rematches:
            return None
        if isinstance(event, RematchEvent):
            return RematchEventData.from_dict(json.loads(event.data)).game_id
    return None


if __name__ == "__main__":
    sys.exit(run(main))
