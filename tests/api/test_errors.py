"""Every row of API.md's error table, and the order in which they answer."""

import pytest

from tests.helpers.games import bearer, create_game, play, started_game
from tests.helpers.wings import every_problem_code

EVERY_CODE = every_problem_code()

PROBLEM = "application/problem+json"


def assert_problem(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    body = response.get_json(force=True)
    assert body["status"] == status
    assert body["code"] == code
    assert EVERY_CODE[code][0] == status  # the catalogue the spec's enum is made from
    assert body["title"] and body["detail"] and body["type"]
    return body


def test_400_malformed_json(client):
    response = client.post("/v1/games", data="{oops", content_type="application/json")
    assert_problem(response, 400, "malformed_json")


def test_400_malformed_json_past_a_fixed_depth_and_not_before(client):
    deep = "[" * 33 + "]" * 33
    assert_problem(
        client.post("/v1/games", json=None, data=deep, content_type="application/json"),
        400,
        "malformed_json",
    )
    # 32 deep parses, and is then refused by the schema.
    within = "[" * 32 + "]" * 32
    response = client.post("/v1/games", data=within, content_type="application/json")
    assert_problem(response, 422, "validation_error")
    # Brackets inside a string are text, not nesting.
    game = create_game(client)
    name = client.post(f"/v1/games/{game['id']}/players", json={"name": "[{" * 20})
    assert name.status_code == 201, name.get_json()


def test_400_body_that_is_not_utf8(client):
    response = client.post("/v1/games", data=b"\xff\xfe", content_type="application/json")
    assert_problem(response, 400, "malformed_json")


@pytest.mark.parametrize(
    "header",
    [None, "", "Bearer", "Bearer ", "Basic abc", "Bearer a b", "bearer unknown-token"],
)
def test_401_missing_malformed_or_unknown_token(client, header):
    game, _ = started_game(client)
    headers = {"Authorization": header} if header is not None else {}
    response = client.post(f"/v1/games/{game['id']}/moves", json={"position": 0}, headers=headers)
    body = assert_problem(response, 401, "unauthorized")
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert "version" not in body


def test_401_token_of_another_game(client):
    game, _ = started_game(client)
    _, other_tokens = started_game(client)
    response = client.post(f"/v1/games/{game['id']}/resign", headers=bearer(other_tokens["red"]))
    assert_problem(response, 401, "unauthorized")


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/v1/games/doesnotexist000000"),
        ("get", "/v1/games/doesnotexist000000/moves"),
        ("post", "/v1/games/doesnotexist000000/players"),
        ("post", "/v1/games/doesnotexist000000/resign"),
    ],
)
def test_404_game_not_found(client, method, path):
    response = getattr(client, method)(path, headers=bearer("whatever"))
    assert_problem(response, 404, "game_not_found")


def test_404_game_not_found_for_a_move(client):
    response = client.post(
        "/v1/games/doesnotexist000000/moves", json={"position": 1}, headers=bearer("x")
    )
    assert_problem(response, 404, "game_not_found")


@pytest.mark.parametrize("path", ["/boards", "/v1", "/v1/games/x/y", "/nope", "/v2/games"])
def test_404_unknown_path(client, path):
    assert_problem(client.get(path), 404, "not_found")
    assert_problem(client.post(path, data="x", content_type="text/plain"), 404, "not_found")


def test_the_board_page_takes_only_get(client):
    assert client.get("/").status_code == 200
    assert_problem(client.post("/", json={}), 405, "method_not_allowed")


def test_409_seat_taken_and_game_full(client):
    game = create_game(client)
    client.post(f"/v1/games/{game['id']}/players", json={"color": "red"})
    taken = client.post(f"/v1/games/{game['id']}/players", json={"color": "red"})
    body = assert_problem(taken, 409, "seat_taken")
    assert body["version"] == 1
    client.post(f"/v1/games/{game['id']}/players", json={})
    full = client.post(f"/v1/games/{game['id']}/players", json={})
    assert assert_problem(full, 409, "game_full")["version"] == 2
    black = client.post(f"/v1/games/{game['id']}/players", json={"color": "black"})
    assert_problem(black, 409, "seat_taken")


def test_409_game_not_in_progress_while_waiting(client):
    game = create_game(client)
    token = client.post(f"/v1/games/{game['id']}/players", json={}).get_json()["token"]
    move = client.post(f"/v1/games/{game['id']}/moves", json={"position": 0}, headers=bearer(token))
    assert assert_problem(move, 409, "game_not_in_progress")["version"] == 1
    resign = client.post(f"/v1/games/{game['id']}/resign", headers=bearer(token))
    assert_problem(resign, 409, "game_not_in_progress")


def test_409_not_your_turn(client):
    game, tokens = started_game(client)
    waiting = "red" if game["round"]["to_move"] == "black" else "black"
    response = client.post(
        f"/v1/games/{game['id']}/moves",
        json={"position": game["round"]["legal_moves"][0]},
        headers=bearer(tokens[waiting]),
    )
    assert assert_problem(response, 409, "not_your_turn")["version"] == game["version"]


def test_409_illegal_move_on_a_stack_without_white_and_on_an_empty_position(client):
    game, tokens = started_game(client)
    no_white = next(i for i in range(9) if i not in game["round"]["legal_moves"])
    assert_problem(play(client, game, tokens, no_white), 409, "illegal_move")
    emptied = game["round"]["legal_moves"][0]
    after = play(client, game, tokens, emptied).get_json()["game"]
    assert after["round"]["circle"][emptied] == []
    assert_problem(play(client, after, tokens, emptied), 409, "illegal_move")


def test_405_method_not_allowed_with_allow(client):
    response = client.delete("/v1/games")
    assert_problem(response, 405, "method_not_allowed")
    assert "POST" in response.headers["Allow"]
    game = create_game(client)
    response = client.put(f"/v1/games/{game['id']}/moves", json={})
    assert_problem(response, 405, "method_not_allowed")
    assert set(response.headers["Allow"].replace(" ", "").split(",")) >= {"GET", "POST"}


def test_405_for_options_that_is_no_cors_preflight(client):
    response = client.options("/v1/games")
    assert_problem(response, 405, "method_not_allowed")
    assert "POST" in response.headers["Allow"]


def test_412_version_mismatch_carries_the_version(client):
    game, tokens = started_game(client)
    response = play(client, game, tokens, game["round"]["legal_moves"][0], **{"If-Match": '"0"'})
    assert assert_problem(response, 412, "version_mismatch")["version"] == game["version"]


def test_413_payload_too_large(client):
    body = '{"name": "' + "x" * (17 * 1024) + '"}'
    game = create_game(client)
    response = client.post(
        f"/v1/games/{game['id']}/players", data=body, content_type="application/json"
    )
    assert_problem(response, 413, "payload_too_large")


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded"])
def test_415_unsupported_media_type(client, content_type):
    response = client.post("/v1/games", data="target_score=3", content_type=content_type)
    assert_problem(response, 415, "unsupported_media_type")


@pytest.mark.parametrize(
    "body",
    [
        {"target_score": "1"},
        {"target_score": 1.5},
        {"target_score": True},
        {"target_score": 0},
        {"target_score": 101},
        {"first_player": "white"},
        {"visibility": "secret"},
        {"seed": 2**64},
        {"players": {"red": {"type": "robot"}}},
        {"players": {"green": {"type": "human"}}},
        {"unknown": 1},
        [1, 2],
    ],
)
def test_422_validation_error_on_create(client, body):
    response = client.post("/v1/games", json=body)
    problem = assert_problem(response, 422, "validation_error")
    assert problem["errors"]


@pytest.mark.parametrize(
    "body", [{}, {"position": "1"}, {"position": 9}, {"position": -1}, {"position": 1, "x": 2}]
)
def test_422_validation_error_on_a_move(client, body):
    game, tokens = started_game(client)
    response = client.post(
        f"/v1/games/{game['id']}/moves", json=body, headers=bearer(tokens["red"])
    )
    problem = assert_problem(response, 422, "validation_error")
    assert problem["errors"]


def test_422_idempotency_key_too_long(client):
    response = client.post("/v1/games", json={}, headers={"Idempotency-Key": "k" * 65})
    problem = assert_problem(response, 422, "validation_error")
    assert "Idempotency-Key" in problem["errors"]


def test_422_idempotency_key_reused(client):
    key = {"Idempotency-Key": "abcdefghijklmnop"}
    client.post("/v1/games", json={}, headers=key)
    response = client.post("/v1/games", json={"seed": 1}, headers=key)
    assert_problem(response, 422, "idempotency_key_reused")


def test_500_internal_error_says_nothing_of_the_internals(app, client, monkeypatch):
    def broken(*_args, **_kwargs):
        raise RuntimeError("secret internals /etc/passwd")

    monkeypatch.setattr(app.extensions["buttonup.games"], "get", broken)
    response = client.get("/v1/games/anything0000000000")
    body = assert_problem(response, 500, "internal_error")
    assert "secret" not in response.get_data(as_text=True)
    assert "Traceback" not in response.get_data(as_text=True)
    assert body["detail"] == "an unexpected error occurred"


# Precedence: 422 (body or parameters), 404 (game), 401 (token), 412, 409.


def test_422_comes_before_404(client):
    response = client.post(
        "/v1/games/doesnotexist000000/moves", json={"position": "x"}, headers=bearer("x")
    )
    assert_problem(response, 422, "validation_error")


def test_404_comes_before_401(client):
    response = client.post("/v1/games/doesnotexist000000/moves", json={"position": 1})
    assert_problem(response, 404, "game_not_found")


def test_401_comes_before_412(client):
    game, _ = started_game(client)
    response = client.post(
        f"/v1/games/{game['id']}/moves",
        json={"position": 1},
        headers={"If-Match": '"0"', **bearer("wrong")},
    )
    assert_problem(response, 401, "unauthorized")


def test_412_comes_before_409(client):
    game, tokens = started_game(client)
    waiting = "red" if game["round"]["to_move"] == "black" else "black"
    response = client.post(
        f"/v1/games/{game['id']}/moves",
        json={"position": 1},
        headers={"If-Match": '"0"', **bearer(tokens[waiting])},
    )
    assert_problem(response, 412, "version_mismatch")


def test_refused_requests_change_nothing(client):
    game, tokens = started_game(client)
    no_white = next(i for i in range(9) if i not in game["round"]["legal_moves"])
    play(client, game, tokens, no_white)
    play(client, game, tokens, game["round"]["legal_moves"][0], **{"If-Match": '"0"'})
    after = client.get(f"/v1/games/{game['id']}").get_json()
    assert after == game
    assert client.get(f"/v1/games/{game['id']}/moves").get_json() == []
