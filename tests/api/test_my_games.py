"""A player's games over HTTP: listed in the order API.md gives, paged, and
checked against the games themselves (an entry no game backs is dropped)."""

from tests.helpers.games import bearer, create_game, join, new_player


def seat(client, game_id: str, player: dict, color: str) -> dict:
    response = client.post(
        f"/v1/games/{game_id}/players", json={"color": color}, headers=bearer(player["key"])
    )
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def my_games(client, player: dict, **query) -> dict:
    response = client.get("/v1/players/me/games", query_string=query, headers=bearer(player["key"]))
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_my_games_put_my_turn_first_then_the_nearest_deadline(client):
    ana = new_player(client, "Ana")
    waiting = create_game(client)
    seat(client, waiting["id"], ana, "red")
    mine = create_game(client, first_player="red")
    seat(client, mine["id"], ana, "red")
    join(client, mine["id"], color="black", name="Bo")
    timed = create_game(client, first_player="black", clock={"type": "per_move", "seconds": 600})
    seat(client, timed["id"], ana, "red")
    join(client, timed["id"], color="black", name="Cy")
    untimed = create_game(client, first_player="black")
    seat(client, untimed["id"], ana, "red")
    join(client, untimed["id"], color="black", name="Di")
    listed = my_games(client, ana)["items"]
    assert [item["id"] for item in listed] == [
        mine["id"],  # Ana's turn
        timed["id"],  # not her turn, a deadline
        waiting["id"],  # then the longest waiting, oldest change first
        untimed["id"],
    ]
    first = listed[0]
    assert (first["color"], first["my_turn"], first["status"]) == ("red", True, "playing")
    assert first["opponent"]["name"] == "Bo" and first["deadline"] is None
    assert listed[1]["deadline"] is not None and listed[1]["my_turn"] is False
    assert ana["key"] not in str(listed)


def test_finished_games_are_listed_apart_newest_first(client):
    ana = new_player(client, "Ana")
    game = create_game(client, first_player="red")
    seat(client, game["id"], ana, "red")
    join(client, game["id"], color="black")
    client.post(f"/v1/games/{game['id']}/resign", headers=bearer(ana["key"]))
    assert my_games(client, ana)["items"] == []
    (finished,) = my_games(client, ana, status="finished")["items"]
    assert (finished["id"], finished["winner"], finished["end_reason"]) == (
        game["id"],
        "black",
        "resignation",
    )


def test_pages_follow_each_other_to_the_last(client):
    ana = new_player(client, "Ana")
    ids = set()
    for _ in range(5):
        game = create_game(client)
        seat(client, game["id"], ana, "red")
        ids.add(game["id"])
    seen, cursor = [], None
    while True:
        query = {"limit": 2, **({"cursor": cursor} if cursor else {})}
        page = my_games(client, ana, **query)
        seen += [item["id"] for item in page["items"]]
        cursor = page["next"]
        if cursor is None:
            break
    assert len(seen) == 5 and set(seen) == ids


def test_an_entry_no_game_backs_is_dropped_from_the_index(client, redis_client):
    ana = new_player(client, "Ana")
    other = create_game(client)  # a game Ana holds no seat of (a join that failed)
    key = f"buttonup:{{player:{ana['id']}}}:games"
    redis_client.zadd(key, {other["id"]: 1, "GoneLongAgo000000000": 2})
    assert my_games(client, ana)["items"] == []
    assert redis_client.zcard(key) == 0


def test_my_games_need_a_known_key_and_a_cursor_the_service_gave(client):
    assert client.get("/v1/players/me/games").status_code == 401
    ana = new_player(client, "Ana")
    bad = client.get(
        "/v1/players/me/games", query_string={"cursor": "bm9wZQ"}, headers=bearer(ana["key"])
    )
    assert bad.status_code == 422 and bad.get_json()["code"] == "validation_error"


def test_the_games_in_play_are_listed_without_reading_those_heard_over(client, redis_client):
    """A player's index keeps up to a thousand games, most of them over: the
    end of each, as it reaches the player, marks it, and a list of the games
    not finished reads only the others (a game over not marked yet is read and
    found over)."""
    ana = new_player(client, "Ana")
    over = create_game(client, first_player="red")
    seat(client, over["id"], ana, "red")
    join(client, over["id"], color="black")
    client.post(f"/v1/games/{over['id']}/resign", headers=bearer(ana["key"]))
    playing = create_game(client)
    seat(client, playing["id"], ana, "red")
    index = f"buttonup:{{player:{ana['id']}}}:games"
    heard_over = f"buttonup:{{player:{ana['id']}}}:finished"
    assert redis_client.smembers(heard_over) == {over["id"].encode()}
    # Gone from Redis: a list that read it would find no game and drop its entry.
    redis_client.delete(f"buttonup:{{{over['id']}}}:game")
    assert [item["id"] for item in my_games(client, ana)["items"]] == [playing["id"]]
    assert redis_client.zscore(index, over["id"]) is not None
    assert my_games(client, ana, status="finished")["items"] == []
    assert redis_client.zscore(index, over["id"]) is None
    assert redis_client.smembers(heard_over) == set()


def test_games_heard_over_that_left_the_index_are_forgotten(client, redis_client):
    ana = new_player(client, "Ana")
    heard_over = f"buttonup:{{player:{ana['id']}}}:finished"
    redis_client.sadd(heard_over, "LeftTheIndex00000000")
    assert my_games(client, ana)["items"] == []
    assert redis_client.exists(heard_over) == 0


def ana_with_games(client) -> tuple[dict, dict[str, list[str]]]:
    """Ana in three games waiting and three in play (one her turn, one with a clock)."""
    ana = new_player(client, "Ana")
    made: dict[str, list[str]] = {"waiting": [], "playing": []}
    for _ in range(3):
        game = create_game(client)
        seat(client, game["id"], ana, "red")
        made["waiting"].append(game["id"])
    for first, clock in (
        ("red", None),
        ("black", {"type": "per_move", "seconds": 600}),
        ("black", None),
    ):
        game = create_game(client, first_player=first, **({"clock": clock} if clock else {}))
        seat(client, game["id"], ana, "red")
        join(client, game["id"], color="black")
        made["playing"].append(game["id"])
    return ana, made


def every_page(client, player: dict, limit: int, **query) -> list[str]:
    ids, cursor = [], None
    while True:
        page = my_games(
            client, player, limit=limit, **({"cursor": cursor} if cursor else {}), **query
        )
        assert len(page["items"]) <= limit
        ids += [item["id"] for item in page["items"]]
        cursor = page["next"]
        if cursor is None:
            return ids


def test_pages_of_the_agenda_add_up_to_the_whole_list_in_each_status(client):
    ana, made = ana_with_games(client)
    whole = [item["id"] for item in my_games(client, ana)["items"]]
    assert sorted(whole) == sorted(made["waiting"] + made["playing"])
    assert whole[:2] == made["playing"][:2]  # her turn, then the deadline
    for limit in (1, 2, 4):
        assert every_page(client, ana, limit) == whole
    assert sorted(every_page(client, ana, 2, status="waiting")) == sorted(made["waiting"])
    assert every_page(client, ana, 2, status="playing") == [
        i for i in whole if i in made["playing"]
    ]
    assert [i for i in whole if i in made["waiting"]] == made["waiting"]  # longest untouched first


def test_an_agenda_is_built_once_for_a_player_whose_games_predate_it(client, redis_client):
    ana, _ = ana_with_games(client)
    whole = [item["id"] for item in my_games(client, ana)["items"]]
    for name in ("agenda:playing", "agenda:waiting", "agenda-built"):
        redis_client.delete(f"buttonup:{{player:{ana['id']}}}:{name}")
    assert [item["id"] for item in my_games(client, ana)["items"]] == whole
    assert redis_client.exists(f"buttonup:{{player:{ana['id']}}}:agenda-built") == 1
    assert redis_client.zcard(f"buttonup:{{player:{ana['id']}}}:agenda:waiting") == 3
