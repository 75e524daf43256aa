"""GET /v1/games?status=waiting: public games with an open seat, paged."""

import base64

from buttonup.store import keys
from tests.helpers.games import create_game, join


def page(client, **query):
    response = client.get("/v1/games", query_string=query)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def all_pages(client, limit):
    ids, cursor = [], None
    while True:
        query = {"limit": limit, **({"cursor": cursor} if cursor else {})}
        body = page(client, **query)
        ids += [item["id"] for item in body["items"]]
        cursor = body["next"]
        if cursor is None:
            return ids


def test_public_games_with_an_open_seat_are_listed_newest_first(client):
    created = [create_game(client, visibility="public", target_score=t)["id"] for t in range(1, 8)]
    create_game(client)  # private: never listed
    create_game(
        client, visibility="public", players={"red": {"type": "bot"}, "black": {"type": "bot"}}
    )
    body = page(client, status="waiting")
    assert [item["id"] for item in body["items"]] == created[::-1]
    assert body["next"] is None
    first = body["items"][0]
    assert first["open_seats"] == ["red", "black"]
    assert first["target_score"] == 7
    assert set(first) == {
        "id",
        "created_at",
        "target_score",
        "open_seats",
        "players",
        "clock",
        "category",
        "rated",
        "hints",
    }
    assert (first["clock"], first["category"], first["rated"], first["hints"]) == (
        None,
        "untimed",
        False,
        True,
    )


def test_a_lobby_item_says_its_clock_category_and_whether_rated_or_with_hints(client):
    blitz = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}
    daily = {"type": "per_move", "seconds": 86_400}
    rated = create_game(client, visibility="public", clock=blitz, rated=True)["id"]
    no_hints = create_game(client, visibility="public", clock=daily, hints=False)["id"]
    items = {item["id"]: item for item in page(client, status="waiting")["items"]}
    assert {key: items[rated][key] for key in ("clock", "category", "rated", "hints")} == {
        "clock": blitz,
        "category": "blitz",
        "rated": True,
        "hints": False,
    }
    assert {key: items[no_hints][key] for key in ("clock", "category", "rated", "hints")} == {
        "clock": daily,
        "category": "daily",
        "rated": False,
        "hints": False,
    }


def test_pages_follow_each_other_without_gaps_or_repeats(client):
    created = [create_game(client, visibility="public")["id"] for _ in range(23)]
    for limit in (1, 5, 7, 23, 100):
        assert all_pages(client, limit) == created[::-1]
    body = page(client, limit=5)
    assert len(body["items"]) == 5 and body["next"]


def test_a_game_leaves_the_lobby_when_its_seats_fill_or_it_expires(client, redis_client):
    full = create_game(client, visibility="public")["id"]
    half = create_game(client, visibility="public", players={"black": {"type": "bot"}})["id"]
    gone = create_game(client, visibility="public")["id"]
    waiting = create_game(client, visibility="public")["id"]
    join(client, full)
    assert [i["id"] for i in page(client)["items"]] == [waiting, gone, half, full]
    listed_half = next(i for i in page(client)["items"] if i["id"] == half)
    assert listed_half["open_seats"] == ["red"]
    join(client, full)
    join(client, half)
    redis_client.delete(keys.game_key(gone))  # what expiry does
    assert [i["id"] for i in page(client)["items"]] == [waiting]
    # The index forgets what it found stale.
    assert redis_client.zrange(keys.LOBBY_KEY, 0, -1) == [waiting.encode()]


def test_a_page_is_filled_past_games_that_left(client, redis_client):
    created = [create_game(client, visibility="public")["id"] for _ in range(10)]
    for game_id in created[5:]:  # the five newest fill up
        join(client, game_id)
        join(client, game_id)
    body = page(client, limit=3)
    assert [i["id"] for i in body["items"]] == created[4:1:-1]
    assert [i["id"] for i in page(client, limit=3, cursor=body["next"])["items"]] == created[1::-1]


def test_bad_lobby_queries_are_validation_errors(client):
    for query in (
        {"status": "finished"},
        {"limit": 0},
        {"limit": 101},
        {"limit": "many"},
        {"cursor": "!!!"},
        {"cursor": base64.urlsafe_b64encode(b"nan:x").decode()},
    ):
        response = client.get("/v1/games", query_string=query)
        assert response.status_code == 422, query
        assert response.get_json()["code"] == "validation_error"
