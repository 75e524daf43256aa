"""Two app instances on one Redis stand for two service processes: what one
process remembers of a game must never decide what the other did."""

import pytest

from buttonup.app import create_app
from tests.helpers.games import bearer, started_game


@pytest.fixture
def other_client(settings):
    return create_app(settings).test_client()


def move(client, game_id, token, position, **headers):
    return client.post(
        f"/v1/games/{game_id}/moves",
        json={"position": position},
        headers={**bearer(token), **headers},
    )


def alternating_games(client):
    """Games where red's first move gives the turn to black: (game, after, tokens)."""
    for seed in range(200):
        game, tokens = started_game(client, seed=seed, first_player="red")
        first = move(client, game["id"], tokens["red"], game["round"]["legal_moves"][0])
        after = first.get_json()["game"]
        if after["round"]["to_move"] == "black":
            yield game, after, tokens


def first_move_without_extra_turn(client):
    return next(alternating_games(client))


def test_a_stale_process_applies_the_move_on_the_current_state(client, other_client):
    game, after, tokens = first_move_without_extra_turn(client)
    # `client` now remembers version v+1; the other process plays black's move.
    response = move(other_client, game["id"], tokens["black"], after["round"]["legal_moves"][0])
    assert response.status_code == 201
    current = response.get_json()["game"]
    # Back on the stale process: red's move must be judged on the current state.
    position = current["round"]["legal_moves"][0]
    to_move = current["round"]["to_move"]
    response = move(client, game["id"], tokens[to_move], position)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["game"]["version"] == current["version"] + 1
    moves = client.get(f"/v1/games/{game['id']}/moves").get_json()
    assert [m["number"] for m in moves] == [1, 2, 3]


def test_a_refusal_is_never_answered_from_a_stale_record(client, other_client):
    for game, after, tokens in alternating_games(client):
        played = move(other_client, game["id"], tokens["black"], after["round"]["legal_moves"][0])
        current = played.get_json()["game"]
        if current["round"]["to_move"] == "red":
            break
    # This process still holds the record where black is to move; red's move
    # must be judged on the current state, where it is red's turn.
    response = move(client, game["id"], tokens["red"], current["round"]["legal_moves"][0])
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["move"]["number"] == 3


def test_if_match_is_judged_on_the_current_version(client, other_client):
    game, after, tokens = first_move_without_extra_turn(client)
    played = move(other_client, game["id"], tokens["black"], after["round"]["legal_moves"][0])
    current = played.get_json()["game"]
    token = tokens[current["round"]["to_move"]]
    position = current["round"]["legal_moves"][0]
    stale = move(client, game["id"], token, position, **{"If-Match": f'"{after["version"]}"'})
    assert stale.status_code == 412
    assert stale.get_json()["version"] == current["version"]
    fresh = move(client, game["id"], token, position, **{"If-Match": f'"{current["version"]}"'})
    assert fresh.status_code == 201


def test_a_join_is_judged_on_the_current_seats(client, other_client):
    game = client.post("/v1/games", json={}).get_json()  # `client` remembers it
    url = f"/v1/games/{game['id']}/players"
    taken = other_client.post(url, json={"color": "red"})
    assert taken.status_code == 201
    refused = client.post(url, json={"color": "red"})
    assert refused.status_code == 409
    assert refused.get_json()["code"] == "seat_taken"
    joined = client.post(url, json={})
    assert joined.status_code == 201
    assert joined.get_json()["color"] == "black"
    assert joined.get_json()["game"]["version"] == 2
    assert client.post(url, json={}).get_json()["code"] == "game_full"
