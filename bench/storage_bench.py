"""Bytes Redis holds per game (`MEMORY USAGE` over every key of the game).

    .venv/bin/python bench/storage_bench.py [--games 20]

Plays games through the API (the Flask app on its own Redis), each move five
seconds after the one before on the service's clock, and reports:
- the most a game in play holds at any point (15 points, two humans);
- a finished 15-point game, at its last move and once its event stream has
  expired (BUTTONUP_FINISHED_STREAM_TTL), and games per GB at that size;
- a 100-point game between two perfect bots, made by one request;
- what each idempotent reply adds (a key sent with every move).
Medians over --games games, dealt without a seed as most games are (their
size varies from run to run with their length: about 6 bytes a move).
"""

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import redis
from flask.testing import FlaskClient

from buttonup.api.metrics import count_changes
from buttonup.app import create_app
from buttonup.config import UNMETERED, Settings
from buttonup.games import Games
from buttonup.redis_server import RedisServer

STREAM_TTL = 0.2  # seconds: short, so that a finished game is measured without it
THINK_MS = 5000


def game_bytes(client: redis.Redis, game_id: str) -> int:
    keys = list(client.scan_iter(match=f"buttonup:{{{game_id}}}:*", count=1000))
    return sum(client.memory_usage(key, samples=0) or 0 for key in keys)


class Clock:
    """The service's clock, a move every THINK_MS."""

    def __init__(self) -> None:
        self.now = time.time_ns() // 1_000_000

    def __call__(self) -> int:
        self.now += THINK_MS
        return self.now


def service(redis_url: str) -> FlaskClient:
    app = create_app(
        Settings(redis_url=redis_url, **UNMETERED, finished_stream_ttl_seconds=STREAM_TTL)
    )
    app.extensions["buttonup.games"] = Games(
        app.extensions["buttonup.store"], clock=Clock(), observe=count_changes
    )
    return app.test_client()


def human_game(
    http: FlaskClient, client: redis.Redis, seed: int, keys: bool, seeded: bool
) -> dict[str, Any]:
    """A 15-point game between two players who pick legal moves at random;
    `seeded`: its deals from `seed` too, so that its size repeats exactly."""
    choose = random.Random(seed)
    options = {"target_score": 15, **({"seed": seed} if seeded else {})}
    game = http.post("/v1/games", json=options).get_json()
    tokens = {}
    for color, name in (("red", "Ana"), ("black", "Bo")):
        joined = http.post(f"/v1/games/{game['id']}/players", json={"color": color, "name": name})
        tokens[color] = joined.get_json()["token"]
        game = joined.get_json()["game"]
    peak = game_bytes(client, game["id"])
    moves = 0
    while game["status"] == "playing":
        headers = {"Authorization": f"Bearer {tokens[game['round']['to_move']]}"}
        if keys:
            headers["Idempotency-Key"] = f"move-{moves}"
        answer = http.post(
            f"/v1/games/{game['id']}/moves",
            json={"position": choose.choice(game["round"]["legal_moves"])},
            headers=headers,
        )
        game = answer.get_json()["game"]
        moves += 1
        if game["status"] == "playing":
            peak = max(peak, game_bytes(client, game["id"]))
    at_end = game_bytes(client, game["id"])
    time.sleep(STREAM_TTL * 2)
    return {
        "peak": peak,
        "at_end": at_end,
        "finished": game_bytes(client, game["id"]),
        "moves": moves,
    }


def bot_game(http: FlaskClient, client: redis.Redis, seed: int) -> tuple[int, int]:
    perfect = {"type": "bot", "level": "perfect"}
    game = http.post(
        "/v1/games",
        json={"target_score": 100, "seed": seed, "players": {"red": perfect, "black": perfect}},
    ).get_json()
    moves = len(http.get(f"/v1/games/{game['id']}/moves").get_json())
    return game_bytes(client, game["id"]), moves


def measure(
    redis_url: str, client: redis.Redis, games: int, bot_games: int, seeded: bool = False
) -> dict[str, float]:
    http = service(redis_url)
    plain = [human_game(http, client, seed, False, seeded) for seed in range(games)]
    keyed = [human_game(http, client, seed, True, seeded) for seed in range(games)]
    bots = [bot_game(http, client, seed) for seed in range(bot_games)]
    per_reply = [
        (with_keys["finished"] - without["finished"]) / with_keys["moves"]
        for with_keys, without in zip(keyed, plain, strict=True)
    ]
    return {
        "in_play_peak": statistics.median(game["peak"] for game in plain),
        "in_play_peak_max": max(game["peak"] for game in plain),
        "finished_at_end": statistics.median(game["at_end"] for game in plain),
        "finished": statistics.median(game["finished"] for game in plain),
        "finished_max": max(game["finished"] for game in plain),
        "moves": statistics.median(game["moves"] for game in plain),
        "bot_100": statistics.median(size for size, _ in bots),
        "bot_100_max": max(size for size, _ in bots),
        "bot_100_moves": statistics.median(moves for _, moves in bots),
        "per_reply": statistics.median(per_reply),
        "per_reply_max": max(per_reply),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--bot-games", type=int, default=5)
    args = parser.parse_args()
    server = RedisServer(Path(tempfile.mkdtemp()), persistent=False)
    server.start()
    try:
        client = redis.Redis(port=server.port)
        version = client.info("server")["redis_version"]
        found = measure(server.url, client, args.games, args.bot_games)
    finally:
        server.stop()
    print(f"Redis {version}; medians over {args.games} games (max in brackets)")
    print(
        f"15-point game in play, at its largest: {found['in_play_peak']:>7,.0f} B "
        f"({found['in_play_peak_max']:,.0f})"
    )
    print(f"15-point game at its last move:        {found['finished_at_end']:>7,.0f} B")
    print(
        f"15-point game finished (stream gone):  {found['finished']:>7,.0f} B "
        f"({found['finished_max']:,.0f}), {found['moves']:.0f} moves"
    )
    print(
        f"100-point game, two perfect bots:      {found['bot_100']:>7,.0f} B "
        f"({found['bot_100_max']:,.0f}), {found['bot_100_moves']:.0f} moves"
    )
    print(
        f"each idempotent reply kept:            {found['per_reply']:>7,.0f} B "
        f"({found['per_reply_max']:,.0f})"
    )
    print(f"finished 15-point games per GB:        {1e9 / found['finished']:>7,.0f}")


if __name__ == "__main__":
    main()
