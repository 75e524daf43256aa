"""Bot seats over HTTP: they move in the request that hands them the turn."""

import itertools

import pytest

from buttonup.games import pipeline
from tests.helpers.games import bearer, create_game, join


def test_a_human_plays_a_whole_game_against_the_perfect_bot(client):
    game = create_game(client, players={"black": {"type": "bot", "level": "perfect"}})
    assert game["players"]["black"] == {
        "type": "bot",
        "name": "Perfect bot",
        "joined": True,
        "level": "perfect",
        "player_id": None,
        "bot": False,
        "rating": None,
        "provisional": None,
    }
    assert game["status"] == "waiting"
    seat = join(client, game["id"], name="Ana")
    assert seat["color"] == "red"
    game = seat["game"]
    assert game["status"] == "playing"
    assert game["version"] == 1 + len(seat["bot_moves"])
    assert all(m["player"] == "black" for m in seat["bot_moves"])
    human_moves = 0
    while game["status"] == "playing":
        assert game["round"]["to_move"] == "red"  # the bot never leaves the turn to itself
        response = client.post(
            f"/v1/games/{game['id']}/moves",
            json={"position": game["round"]["legal_moves"][0]},
            headers=bearer(seat["token"]),
        )
        assert response.status_code == 201
        body = response.get_json()
        assert body["game"]["version"] == game["version"] + 1 + len(body["bot_moves"])
        assert all(m["player"] == "black" for m in body["bot_moves"])
        game = body["game"]
        human_moves += 1
    assert game["status"] == "finished"
    moves = client.get(f"/v1/games/{game['id']}/moves").get_json()
    assert len(moves) == 8 * len(game["rounds"])
    assert [m["number"] for m in moves] == list(range(1, len(moves) + 1))
    assert sum(m["player"] == "red" for m in moves) == human_moves


@pytest.mark.parametrize("levels", [("random", "greedy"), ("perfect", "perfect")])
def test_bot_against_bot_plays_the_whole_game_at_creation(client, levels):
    game = create_game(
        client,
        seed=5,
        players={
            "red": {"type": "bot", "level": levels[0]},
            "black": {"type": "bot", "level": levels[1]},
        },
    )
    assert game["status"] == "finished" and game["winner"] in ("red", "black")
    moves = client.get(f"/v1/games/{game['id']}/moves").get_json()
    assert len(moves) == 8 * len(game["rounds"]) == game["version"]
    assert client.get(f"/v1/games/{game['id']}").get_json() == game


def test_a_seeded_bot_game_is_reproducible(client):
    options = {
        "seed": 77,
        "players": {"red": {"type": "bot", "level": "random"}, "black": {"type": "bot"}},
    }
    first = create_game(client, **options)
    second = create_game(client, **options)
    strip = lambda g: {k: v for k, v in g.items() if k not in ("id", "created_at", "updated_at")}  # noqa: E731
    assert strip(first) == strip(second)


def test_the_level_defaults_to_perfect_and_belongs_to_bots_only(client):
    game = create_game(client, players={"red": {"type": "bot"}})
    assert game["players"]["red"]["level"] == "perfect"
    assert game["players"]["black"]["joined"] is False
    refused = client.post(
        "/v1/games", json={"players": {"red": {"type": "human", "level": "random"}}}
    )
    assert refused.status_code == 422
    assert "players.red.level" in refused.get_json()["errors"]
    refused = client.post(
        "/v1/games", json={"players": {"red": {"type": "bot", "level": "genius"}}}
    )
    assert refused.status_code == 422


def test_a_bot_seat_cannot_be_taken(client):
    game = create_game(client, players={"red": {"type": "bot"}})
    response = client.post(f"/v1/games/{game['id']}/players", json={"color": "red"})
    assert response.status_code == 409
    assert response.get_json()["code"] == "seat_taken"
    assert join(client, game["id"])["color"] == "black"


def test_two_bots_play_one_share_of_moves_per_request_and_reads_play_on(client, monkeypatch):
    """A request makes at most BOT_MOVES_PER_REQUEST bot replies; a game
    between bots that needs more is played on by the reads that follow,
    the same game it would have been in one go."""
    bots = {"red": {"type": "bot", "level": "random"}, "black": {"type": "bot", "level": "greedy"}}
    whole = create_game(client, seed=11, target_score=10, players=bots)
    assert whole["status"] == "finished"
    monkeypatch.setattr(pipeline, "BOT_MOVES_PER_REQUEST", 8)
    game = create_game(client, seed=11, target_score=10, players=bots)
    assert (game["status"], game["version"]) == ("playing", 8)
    versions = [game["version"]]
    while game["status"] == "playing":
        game = client.get(f"/v1/games/{game['id']}").get_json()
        versions.append(game["version"])
    # Each read: the move due, and at most the share of replies after it.
    assert all(later - earlier <= 1 + 8 for earlier, later in itertools.pairwise(versions))
    assert game["version"] == whole["version"] and game["score"] == whole["score"]
    played = [
        [(m["player"], m["position"]) for m in client.get(f"/v1/games/{g['id']}/moves").get_json()]
        for g in (game, whole)
    ]
    assert played[0] == played[1]
