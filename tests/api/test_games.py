"""The game endpoints through Flask's test client on the suite's real Redis."""

import hashlib
import json

from redis.cluster import key_slot

from buttonup.store import keys
from tests.helpers.games import bearer, create_game, join, play, started_game


def test_a_new_game_waits_for_two_players(client):
    response = client.post("/v1/games", json={})
    assert response.status_code == 201
    game = response.get_json()
    assert response.headers["Location"] == f"/v1/games/{game['id']}"
    assert game["status"] == "waiting"
    assert game["version"] == 0
    assert game["target_score"] == 15
    assert game["score"] == {"red": 0, "black": 0}
    assert game["winner"] is None
    assert game["players"]["red"] == {
        "type": "human",
        "name": None,
        "joined": False,
        "level": None,
        "player_id": None,
        "bot": False,
        "rating": None,
        "provisional": None,
    }
    assert game["round"]["to_move"] is None
    assert game["round"]["legal_moves"] == []
    assert game["round"]["number"] == 1
    assert [len(stack) for stack in game["round"]["circle"]] == [1] * 9
    assert game["rounds"] == []
    assert game["created_at"].endswith("Z")


def test_an_empty_body_creates_a_game_with_defaults(client):
    response = client.post("/v1/games")
    assert response.status_code == 201
    assert response.get_json()["target_score"] == 15


def test_game_ids_are_long_and_random(client):
    ids = {create_game(client)["id"] for _ in range(20)}
    assert len(ids) == 20
    assert all(len(game_id) >= 16 for game_id in ids)  # >= 96 bits of base64url


def test_a_seed_makes_the_deal_and_the_first_player_reproducible(client):
    first = create_game(client, seed=99)
    second = create_game(client, seed=99)
    other = create_game(client, seed=100)
    assert first["round"]["circle"] == second["round"]["circle"]
    assert first["round"]["starting_player"] == second["round"]["starting_player"]
    assert (first["round"]["circle"], first["round"]["starting_player"]) != (
        other["round"]["circle"],
        other["round"]["starting_player"],
    )


def test_joining_fills_red_then_black_and_starts_the_game(client):
    game = create_game(client, first_player="black")
    red = join(client, game["id"], name="Ana")
    assert red["color"] == "red"
    assert red["game"]["status"] == "waiting"
    assert red["game"]["version"] == 1
    black = join(client, game["id"])
    assert black["color"] == "black"
    assert black["game"]["status"] == "playing"
    assert black["game"]["version"] == 2
    assert black["game"]["round"]["to_move"] == "black"
    assert black["game"]["round"]["legal_moves"]
    assert black["game"]["players"]["red"]["name"] == "Ana"
    assert red["token"] != black["token"]
    assert len(red["token"]) >= 22  # >= 128 bits


def test_no_response_but_the_join_contains_the_token(client):
    game, tokens = started_game(client)
    texts = [
        client.get(f"/v1/games/{game['id']}").get_data(as_text=True),
        client.get(f"/v1/games/{game['id']}/moves").get_data(as_text=True),
        play(client, game, tokens, game["round"]["legal_moves"][0]).get_data(as_text=True),
    ]
    for text in texts:
        assert tokens["red"] not in text and tokens["black"] not in text


def test_tokens_are_stored_only_as_hashes(client, redis_client):
    game, tokens = started_game(client)
    stored = b"".join(
        redis_client.dump(key) or b"" for key in redis_client.keys(f"buttonup:{{{game['id']}}}:*")
    )
    record = redis_client.get(keys.game_key(game["id"])).decode()
    assert tokens["red"] not in record and tokens["red"].encode() not in stored
    assert hashlib.sha256(tokens["red"].encode()).hexdigest() in record


def test_every_key_of_a_game_shares_one_cluster_slot(client, redis_client):
    game, tokens = started_game(client)
    play(client, game, tokens, game["round"]["legal_moves"][0], **{"Idempotency-Key": "k1"})
    keys = redis_client.keys(f"buttonup:{{{game['id']}}}:*")
    assert len(keys) == 3  # game, events, idempotent replies
    assert len({key_slot(key) for key in keys}) == 1


def test_a_complete_game_plays_to_the_finish(client):
    game, tokens = started_game(client, seed=5, target_score=15)
    moves_played = 0
    while game["status"] == "playing":
        before = game["version"]
        response = play(client, game, tokens, game["round"]["legal_moves"][0])
        assert response.status_code == 201, response.get_json()
        body = response.get_json()
        game = body["game"]
        moves_played += 1
        assert body["move"]["number"] == moves_played
        assert game["version"] == before + 1
    assert game["status"] == "finished"
    assert game["winner"] in ("red", "black")
    assert game["score"][game["winner"]] >= 15
    assert game["round"]["to_move"] is None and game["round"]["legal_moves"] == []
    assert len(game["rounds"]) * 8 == moves_played
    assert sum(r["points"][game["winner"]] for r in game["rounds"]) == game["score"][game["winner"]]
    moves = client.get(f"/v1/games/{game['id']}/moves").get_json()
    assert [m["number"] for m in moves] == list(range(1, moves_played + 1))
    assert moves[-1]["round_over"] is True
    assert sum(m["round_over"] for m in moves) == len(game["rounds"])
    again = client.post(
        f"/v1/games/{game['id']}/moves", json={"position": 0}, headers=bearer(tokens["red"])
    )
    assert again.status_code == 409
    assert again.get_json()["code"] == "game_not_in_progress"


def test_resigning_ends_the_game_for_the_opponent(client):
    game, tokens = started_game(client)
    response = client.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens["red"]))
    assert response.status_code == 200
    finished = response.get_json()
    assert finished["status"] == "finished"
    assert finished["winner"] == "black"
    assert finished["resigned"] == "red"
    assert finished["version"] == game["version"] + 1
    again = client.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens["black"]))
    assert again.status_code == 409
    assert again.get_json()["code"] == "game_not_in_progress"


def test_get_carries_an_etag_and_answers_304_while_unchanged(client):
    game, tokens = started_game(client)
    url = f"/v1/games/{game['id']}"
    response = client.get(url)
    assert response.headers["ETag"] == f'"{game["version"]}"'
    for tag in (
        f'"{game["version"]}"',
        f'W/"{game["version"]}"',
        f'"99", "{game["version"]}"',
        "*",
    ):
        unchanged = client.get(url, headers={"If-None-Match": tag})
        assert unchanged.status_code == 304
        assert unchanged.headers["ETag"] == f'"{game["version"]}"'
        assert unchanged.get_data() == b""
    play(client, game, tokens, game["round"]["legal_moves"][0])
    changed = client.get(url, headers={"If-None-Match": f'"{game["version"]}"'})
    assert changed.status_code == 200
    assert changed.headers["ETag"] == f'"{game["version"] + 1}"'


def test_if_match_applies_a_move_only_at_that_version(client):
    game, tokens = started_game(client)
    position = game["round"]["legal_moves"][0]
    stale = play(client, game, tokens, position, **{"If-Match": f'"{game["version"] - 1}"'})
    assert stale.status_code == 412
    assert stale.get_json()["code"] == "version_mismatch"
    assert stale.get_json()["version"] == game["version"]
    for garbage in ('W/"2"', '"abc"', "nonsense"):
        refused = play(client, game, tokens, position, **{"If-Match": garbage})
        assert refused.status_code == 412
    fresh = play(client, game, tokens, position, **{"If-Match": f'"{game["version"]}"'})
    assert fresh.status_code == 201
    assert client.get(f"/v1/games/{game['id']}").get_json()["version"] == game["version"] + 1


def test_an_idempotent_move_is_applied_once_and_replayed(client):
    game, tokens = started_game(client)
    position = game["round"]["legal_moves"][0]
    headers = {"Idempotency-Key": "move-1"}
    first = play(client, game, tokens, position, **headers)
    assert first.status_code == 201
    second = client.post(
        f"/v1/games/{game['id']}/moves",
        data=json.dumps({"position": position}, indent=2),  # same JSON, other spacing
        content_type="application/json",
        headers={**bearer(tokens[game["round"]["to_move"]]), **headers},
    )
    assert second.status_code == 201
    assert second.get_json() == first.get_json()
    assert len(client.get(f"/v1/games/{game['id']}/moves").get_json()) == 1
    assert client.get(f"/v1/games/{game['id']}").get_json()["version"] == game["version"] + 1
    other_body = client.post(
        f"/v1/games/{game['id']}/moves",
        json={"position": (position + 1) % 9},
        headers={**bearer(tokens[game["round"]["to_move"]]), **headers},
    )
    assert other_body.status_code == 422
    assert other_body.get_json()["code"] == "idempotency_key_reused"


def test_idempotency_keys_are_scoped_to_the_seat(client):
    headers = {"Idempotency-Key": "same"}
    for seed in range(50):
        game, tokens = started_game(client, first_player="red", seed=seed)
        first = play(client, game, tokens, game["round"]["legal_moves"][0], **headers)
        assert first.status_code == 201
        after = first.get_json()["game"]
        if after["round"]["to_move"] == "black":
            break
    response = play(client, after, tokens, after["round"]["legal_moves"][0], **headers)
    assert response.status_code == 201
    assert response.get_json()["move"]["player"] == "black"
    assert response.get_json()["move"]["number"] == 2


def test_failed_requests_are_not_remembered(client):
    game, tokens = started_game(client)
    illegal = next(i for i in range(9) if i not in game["round"]["legal_moves"])
    headers = {"Idempotency-Key": "retry-me"}
    assert play(client, game, tokens, illegal, **headers).status_code == 409
    legal = play(client, game, tokens, game["round"]["legal_moves"][0], **headers)
    assert legal.status_code == 201


def test_an_idempotent_create_returns_the_same_game(client, redis_client):
    headers = {"Idempotency-Key": "create-the-first-game"}
    first = client.post("/v1/games", json={"target_score": 9}, headers=headers)
    second = client.post("/v1/games", json={"target_score": 9}, headers=headers)
    assert first.status_code == second.status_code == 201
    assert first.get_json() == second.get_json()
    assert first.headers["Location"] == second.headers["Location"]
    assert len(redis_client.keys("buttonup:{*}:game")) == 1
    other = client.post("/v1/games", json={"target_score": 10}, headers=headers)
    assert other.status_code == 422
    assert other.get_json()["code"] == "idempotency_key_reused"


def test_idle_games_expire_and_every_change_refreshes_the_clock(app, client, redis_client):
    game, tokens = started_game(client)
    key = keys.game_key(game["id"])
    ttl = app.extensions["buttonup.settings"].game_ttl_seconds
    assert ttl == 30 * 24 * 3600
    redis_client.pexpire(key, 5000)
    redis_client.pexpire(keys.events_key(game["id"]), 5000)
    play(client, game, tokens, game["round"]["legal_moves"][0])
    assert redis_client.pttl(key) > (ttl - 60) * 1000
    assert redis_client.pttl(keys.events_key(game["id"])) > (ttl - 60) * 1000
    redis_client.delete(key)  # what expiry does
    gone = client.get(f"/v1/games/{game['id']}")
    assert gone.status_code == 404
    assert gone.get_json()["code"] == "game_not_found"


def test_storage_errors_are_not_masked_as_success(client, redis_client):
    # A record without a version field is not a game: it reads as absent.
    redis_client.hset(keys.game_key("brokenbrokenbroken"), "record", "{}")
    assert client.get("/v1/games/brokenbrokenbroken").status_code == 404


def test_names_are_validated(client):
    game = create_game(client)
    for bad in ("", " ", "x" * 41, "tab\there", 5):
        response = client.post(f"/v1/games/{game['id']}/players", json={"name": bad})
        assert response.status_code == 422, bad
        assert "name" in response.get_json()["errors"]
    assert join(client, game["id"], name="x" * 40)["game"]["players"]["red"]["name"] == "x" * 40


def test_a_redis_key_of_another_shape_is_never_reached_from_a_game_id(client, redis_client):
    redis_client.set("secret", "x")
    for odd in ("}{", "a}b", "a%7Bb", "x" * 65):
        response = client.get(f"/v1/games/{odd}")
        assert response.status_code == 404
        assert response.get_json()["code"] == "game_not_found"
