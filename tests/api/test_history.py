"""GET /v1/games/{id}/moves: every move by default, or a page with limit/cursor/after."""

from tests.helpers.games import play_out, started_game


def played_game(client, moves):
    game, tokens = started_game(client, seed=8, target_score=30)
    return play_out(client, game, tokens, moves=moves)


def test_without_paging_every_move_comes_back(client):
    game = played_game(client, 30)
    response = client.get(f"/v1/games/{game['id']}/moves")
    assert [m["number"] for m in response.get_json()] == list(range(1, 31))
    assert "Next-Cursor" not in response.headers and "Link" not in response.headers


def test_pages_by_cursor_cover_the_moves_once(client):
    game = played_game(client, 30)
    url = f"/v1/games/{game['id']}/moves"
    numbers, query = [], {"limit": 7}
    while True:
        response = client.get(url, query_string=query)
        assert response.status_code == 200
        numbers += [m["number"] for m in response.get_json()]
        cursor = response.headers.get("Next-Cursor")
        if cursor is None:
            assert "Link" not in response.headers
            break
        assert 'rel="next"' in response.headers["Link"]
        query = {"limit": 7, "cursor": cursor}
    assert numbers == list(range(1, 31))


def test_after_starts_past_a_move_number_and_limit_defaults_to_20(client):
    game = played_game(client, 30)
    url = f"/v1/games/{game['id']}/moves"
    assert [m["number"] for m in client.get(url, query_string={"after": 25}).get_json()] == [
        26,
        27,
        28,
        29,
        30,
    ]
    first = client.get(url, query_string={"after": 0})
    assert len(first.get_json()) == 20 and first.headers["Next-Cursor"]
    assert client.get(url, query_string={"after": 30}).get_json() == []


def test_bad_paging_is_a_validation_error(client):
    game = played_game(client, 2)
    url = f"/v1/games/{game['id']}/moves"
    for query in (
        {"limit": 0},
        {"limit": 101},
        {"after": -1},
        {"cursor": "%%"},
        {"cursor": "MA", "after": 1},
    ):
        response = client.get(url, query_string=query)
        assert response.status_code == 422, query
