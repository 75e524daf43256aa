"""A cursor the service did not give is 422 validation_error, through
`buttonup serve`: never a 503, never counted as a Redis error, never read as
a position of its own."""

import base64

import pytest

from tests.helpers.games import play_out, start_game


def cursor_of(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


FORGED = [
    "1e300:",
    "1e19:",
    "9223372036854775808:",
    "-5:",
    "1.5:",
    "nan:",
    "inf:",
    " 5:",
    "5",
    "05:",
    "5:x",
    "",
]


def redis_errors(http) -> float:
    for line in http.get("/metrics").text.splitlines():
        if line.startswith("buttonup_redis_errors_total"):
            return float(line.split()[-1])
    return 0.0


def played_game(http, moves: int) -> str:
    game, tokens = start_game(http, target_score=5)
    return play_out(http, game, tokens, moves=moves)["id"]


@pytest.mark.parametrize("text", FORGED)
def test_a_forged_moves_cursor_is_refused(http, text):
    game_id = played_game(http, 3)
    before = redis_errors(http)
    for cursor in (cursor_of(text), text or "%", "!!!", "A" * 300):
        response = http.get(f"/v1/games/{game_id}/moves", params={"cursor": cursor, "limit": 2})
        assert response.status_code == 422, (cursor, response.text)
        assert response.json()["code"] == "validation_error"
    assert redis_errors(http) == before


@pytest.mark.parametrize(
    "text", [text for text in FORGED if text != "5:x"] + ["5:", "1764590000000000:-bad id!"]
)
def test_a_forged_lobby_cursor_is_refused(http, text):
    response = http.get("/v1/games", params={"cursor": cursor_of(text)})
    assert response.status_code == 422, (text, response.text)
    assert response.json()["code"] == "validation_error"


def test_the_cursors_the_service_gives_page_through_everything(http):
    game_id = played_game(http, 7)
    everything = http.get(f"/v1/games/{game_id}/moves").json()
    paged, params = [], {"limit": 3}
    while True:
        response = http.get(f"/v1/games/{game_id}/moves", params=params)
        assert response.status_code == 200
        paged += response.json()
        if "Next-Cursor" not in response.headers:
            break
        params = {"limit": 3, "cursor": response.headers["Next-Cursor"]}
    assert paged == everything and len(everything) >= 7
    for _ in range(4):
        http.post("/v1/games", json={"visibility": "public"})
    first = http.get("/v1/games", params={"limit": 2}).json()
    second = http.get("/v1/games", params={"limit": 2, "cursor": first["next"]})
    assert second.status_code == 200
    ids = [game["id"] for game in first["items"] + second.json()["items"]]
    assert len(set(ids)) == len(ids) == 4
