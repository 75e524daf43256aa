"""What a rated game's end costs beside an unrated one's.

    .venv/bin/python bench/ratings_bench.py [--games 300] [--rounds 5]

Two players play games that a resignation ends once each has moved (a rated
game a player never moved in rates nobody), through the app (Flask, the
pipeline, Redis) in this process: rated blitz games and the same games
unrated, alternating by round so that both sides see the same machine.
The rated end also takes both players' turns to be rated, reads their
ratings, marks the game, applies both players' changes (a script each on
the player's slot), places both on the leaderboard and clears the mark.
Prints each side's median resignation time per round, the median of the
rounds, and the ratio rated/unrated.
"""

import argparse
import io
import logging
import statistics
import tempfile
import time
from pathlib import Path

from buttonup.app import create_app
from buttonup.config import UNMETERED, Settings
from buttonup.redis_server import RedisServer

BLITZ = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def ended(client, players: list[dict], rated: bool, games: int) -> list[float]:
    """Each game's resignation, in ms."""
    took = []
    for number in range(games):
        game = client.post("/v1/games", json={"rated": rated, "clock": BLITZ}).get_json()
        for color, player in zip(("red", "black"), players, strict=True):
            seated = client.post(
                f"/v1/games/{game['id']}/players", json={"color": color}, headers=bearer(player)
            )
            assert seated.status_code == 201, seated.get_json()
        by_color = dict(zip(("red", "black"), players, strict=True))
        moved: set[str] = set()
        game = seated.get_json()["game"]
        while moved != {"red", "black"}:
            mover = game["round"]["to_move"]
            game = client.post(
                f"/v1/games/{game['id']}/moves",
                json={"position": game["round"]["legal_moves"][0]},
                headers=bearer(by_color[mover]),
            ).get_json()["game"]
            moved.add(mover)
        loser = players[number % 2]
        started = time.perf_counter()
        answer = client.post(f"/v1/games/{game['id']}/resign", headers=bearer(loser))
        took.append((time.perf_counter() - started) * 1000)
        assert answer.status_code == 200, answer.get_json()
        assert (answer.get_json()["rating_diff"] is not None) == rated
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        server = RedisServer(Path(data), persistent=False)
        server.start()
        try:
            client = create_app(
                Settings(
                    redis_url=server.url,
                    **UNMETERED,
                    sweep_interval_seconds=0,
                    rated_games_per_pair_per_day=1_000_000,  # two players, every game rated
                )
            ).test_client()
            logging.getLogger("buttonup").handlers[0].stream = io.StringIO()  # no access log
            players = [
                client.post("/v1/players", json={"name": name}).get_json()["key"]
                for name in ("Ana", "Bo")
            ]
            ended(client, players, True, 20)  # warm up both paths
            ended(client, players, False, 20)
            rounds = []
            for _ in range(args.rounds):
                rated = statistics.median(ended(client, players, True, args.games))
                unrated = statistics.median(ended(client, players, False, args.games))
                rounds.append((rated, unrated))
                print(f"round: rated {rated:.3f} ms, unrated {unrated:.3f} ms")
        finally:
            server.stop()
    rated = statistics.median(r for r, _ in rounds)
    unrated = statistics.median(u for _, u in rounds)
    ratio = statistics.median(r / u for r, u in rounds)
    print(
        f"resignation, median of rounds: rated {rated:.3f} ms, unrated {unrated:.3f} ms, "
        f"ratio rated/unrated {ratio:.2f} (median of rounds)"
    )


if __name__ == "__main__":
    main()
