"""Rated games through `buttonup serve`: a burst of rated games ending while
a worker is killed by SIGKILL and Redis restarts loses or doubles no rating
change, as a replay of every rated game through the rating library says;
and the same on the test Redis Cluster."""

import os
import signal
import threading
import time

import httpx
import pytest

from tests.conftest import LiveServer
from tests.e2e.test_cluster import cluster  # noqa: F401  (the module's cluster, shared)
from tests.e2e.test_time import wait_for, worker_pids
from tests.glicko2_reference import START, glicko2
from tests.helpers.games import bearer, open_rated

pytestmark = pytest.mark.e2e

BLITZ = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}


def retried(call, attempts: int = 200):
    """A call sent again through transport errors and 503s (a worker killed,
    Redis restarting) until it answers something else."""
    for _ in range(attempts):
        try:
            response = call()
        except httpx.HTTPError:
            time.sleep(0.05)
            continue
        if response.status_code != 503:
            return response
        time.sleep(0.05)
    raise AssertionError("the service did not come back")


def play_pair(base_url: str, ana: dict, bo: dict, games: int, finished: list, stop) -> None:
    """Ana and Bo play `games` rated games, one after another, each ended by
    a resignation (the loser alternates) once both have moved."""
    with httpx.Client(base_url=base_url, timeout=10) as http:
        for number in range(games):
            if stop.is_set():
                return
            created = retried(lambda: http.post("/v1/games", json={"rated": True, "clock": BLITZ}))
            assert created.status_code == 201, created.text
            game_id = created.json()["id"]
            for color, player in (("red", ana), ("black", bo)):
                seated = retried(
                    lambda color=color, player=player, game_id=game_id: http.post(
                        f"/v1/games/{game_id}/players",
                        json={"color": color},
                        headers=bearer(player["key"]),
                    )
                )
                assert seated.status_code in (201, 409), seated.text  # 409: a lost answer's seat
            open_rated(http, game_id, {"red": ana["key"], "black": bo["key"]}, retried)
            loser = (ana, bo)[number % 2]
            resigned = retried(
                lambda loser=loser, game_id=game_id: http.post(
                    f"/v1/games/{game_id}/resign", headers=bearer(loser["key"])
                )
            )
            assert resigned.status_code in (200, 409), resigned.text  # 409: ended already
            finished.append(game_id)


def replayed(http: httpx.Client, game_ids: list[str]) -> dict[str, tuple]:
    """Every player's (rating, deviation, games) after the games, by the
    library, in the order the games ended (each plays one game at a time)."""
    ended = [http.get(f"/v1/games/{game_id}").json() for game_id in game_ids]
    ended.sort(key=lambda game: game["updated_at"])
    ratings: dict[str, tuple] = {}
    games: dict[str, int] = {}
    for game in ended:
        assert game["rated"] and game["end_reason"] == "resignation", game
        red, black = (game["players"][color]["player_id"] for color in ("red", "black"))
        before_red, before_black = ratings.get(red, START), ratings.get(black, START)
        red_score = 1.0 if game["winner"] == "red" else 0.0
        ratings[red] = glicko2(before_red, before_black, red_score)
        ratings[black] = glicko2(before_black, before_red, 1.0 - red_score)
        for player_id in (red, black):
            games[player_id] = games.get(player_id, 0) + 1
    return {
        player_id: (rating[0], rating[1], games[player_id]) for player_id, rating in ratings.items()
    }


def check_against_replay(base_url: str, players: list[dict], game_ids: list[str]) -> None:
    with httpx.Client(base_url=base_url, timeout=10) as http:
        expected = replayed(http, game_ids)

        def settled() -> bool:
            for player in players:
                blitz = http.get(f"/v1/players/{player['id']}").json()["ratings"]["blitz"]
                if blitz["games"] != expected[player["id"]][2]:
                    return False
            return True

        wait_for(settled, 40)  # a change a killed worker left is the sweep's
        for player in players:
            profile = http.get(f"/v1/players/{player['id']}").json()
            blitz, (rating, deviation, games) = profile["ratings"]["blitz"], expected[player["id"]]
            assert (blitz["rating"], blitz["deviation"], blitz["games"]) == (
                round(rating),
                round(deviation),
                games,
            ), player["name"]
            assert profile["counts"]["rated"] == games
            history = http.get(f"/v1/players/{player['id']}/ratings").json()["items"]
            assert len(history) == games, "each game in the history once"
            assert len({item["game_id"] for item in history}) == games


def new_players(base_url: str, count: int) -> list[dict]:
    with httpx.Client(base_url=base_url, timeout=10) as http:
        return [
            http.post("/v1/players", json={"name": f"P{number}"}).json() for number in range(count)
        ]


def pairs_playing(base_url: str, players: list[dict], games: int, finished: list) -> list:
    """A thread per two players, each playing `games` rated games, started."""
    stop = threading.Event()
    pairs = [
        threading.Thread(
            target=play_pair, args=(base_url, players[i], players[i + 1], games, finished, stop)
        )
        for i in range(0, len(players), 2)
    ]
    for thread in pairs:
        thread.start()
    return pairs


def test_a_killed_worker_and_a_restarted_redis_lose_and_double_no_rating_change(own_redis):
    server = LiveServer(
        ["--redis-url", own_redis.url, "--workers", "2"],
        env={
            "BUTTONUP_SEAT_RATE_LIMIT": "10000/minute",
            "BUTTONUP_SWEEP_INTERVAL": "0.5",
            "BUTTONUP_RATED_GAMES_PER_PAIR_PER_DAY": "12",
        },
    )
    try:
        players = new_players(server.base_url, 8)
        finished: list[str] = []
        pairs = pairs_playing(server.base_url, players, 12, finished)
        wait_for(lambda: len(finished) >= 8, 30)
        os.kill(worker_pids(server)[0], signal.SIGKILL)
        wait_for(lambda: len(finished) >= 20, 60)
        own_redis.stop()
        time.sleep(0.5)
        own_redis.start()
        for thread in pairs:
            thread.join(120)
        assert not any(thread.is_alive() for thread in pairs)
        assert len(finished) == 48
        check_against_replay(server.base_url, players, finished)
    finally:
        server.stop(quickly=True)


def test_rated_games_on_a_cluster_change_each_rating_once(cluster):  # noqa: F811
    server = LiveServer(
        ["--redis-url", cluster.url, "--workers", "2"],
        env={"BUTTONUP_SEAT_RATE_LIMIT": "10000/minute"},
    )
    try:
        players = new_players(server.base_url, 6)
        finished: list[str] = []
        pairs = pairs_playing(server.base_url, players, 6, finished)
        for thread in pairs:
            thread.join(120)
        assert len(finished) == 18
        check_against_replay(server.base_url, players, finished)
        with httpx.Client(base_url=server.base_url, timeout=10) as http:
            board = http.get("/v1/leaderboards/blitz").json()
            assert board["category"] == "blitz"
    finally:
        server.stop(quickly=True)
