"""Idempotency-Keys through `buttonup serve`: nobody else can replay one into
a secret, a replay lasts the idempotency TTL only, and a key answers only
the very request it was first sent with."""

import time
import uuid

import httpx
import pytest

from tests.conftest import LiveServer
from tests.helpers.games import bearer, start_game

pytestmark = pytest.mark.e2e
TTL_SECONDS = 2


@pytest.fixture(scope="module")
def short_ttl_server(redis_server):
    server = LiveServer(
        ["--redis-url", redis_server.url, "--workers", "2"],
        env={"BUTTONUP_IDEMPOTENCY_TTL": str(TTL_SECONDS)},
    )
    yield server
    server.stop(quickly=True)


@pytest.fixture
def http(short_ttl_server):
    with httpx.Client(base_url=short_ttl_server.base_url, timeout=10) as client:
        yield client


def key() -> dict[str, str]:
    return {"Idempotency-Key": str(uuid.uuid4())}


@pytest.mark.parametrize("path", ["/v1/players", "/v1/games"])
def test_a_short_key_that_no_player_key_scopes_is_refused(http, path):
    for client_number in range(2):  # two clients numbering their keys alike
        answer = http.post(path, headers={"Idempotency-Key": "demo-1"})
        assert answer.status_code == 422, (client_number, answer.text)
        assert answer.json()["code"] == "validation_error"
        assert "Idempotency-Key" in answer.json()["errors"]


def test_a_short_key_on_a_join_without_a_player_key_is_refused(http):
    game_id = http.post("/v1/games", json={}).json()["id"]
    answer = http.post(f"/v1/games/{game_id}/players", headers={"Idempotency-Key": "1"})
    assert answer.status_code == 422 and "Idempotency-Key" in answer.json()["errors"]
    # The seat is still open: nothing was taken.
    assert http.get(f"/v1/games/{game_id}").json()["players"]["red"]["joined"] is False


def test_a_short_key_is_fine_where_a_player_key_scopes_it(http):
    ana = http.post("/v1/players", json={"name": "Ana"}).json()
    made = http.post("/v1/games", headers={**bearer(ana["key"]), "Idempotency-Key": "1"})
    again = http.post("/v1/games", headers={**bearer(ana["key"]), "Idempotency-Key": "1"})
    assert made.status_code == again.status_code == 201
    assert made.json()["id"] == again.json()["id"]


def test_a_player_retried_within_the_ttl_is_the_same_and_after_it_a_new_one(http):
    headers = key()
    first = http.post("/v1/players", json={"name": "Ana"}, headers=headers)
    again = http.post("/v1/players", json={"name": "Ana"}, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert http.get("/v1/players/me", headers=bearer(first.json()["key"])).status_code == 200
    time.sleep(TTL_SECONDS + 1)
    later = http.post("/v1/players", json={"name": "Ana"}, headers=headers)
    assert later.status_code == 201
    assert later.json()["id"] != first.json()["id"]
    assert later.json()["key"] != first.json()["key"]
    # The first player is still the first key's, and only its.
    me = http.get("/v1/players/me", headers=bearer(first.json()["key"])).json()
    assert me["id"] == first.json()["id"]


def test_a_join_retried_within_the_ttl_gets_its_seat_and_after_it_is_a_new_request(http):
    game_id = http.post("/v1/games", json={}).json()["id"]
    headers = key()
    first = http.post(f"/v1/games/{game_id}/players", json={"color": "red"}, headers=headers)
    again = http.post(f"/v1/games/{game_id}/players", json={"color": "red"}, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    time.sleep(TTL_SECONDS + 1)
    later = http.post(f"/v1/games/{game_id}/players", json={"color": "red"}, headers=headers)
    assert later.status_code == 409 and later.json()["code"] == "seat_taken"


def test_a_move_key_sent_again_on_resign_is_refused_and_nothing_happens(http):
    game, tokens = start_game(http, first_player="red", seed=3)
    red = bearer(tokens["red"])
    headers = {**red, "Idempotency-Key": "k1"}  # seat-scoped: any length
    body = {"position": game["round"]["legal_moves"][0]}
    moved = http.post(f"/v1/games/{game['id']}/moves", json=body, headers=headers)
    assert moved.status_code == 201
    for action in ("resign", "abort", "claim-victory"):
        same_body = http.post(f"/v1/games/{game['id']}/{action}", json=body, headers=headers)
        assert same_body.status_code == 422, (action, same_body.text)
        no_body = http.post(f"/v1/games/{game['id']}/{action}", headers=headers)
        assert no_body.status_code == 422, (action, no_body.text)
        assert no_body.json()["code"] == "idempotency_key_reused"
    now = http.get(f"/v1/games/{game['id']}").json()
    assert now["status"] == "playing" and now["version"] == moved.json()["game"]["version"]


def test_resign_abort_and_claim_replay_only_themselves(http):
    game, tokens = start_game(http, first_player="red")
    headers = {**bearer(tokens["red"]), "Idempotency-Key": "abort-1"}
    aborted = http.post(f"/v1/games/{game['id']}/abort", headers=headers)
    assert aborted.status_code == 200 and aborted.json()["end_reason"] == "aborted"
    again = http.post(f"/v1/games/{game['id']}/abort", json={}, headers=headers)
    assert again.status_code == 200 and again.json() == aborted.json()
    resigned = http.post(f"/v1/games/{game['id']}/resign", headers=headers)
    assert resigned.status_code == 422 and resigned.json()["code"] == "idempotency_key_reused"


def test_the_same_key_on_another_game_is_another_request(http):
    first, first_tokens = start_game(http, first_player="red")
    second, second_tokens = start_game(http, first_player="red")
    headers = {"Idempotency-Key": "resign-1"}
    for game, tokens in ((first, first_tokens), (second, second_tokens)):
        answer = http.post(
            f"/v1/games/{game['id']}/resign", headers={**headers, **bearer(tokens["red"])}
        )
        assert answer.status_code == 200 and answer.json()["winner"] == "black"


@pytest.mark.parametrize("action", ["resign", "abort", "claim-victory", "rematch"])
@pytest.mark.parametrize("body", [[], {"position": 1}, "x", 0])
def test_bodies_of_actions_without_fields_are_empty_or_an_empty_object(http, action, body):
    game, tokens = start_game(http, first_player="red")
    answer = http.post(f"/v1/games/{game['id']}/{action}", json=body, headers=bearer(tokens["red"]))
    assert answer.status_code == 422, answer.text
    assert answer.json()["code"] == "validation_error"
    after = http.get(f"/v1/games/{game['id']}").json()
    assert after["status"] == "playing" and after["version"] == game["version"]


def test_a_moves_reply_is_kept_for_the_ttl_only_though_its_game_goes_on(http):
    game, tokens = start_game(http, first_player="red")
    headers = {**bearer(tokens["red"]), "Idempotency-Key": "move-1"}
    body = {"position": game["round"]["legal_moves"][0]}
    first = http.post(f"/v1/games/{game['id']}/moves", json=body, headers=headers)
    again = http.post(f"/v1/games/{game['id']}/moves", json=body, headers=headers)
    assert first.status_code == again.status_code == 201 and again.json() == first.json()
    time.sleep(TTL_SECONDS + 1)
    later = http.post(f"/v1/games/{game['id']}/moves", json=body, headers=headers)
    # A new request now: refused or applied as one, never the first answer again.
    assert later.status_code != 201 or later.json()["move"]["number"] == 2
