"""Players over HTTP: a key shown once and kept only hashed, a seat that
belongs to its player, the key working wherever that seat's token does, and
idempotency keys scoped to the player."""

import orjson
import pytest

from buttonup.games import bot_moves
from buttonup.store.players import record_key
from tests.helpers.games import bearer, create_game, join, new_player


def test_a_player_is_made_with_a_key_shown_once_and_kept_only_hashed(client, redis_client):
    player = new_player(client)
    assert set(player) == {"id", "name", "key", "created_at", "bot", "ratings"}
    assert player["name"] == "Ana" and player["bot"] is False
    assert player["key"].startswith(player["id"] + ".") and len(player["key"]) > 40
    me = client.get("/v1/players/me", headers=bearer(player["key"]))
    assert me.status_code == 200
    own = {k: player[k] for k in ("id", "name", "created_at", "bot", "ratings")}
    assert me.get_json() == {**own, "fair_play": None}, "no flag: nothing to tell"
    secret = player["key"].encode()
    for key in redis_client.scan_iter():
        assert secret not in key
        if redis_client.type(key) == b"string":
            assert secret not in redis_client.get(key)


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Bearer nope"},
        {"Authorization": "Bearer abc.defghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ"},
    ],
)
def test_me_without_a_known_key_is_401(client, headers):
    response = client.get("/v1/players/me", headers=headers)
    assert response.status_code == 401 and response.get_json()["code"] == "unauthorized"


def test_a_wrong_secret_for_a_real_player_is_401(client):
    player = new_player(client)
    forged = player["id"] + "." + "A" * 43
    assert client.get("/v1/players/me", headers=bearer(forged)).status_code == 401


def test_a_retried_create_answers_the_same_player_and_key(client):
    key = {"Idempotency-Key": "make-ana-0123456789"}
    first = new_player(client, **key)
    again = new_player(client, **key)
    assert again == first
    other = client.post("/v1/players", json={"name": "Bo"}, headers=key)
    assert other.status_code == 422 and other.get_json()["code"] == "idempotency_key_reused"


def test_a_seat_joined_with_a_key_is_the_players_and_the_key_plays_it(client):
    ana = new_player(client)
    game = create_game(client, first_player="red")
    seat = client.post(
        f"/v1/games/{game['id']}/players", json={"color": "red"}, headers=bearer(ana["key"])
    ).get_json()
    assert seat["game"]["players"]["red"]["player_id"] == ana["id"]
    assert seat["game"]["players"]["red"]["name"] == "Ana"  # the player's, by default
    assert ana["key"] not in str(seat["game"])
    other = join(client, game["id"], color="black")
    assert other["game"]["players"]["black"]["player_id"] is None
    position = other["game"]["round"]["legal_moves"][0]
    moved = client.post(
        f"/v1/games/{game['id']}/moves", json={"position": position}, headers=bearer(ana["key"])
    )
    assert moved.status_code == 201, moved.get_json()
    # Anyone else's key is no seat of this game.
    bo = new_player(client, "Bo")
    resigned = client.post(f"/v1/games/{game['id']}/resign", headers=bearer(bo["key"]))
    assert resigned.status_code == 401


def test_a_player_takes_one_seat_of_a_game_not_both(client):
    ana = new_player(client)
    game = create_game(client)
    url = f"/v1/games/{game['id']}/players"
    assert client.post(url, json={}, headers=bearer(ana["key"])).status_code == 201
    again = client.post(url, json={}, headers=bearer(ana["key"]))
    assert again.status_code == 409 and again.get_json()["code"] == "seat_taken"


def test_a_join_with_an_unknown_key_is_401_and_takes_no_seat(client):
    game = create_game(client)
    url = f"/v1/games/{game['id']}/players"
    refused = client.post(url, json={}, headers=bearer("nobody." + "x" * 43))
    assert refused.status_code == 401
    assert client.get(f"/v1/games/{game['id']}").get_json()["version"] == 0
    missing = client.post(
        "/v1/games/NoSuchGame0000000000/players", json={}, headers=bearer("nobody." + "x" * 43)
    )
    assert missing.status_code == 404  # the game is looked for first
    # A credential that is no player key at all (a seat token) names no player.
    assert client.post(url, json={}, headers=bearer("a-seat-token")).status_code == 201


def test_a_create_key_is_the_players_own(client):
    ana, bo = new_player(client), new_player(client, "Bo")
    headers = {"Idempotency-Key": "game-1-0123456789"}
    first = client.post("/v1/games", json={}, headers={**headers, **bearer(ana["key"])})
    again = client.post("/v1/games", json={}, headers={**headers, **bearer(ana["key"])})
    others = client.post("/v1/games", json={}, headers={**headers, **bearer(bo["key"])})
    anonymous = client.post("/v1/games", json={}, headers=headers)
    ids = [r.get_json()["id"] for r in (first, again, others, anonymous)]
    assert ids[0] == ids[1] and len(set(ids)) == 3


def test_only_the_players_own_key_keeps_their_record_alive(client, redis_client):
    player = new_player(client)
    record = f"buttonup:{{player:{player['id']}}}:player"
    assert redis_client.exists(record)
    redis_client.pexpire(record, 60_000)
    forged = player["id"] + "." + "A" * 43
    for _ in range(3):
        assert client.get("/v1/players/me", headers=bearer(forged)).status_code == 401
    assert redis_client.pttl(record) <= 60_000, "a wrong key renews nothing"
    assert client.get("/v1/players/me", headers=bearer(player["key"])).status_code == 200
    assert redis_client.pttl(record) > 29 * 24 * 3600 * 1000, "the player's own key renews it"


def test_an_unscoped_idempotency_key_is_one_requests_whatever_the_endpoint(client):
    key = "one-key-for-one-request-0123"
    made = client.post("/v1/games", json={}, headers={"Idempotency-Key": key})
    assert made.status_code == 201
    for path, body in (("/v1/players", {"name": "Ana"}), ("/v1/games", {"hints": False})):
        again = client.post(path, json=body, headers={"Idempotency-Key": key})
        assert again.status_code == 422, again.get_json()
        assert again.get_json()["code"] == "idempotency_key_reused"
    seat = client.post(
        f"/v1/games/{made.get_json()['id']}/players", json={}, headers={"Idempotency-Key": key}
    )
    assert seat.get_json()["code"] == "idempotency_key_reused"
    replayed = client.post("/v1/games", json={}, headers={"Idempotency-Key": key})
    assert replayed.status_code == 201 and replayed.get_json()["id"] == made.get_json()["id"]


@pytest.mark.parametrize("name", ["Ana\u202e", "A\u200bna", "Ana\u0085", "a" * 41, " "])
def test_a_name_with_a_hidden_character_is_refused_everywhere(client, name):
    made = client.post("/v1/players", json={"name": name})
    assert made.status_code == 422 and "name" in made.get_json()["errors"]
    game = client.post("/v1/games", json={}).get_json()
    seat = client.post(f"/v1/games/{game['id']}/players", json={"name": name})
    assert seat.status_code == 422 and "name" in seat.get_json()["errors"]


def test_a_name_is_kept_in_nfc(client):
    made = client.post("/v1/players", json={"name": "Zoe\u0308"}).get_json()
    assert made["name"] == "Zoë"


def test_a_new_player_becomes_a_bot_account_for_good_and_is_marked_in_its_seats(client):
    player = new_player(client, "Robo")
    became = client.post("/v1/players/me/bot", headers=bearer(player["key"]))
    assert became.status_code == 200 and became.get_json()["bot"] is True
    again = client.post("/v1/players/me/bot", headers=bearer(player["key"]))
    assert again.status_code == 200 and again.get_json()["bot"] is True, "nothing changes"
    assert client.get("/v1/players/me", headers=bearer(player["key"])).get_json()["bot"]
    game = client.post("/v1/games", json={}).get_json()
    seated = client.post(
        f"/v1/games/{game['id']}/players", json={"color": "red"}, headers=bearer(player["key"])
    )
    assert seated.get_json()["game"]["players"]["red"]["bot"] is True
    # Read back from storage (its log), not only from the answer that made it.
    players = client.get(f"/v1/games/{game['id']}").get_json()["players"]
    assert players["red"]["bot"] is True and players["black"]["bot"] is False
    assert client.post("/v1/players/me/bot").status_code == 401


def test_a_player_with_a_rated_game_played_does_not_become_a_bot(client, redis_client):
    human = new_player(client, "Ana")
    # A rated game won, as the ratings wing records its end on the player.
    key = record_key(human["id"])
    redis_client.set(key, orjson.dumps({**orjson.loads(redis_client.get(key)), "w": 1}))
    refused = client.post("/v1/players/me/bot", headers=bearer(human["key"]))
    assert (refused.status_code, refused.get_json()["code"]) == (409, "rated_games_played")
    assert client.get("/v1/players/me", headers=bearer(human["key"])).get_json()["bot"] is False


def test_a_bots_moves_are_metered_per_bot_whatever_game_they_are_in(client, monkeypatch):
    monkeypatch.setattr(bot_moves, "BOT_MOVES_PER_MINUTE", 4)  # the real path, a smaller allowance
    robo = new_player(client, "Robo")
    client.post("/v1/players/me/bot", headers=bearer(robo["key"]))
    answers = []
    for _ in range(6):  # a game each move: the allowance is the bot's, not a game's
        game = client.post("/v1/games", json={"first_player": "red"}).get_json()
        seat = {"json": {"color": "red"}, "headers": bearer(robo["key"])}
        assert client.post(f"/v1/games/{game['id']}/players", **seat).status_code == 201
        join(client, game["id"], color="black")
        legal = client.get(f"/v1/games/{game['id']}").get_json()["round"]["legal_moves"]
        moved = client.post(
            f"/v1/games/{game['id']}/moves",
            json={"position": legal[0]},
            headers=bearer(robo["key"]),
        )
        answers.append(moved)
        if moved.status_code == 429:
            break
    refused = answers[-1]
    assert refused.status_code == 429 and refused.get_json()["code"] == "rate_limited"
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert len(answers) in (5, 6), "four moves a minute, then refused (a new minute at most once)"
    assert all(answer.status_code == 201 for answer in answers[:-1])
