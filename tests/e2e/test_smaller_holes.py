"""The smaller holes and the notation's findings, through `buttonup serve`:
an unscoped Idempotency-Key is one request's on every endpoint, a wrong key
renews no player's record, a finished round's position is valued, text that
is not UTF-8 and a record of a game in play are refused where they go wrong,
and a rated game's rating_diff is what the shown ratings say."""

import httpx
import pytest
import redis

from tests.helpers.games import bearer, open_rated

pytestmark = pytest.mark.e2e

TEXT = {"Content-Type": "text/plain; charset=utf-8"}


def test_an_anonymous_creates_key_sent_to_make_a_player_is_refused(live_server):
    with httpx.Client(base_url=live_server.base_url, timeout=10) as http:
        key = {"Idempotency-Key": "a-create-of-mine-0123456789"}
        assert http.post("/v1/games", json={}, headers=key).status_code == 201
        player = http.post("/v1/players", json={"name": "Ana"}, headers=key)
        assert (player.status_code, player.json()["code"]) == (422, "idempotency_key_reused")


def test_a_wrong_key_renews_no_players_record(live_server, redis_server):
    store = redis.Redis(port=redis_server.port)
    with httpx.Client(base_url=live_server.base_url, timeout=10) as http:
        player = http.post("/v1/players", json={"name": "Ana"}).json()
        record = f"buttonup:{{player:{player['id']}}}:player"
        store.pexpire(record, 60_000)
        forged = player["id"] + "." + "A" * 43
        for _ in range(3):
            assert http.get("/v1/players/me", headers=bearer(forged)).status_code == 401
        assert store.pttl(record) <= 60_000


def test_a_position_whose_round_is_over_is_valued_by_its_final_stack(live_server):
    with httpx.Client(base_url=live_server.base_url, timeout=10) as http:
        answer = http.post(
            "/v1/analysis", json={"position": "-.-.-.-.-.RWRBWWRBB.-.-.-_-_4-15_15_3b"}
        )
        assert answer.json()["value"] == 10


def test_bad_utf8_and_a_game_in_play_are_refused_where_they_are(live_server):
    with httpx.Client(base_url=live_server.base_url, timeout=10) as http:
        body = b'[Red "Ana"]\n[Black "Bo"]\n[Date "2026-12-05"]\n[Target "\xff"]\n'
        problem = http.post("/v1/games/import", content=body, headers=TEXT).json()
        assert (problem["code"], problem["line"], problem["column"]) == ("invalid_record", 4, 10)
        game = http.post("/v1/games", json={"first_player": "red"}).json()
        red = http.post(f"/v1/games/{game['id']}/players", json={"color": "red"}).json()
        black = http.post(f"/v1/games/{game['id']}/players", json={"color": "black"}).json()
        first = {"position": black["game"]["round"]["legal_moves"][0]}
        http.post(f"/v1/games/{game['id']}/moves", json=first, headers=bearer(red["token"]))
        record = http.get(f"/v1/games/{game['id']}/record").text
        at = record.split("\n").index('[Result "*"]') + 1
        problem = http.post("/v1/games/import", content=record.encode(), headers=TEXT).json()
        assert (problem["line"], problem["column"]) == (at, 10)


def test_rating_diff_is_the_shown_rating_after_less_the_shown_rating_before(live_server):
    with httpx.Client(base_url=live_server.base_url, timeout=10) as http:
        players = [http.post("/v1/players", json={"name": n}).json() for n in ("Ana", "Bo")]
        for number in range(6):
            red, black = players[number % 2], players[1 - number % 2]
            before = {
                p["id"]: http.get(f"/v1/players/{p['id']}").json()["ratings"]["untimed"]["rating"]
                for p in players
            }
            game_id = http.post("/v1/games", json={"rated": True}).json()["id"]
            for color, player in (("red", red), ("black", black)):
                http.post(
                    f"/v1/games/{game_id}/players",
                    json={"color": color},
                    headers=bearer(player["key"]),
                )
            open_rated(http, game_id, {"red": red["key"], "black": black["key"]})
            over = http.post(f"/v1/games/{game_id}/resign", headers=bearer(black["key"])).json()
            for color, player in (("red", red), ("black", black)):
                after = http.get(f"/v1/players/{player['id']}").json()["ratings"]["untimed"]
                assert over["rating_diff"][color] == after["rating"] - before[player["id"]]
