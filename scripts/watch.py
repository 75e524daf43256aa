"""Print a game live from its event stream, reconnecting without losing events.

python scripts/watch.py --base-url http://127.0.0.1:8000 --game ID
"""

import argparse
import sys
import time

import httpx
from sse import events


def describe(name: str, data: dict) -> str:
    if name == "game":
        game = data
        return (
            f"game {game['id']}: {game['status']}, round {game['round']['number']}, "
            f"score red {game['score']['red']} - black {game['score']['black']}"
        )
    if name == "joined":
        return f"{data['color']} joined"
    if name == "move":
        move = data["move"]
        notes = [
            n
            for n, on in (("extra turn", move["extra_turn"]), ("overflow", move["overflow"]))
            if on
        ]
        extra = f" ({', '.join(notes)})" if notes else ""
        return f"move {move['number']}: {move['player']} sows {move['position']}{extra}"
    if name == "round_over":
        return (
            f"round {data['number']} over: strength red {data['strength']['red']}, "
            f"black {data['strength']['black']}"
        )
    if name == "resigned":
        return f"{data['color']} resigned"
    if name == "game_over":
        return f"game over: {data['winner']} wins {data['score']['red']}-{data['score']['black']}"
    return name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--game", required=True)
    args = parser.parse_args(argv)
    last_id: int | None = None
    delay = 0.5
    while True:
        try:
            for event_id, name, data in events(args.base_url, args.game, last_id):
                # A resumed stream sends only what came after last_id; it starts
                # with the game again only when those events are no longer kept.
                note = " (resumed from the current game)" if name == "game" and last_id else ""
                print(f"[{event_id}] {describe(name, data)}{note}", flush=True)
                last_id = event_id
                delay = 0.5
                if name == "game_over":
                    return 0
        except httpx.HTTPError as error:
            print(f"(connection lost: {error}; reconnecting)", file=sys.stderr, flush=True)
            time.sleep(delay)
            delay = min(delay * 2, 10)
            continue
        print("(stream ended; reconnecting)", file=sys.stderr, flush=True)
        time.sleep(delay)


if __name__ == "__main__":
    sys.exit(main())
