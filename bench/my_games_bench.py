"""What listing a player's games in play costs once the player has finished many.

    .venv/bin/python bench/my_games_bench.py [--games 300] [--runs 5]

A player's index keeps up to a thousand games (store.player_games), most of
them over, and a player's stream starts with the list of those not finished.
This plays `--games` complete games in process (the player in red's seat,
first legal move each time) on a private Redis, then times `list_my_games`
(GET /v1/players/me/games, nothing in play) from a fresh app, whose worker
has read none of those games yet ("cold"), and from the app that played them.
"""

import argparse
import io
import logging
import statistics
import sys
import tempfile
import time

from buttonup.app import create_app
from buttonup.config import UNMETERED, Settings
from buttonup.redis_server import RedisServer


def play_games(client, key: str, count: int) -> None:
    for _ in range(count):
        game = client.post("/v1/games", json={}).get_json()
        url = f"/v1/games/{game['id']}"
        red = client.post(f"{url}/players", json={"color": "red"}, headers=bearer(key))
        black = client.post(f"{url}/players", json={"color": "black"}).get_json()
        tokens = {"red": red.get_json()["token"], "black": black["token"]}
        state = black["game"]
        while state["status"] == "playing":
            to_move = state["round"]["to_move"]
            state = client.post(
                f"{url}/moves",
                json={"position": state["round"]["legal_moves"][0]},
                headers=bearer(tokens[to_move]),
            ).get_json()["game"]


def quiet_client(settings: Settings):
    """A test client of a new app, its log lines kept out of the report."""
    app = create_app(settings)
    logging.getLogger("buttonup").handlers[0].stream = io.StringIO()
    return app.test_client()


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def listing_ms(client, key: str) -> float:
    started = time.perf_counter()
    response = client.get("/v1/players/me/games", headers=bearer(key))
    elapsed = time.perf_counter() - started
    assert response.status_code == 200 and response.get_json()["items"] == []
    return 1000 * elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    server = RedisServer(tempfile.mkdtemp(), persistent=False)
    server.start()
    try:
        settings = Settings(redis_url=server.url, **UNMETERED)
        client = quiet_client(settings)
        key = client.post("/v1/players", json={"name": "p"}).get_json()["key"]
        play_games(client, key, args.games)
        cold = [listing_ms(quiet_client(settings), key) for _ in range(args.runs)]
        warm = [listing_ms(client, key) for _ in range(args.runs)]
    finally:
        server.stop()
    print(
        f"list_my_games after {args.games} finished games: cold {statistics.median(cold):.1f} ms, "
        f"warm {statistics.median(warm):.1f} ms (medians of {args.runs})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
