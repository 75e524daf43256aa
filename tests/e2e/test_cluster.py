"""The service on a real three-master Redis Cluster: complete games, live
events, the lobby and rate limits, with every key of a game on one slot;
clocks that run out by themselves, presence, players' games and streams
(on the player's slot), rematch, and a tournament (its keys on one slot)."""

import subprocess
import sys
import threading
import time

import httpx
import pytest
import redis

from tests.cluster import RedisCluster
from tests.conftest import LiveServer
from tests.e2e.test_events import Watcher, check_sequence
from tests.e2e.test_player_streams import PlayerStream, a_game_and_its_rematch
from tests.e2e.test_time import (
    PER_MOVE_5S,
    Stream,
    each_timed_out_once,
    first_move_made,
    wait_for,
)
from tests.helpers.games import a_move_each, bearer, new_player

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    cluster = RedisCluster(tmp_path_factory.mktemp("cluster"))
    cluster.start()
    yield cluster
    cluster.stop()


@pytest.fixture(scope="module")
def clustered(cluster):
    server = LiveServer(
        ["--redis-url", cluster.url, "--workers", "2"],
        env={"BUTTONUP_SEAT_RATE_LIMIT": "1000/minute"},
    )
    yield server
    server.stop(quickly=True)


def play_to_the_end(http: httpx.Client, game: dict, tokens: dict) -> dict:
    while game["status"] == "playing":
        round_ = game["round"]
        response = http.post(
            f"/v1/games/{game['id']}/moves",
            json={"position": round_["legal_moves"][-1]},
            headers=bearer(tokens[round_["to_move"]]),
        )
        assert response.status_code == 201, response.text
        game = response.json()["game"]
    return game


def test_complete_games_on_a_cluster_keep_each_game_in_one_slot(cluster, clustered):
    with httpx.Client(base_url=clustered.base_url, timeout=10) as http:
        game_ids = []
        for seed in range(6):
            game = http.post("/v1/games", json={"target_score": 5, "seed": seed}).json()
            watcher = Watcher(clustered.base_url, game["id"])
            watcher.start()
            assert watcher.connected.wait(10)
            tokens = {}
            for color in ("red", "black"):
                joined = http.post(f"/v1/games/{game['id']}/players", json={"color": color})
                assert joined.status_code == 201
                tokens[color] = joined.json()["token"]
            finished = play_to_the_end(http, joined.json()["game"], tokens)
            assert finished["status"] == "finished"
            watcher.join(20)
            moves = http.get(f"/v1/games/{game['id']}/moves").json()
            check_sequence(watcher.events, moves)
            assert watcher.events[-1][1] == "game_over"
            game_ids.append(game["id"])

    nodes_used = set()
    for game_id in game_ids:
        holders = {}
        for n, client in enumerate(cluster.clients()):
            keys = client.keys(f"buttonup:{{{game_id}}}:*")
            if keys:
                holders[n] = keys
        assert len(holders) == 1, holders  # every key of the game on one node...
        ((node, keys),) = holders.items()
        client = cluster.clients()[node]
        slots = {client.execute_command("CLUSTER KEYSLOT", key) for key in keys}
        assert len(slots) == 1  # ...and in one slot
        assert len(keys) >= 2  # the game and its events
        nodes_used.add(node)
    assert len(nodes_used) >= 2  # games really are spread over the cluster


def test_moves_raced_on_a_cluster_apply_once(clustered):
    with httpx.Client(base_url=clustered.base_url, timeout=10) as http:
        game = http.post("/v1/games", json={}).json()
        tokens = {
            color: http.post(f"/v1/games/{game['id']}/players", json={"color": color}).json()[
                "token"
            ]
            for color in ("red", "black")
        }
        game = http.get(f"/v1/games/{game['id']}").json()
    round_ = game["round"]
    statuses = []

    def attempt() -> None:
        with httpx.Client(base_url=clustered.base_url, timeout=10) as own:
            response = own.post(
                f"/v1/games/{game['id']}/moves",
                json={"position": round_["legal_moves"][0]},
                headers=bearer(tokens[round_["to_move"]]),
            )
            statuses.append(response.status_code)

    threads = [threading.Thread(target=attempt) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses.count(201) == 1
    assert set(statuses) <= {201, 409}
    with httpx.Client(base_url=clustered.base_url, timeout=10) as http:
        assert len(http.get(f"/v1/games/{game['id']}/moves").json()) == 1


def test_lobby_and_rate_limits_work_on_a_cluster(cluster, clustered):
    with httpx.Client(base_url=clustered.base_url, timeout=10) as http:
        public = [http.post("/v1/games", json={"visibility": "public"}).json() for _ in range(3)]
        listed = http.get("/v1/games?status=waiting&limit=2").json()
        assert [g["id"] for g in listed["items"]] == [public[2]["id"], public[1]["id"]]
        rest = http.get(f"/v1/games?status=waiting&limit=2&cursor={listed['next']}").json()
        assert public[0]["id"] in [g["id"] for g in rest["items"]]
        response = http.post(
            f"/v1/games/{public[0]['id']}/moves", json={"position": 0}, headers=bearer("x" * 43)
        )
        assert response.status_code == 401
        assert response.headers["X-RateLimit-Limit"] == "1000"
    counted = [
        key for client in cluster.clients() for key in client.keys("buttonup:{LIMITER/ratelimit/*")
    ]
    assert counted  # the seat limit's counters live in the cluster


def test_a_cluster_url_without_a_cluster_behind_it_stops_serve_with_one_line(redis_server):
    url = redis_server.url.replace("redis://", "redis+cluster://")
    result = subprocess.run(
        [sys.executable, "-m", "buttonup.cli", "serve", "--redis-url", url],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "Redis Cluster" in result.stderr


def test_clocks_run_out_by_themselves_once_on_a_cluster(clustered):
    """The deadline index is a key of its own, on whichever node holds its
    slot; each game's commit stays the guard."""
    with httpx.Client(base_url=clustered.base_url, timeout=10) as http:
        games = [first_move_made(http, clock=PER_MOVE_5S)[0] for _ in range(6)]
        each_timed_out_once(http, games)


def test_presence_follows_a_seats_stream_on_a_cluster(clustered):
    with httpx.Client(base_url=clustered.base_url, timeout=10) as http:
        game, tokens = first_move_made(http)
        presence = f"/v1/games/{game['id']}/presence"
        seat = Stream(clustered.base_url, game["id"], tokens["red"])
        seat.start()
        wait_for(lambda: http.get(presence).json()["red"]["connected"], 5)
        seat.close()
        wait_for(lambda: not http.get(presence).json()["red"]["connected"], 5)


def test_a_players_games_are_listed_from_another_slot_on_a_cluster(cluster, clustered):
    """The player's index lives on the player's slot, the games on theirs."""
    with httpx.Client(base_url=clustered.base_url, timeout=10) as http:
        ana = http.post("/v1/players", json={"name": "Ana"}).json()
        ids = []
        for _ in range(4):
            game = http.post("/v1/games", json={"first_player": "red"}).json()
            joined = http.post(
                f"/v1/games/{game['id']}/players", json={"color": "red"}, headers=bearer(ana["key"])
            )
            assert joined.status_code == 201, joined.text
            ids.append(game["id"])
        http.post(f"/v1/games/{ids[0]}/players", json={"color": "black"})  # now Ana's turn
        listed = http.get("/v1/players/me/games", headers=bearer(ana["key"])).json()["items"]
        assert listed[0]["id"] == ids[0] and listed[0]["my_turn"]
        assert {item["id"] for item in listed} == set(ids)
        # Its end relayed to her slot marks it over: listed apart, not read for the rest.
        http.post(f"/v1/games/{ids[0]}/resign", headers=bearer(ana["key"]))
        listed = http.get("/v1/players/me/games", headers=bearer(ana["key"])).json()["items"]
        assert {item["id"] for item in listed} == set(ids[1:])
        finished = http.get(
            "/v1/players/me/games", params={"status": "finished"}, headers=bearer(ana["key"])
        ).json()["items"]
        assert [item["id"] for item in finished] == [ids[0]]
        heard_over = f"buttonup:{{player:{ana['id']}}}:finished"
        nodes = redis.RedisCluster(host="127.0.0.1", port=cluster.nodes[0].port)
        assert nodes.smembers(heard_over) == {ids[0].encode()}


def test_a_players_stream_hears_games_of_other_slots_once_and_resumes_on_a_cluster(clustered):
    with httpx.Client(base_url=clustered.base_url, timeout=10) as http:
        ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
        stream = PlayerStream(clustered.base_url, ana["key"])
        stream.start()
        stream.wait_names(1)
        game, next_seat = a_game_and_its_rematch(http, ana, bo)
        expected = ["games", "game_started", "your_turn", "game_over", "rematch_offered"]
        expected += ["rematch", "game_started"]  # Bo starts the rematch: Ana started
        assert stream.wait_names(len(expected)) == expected
        stream.stop()
        resumed = PlayerStream(clustered.base_url, ana["key"], last_event_id=stream.events[3][0])
        resumed.start()
        resumed.wait_names(len(expected) - 4)
        time.sleep(0.3)
        resumed.stop()
        assert resumed.events == stream.events[4:]
        old = http.get(f"/v1/games/{game['id']}").json()
        assert old["rematch"]["game_id"] == next_seat["game"]["id"]


def test_migrate_upgrades_the_format_1_games_of_every_master(cluster, clustered, capsys):
    """`buttonup migrate` on a cluster: the games an earlier release left are
    spread over the masters, and each is found, upgraded and answers as it did."""
    from buttonup import cli
    from buttonup.store import keys
    from tests.store.test_format1 import GAMES, restore, with_revision_2

    nodes = redis.RedisCluster(host="127.0.0.1", port=cluster.nodes[0].port)
    for game in GAMES.values():
        restore(nodes, game)
    holders = {nodes.keyslot(keys.game_key(game["id"])) // 5462 for game in GAMES.values()}
    assert len(holders) > 1, "the fixtures' games live on more than one master"
    assert cli.main(["migrate", "--redis-url", cluster.url]) == 0
    assert f"{len(GAMES)} games upgraded" in capsys.readouterr().out
    with httpx.Client(base_url=clustered.base_url, timeout=10) as http:
        for game in GAMES.values():
            assert nodes.get(keys.game_key(game["id"])).startswith(b"2 ")
            assert http.get(f"/v1/games/{game['id']}").json() == with_revision_2(game["game"])
    assert cli.main(["migrate", "--redis-url", cluster.url]) == 0
    assert "0 games upgraded" in capsys.readouterr().out


def test_an_arena_on_a_cluster_pairs_its_players_and_counts_their_game_once(cluster, clustered):
    """A tournament's keys share one slot, so each script that pairs or counts
    runs on one master; its games live on their own slots."""
    blitz = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}
    with httpx.Client(base_url=clustered.base_url, timeout=10) as http:
        ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
        keys = {ana["id"]: ana["key"], bo["id"]: bo["key"]}
        arena = {"name": "Cluster arena", "system": "arena", "clock": blitz, "minutes": 30}
        tournament = http.post("/v1/tournaments", json=arena, headers=bearer(ana["key"])).json()
        path = f"/v1/tournaments/{tournament['id']}"
        for player in (ana, bo):
            assert http.post(f"{path}/join", headers=bearer(player["key"])).status_code == 200
        assert http.post(f"{path}/start", headers=bearer(ana["key"])).status_code == 200
        wait_for(lambda: http.get(f"{path}/games").json()["items"], 10)
        (listed,) = http.get(f"{path}/games").json()["items"]
        game = http.get(f"/v1/games/{listed['id']}").json()
        assert game["tournament_id"] == tournament["id"]
        red = game["players"]["red"]["player_id"]
        a_move_each(http, game["id"], keys)  # played: it counts
        resigned = http.post(f"/v1/games/{game['id']}/resign", headers=bearer(keys[red]))
        assert resigned.status_code == 200  # a player's key holds their seat

        def counted() -> int:
            return sum(item["games"] for item in http.get(f"{path}/standings").json()["items"])

        wait_for(lambda: counted() == 2, 10)
        standings = http.get(f"{path}/standings").json()["items"]
        assert [item["score"] for item in standings] == [2, 0]
    nodes = redis.RedisCluster(host="127.0.0.1", port=cluster.nodes[0].port)
    found = list(nodes.scan_iter(match=f"buttonup:{{tournament:{tournament['id']}}}:*", count=1000))
    assert len(found) >= 5 and len({nodes.keyslot(key) for key in found}) == 1
    nodes.close()
