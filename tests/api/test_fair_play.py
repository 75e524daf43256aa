"""Fair-play flags through the API on a real Redis: a player who plays
every move perfectly is flagged by the rule within a few games, kept off
the leaderboard and told so on their own page alone; the operator lists
the flag with its evidence and clears or confirms it; only the operator's
key is let in."""

import random
from dataclasses import replace

import pytest

from buttonup.engine.notation import read_position
from buttonup.engine.solver import best_moves, move_margins
from tests.helpers.games import bearer, new_player, open_rated

OPERATOR_KEY = "o" * 40
# An honest-looking opponent's moves: uniform among the legal ones.
RNG = random.Random(56)


@pytest.fixture
def settings(settings):
    return replace(settings, operator_key=OPERATOR_KEY, rated_games_per_pair_per_day=100)


def played_rated(client, perfect: dict, other: dict, perfect_color: str) -> dict:
    """A rated untimed game to its end: `perfect` plays best moves, `other`
    uniform legal ones. The finished game."""
    other_color = "black" if perfect_color == "red" else "red"
    game = client.post("/v1/games", json={"rated": True}).get_json()
    for color, player in ((perfect_color, perfect), (other_color, other)):
        seated = client.post(
            f"/v1/games/{game['id']}/players", json={"color": color}, headers=bearer(player["key"])
        )
        assert seated.status_code == 201
    game = seated.get_json()["game"]
    keys = {perfect_color: perfect["key"], other_color: other["key"]}
    while game["status"] == "playing":
        mover = game["round"]["to_move"]
        if mover == perfect_color:
            position = read_position(game["round"]["position"])
            move = best_moves(move_margins(position.circle, position.to_move))[0]
        else:
            move = RNG.choice(game["round"]["legal_moves"])
        answer = client.post(
            f"/v1/games/{game['id']}/moves", json={"position": move}, headers=bearer(keys[mover])
        )
        assert answer.status_code == 201, answer.get_json()
        game = answer.get_json()["game"]
    return game


def quick_rated(client, red: dict, black: dict, loser: dict) -> None:
    """A rated untimed game opened by both, then resigned by `loser`."""
    game = client.post("/v1/games", json={"rated": True}).get_json()
    for color, player in (("red", red), ("black", black)):
        client.post(
            f"/v1/games/{game['id']}/players", json={"color": color}, headers=bearer(player["key"])
        )
    open_rated(client, game["id"], {"red": red["key"], "black": black["key"]})
    answer = client.post(f"/v1/games/{game['id']}/resign", headers=bearer(loser["key"]))
    assert answer.status_code == 200


def untimed(client, player: dict) -> dict:
    return client.get(f"/v1/players/{player['id']}").get_json()["ratings"]["untimed"]


def fair_play_of(client, player: dict) -> dict | None:
    return client.get("/v1/players/me", headers=bearer(player["key"])).get_json()["fair_play"]


def operator(client, method: str, path: str, key: str | None = OPERATOR_KEY):
    headers = bearer(key) if key is not None else {}
    return getattr(client, method)(f"/v1/fair-play{path}", headers=headers)


def test_a_perfect_player_is_flagged_kept_off_the_board_and_told_alone(whole_app):
    client = whole_app.test_client()  # the ratings wing's profiles and board
    ana, bo = new_player(client, "Ana"), new_player(client, "Bo")
    opened = 0  # first, both on the board: short games, each won in turn
    while untimed(client, ana)["provisional"] or untimed(client, bo)["provisional"]:
        quick_rated(client, ana, bo, (ana, bo)[opened % 2])
        opened += 1
        assert opened < 40
    board = client.get("/v1/leaderboards/untimed?limit=100").get_json()["items"]
    assert {entry["player_id"] for entry in board} == {ana["id"], bo["id"]}
    played = 0
    while fair_play_of(client, ana) is None:
        game = played_rated(client, ana, bo, ("red", "black")[played % 2])
        played += 1
        assert game["review"] is not None and game["rated"]
        seat = "red" if game["players"]["red"]["player_id"] == ana["id"] else "black"
        assert game["review"][seat]["lost"] == 0
        assert played <= 25, "the perfect player is flagged within 25 games"
    flag = fair_play_of(client, ana)
    assert flag["status"] == "flagged" and flag["mattered"] >= 100
    assert flag["perfect"] / flag["mattered"] == pytest.approx(flag["share"], abs=1e-4)
    assert flag["p_value"] < flag["significance"]
    assert fair_play_of(client, bo) is None, "the honest opponent is not"
    public = client.get(f"/v1/players/{ana['id']}").get_json()
    assert "fair_play" not in public and "flag" not in str(public)
    assert public["review"]["games"] == min(50, opened + played)
    board = client.get("/v1/leaderboards/untimed?limit=100").get_json()["items"]
    assert [entry["player_id"] for entry in board] == [bo["id"]], "Ana is off the board"

    listed = operator(client, "get", "/flags").get_json()
    assert [item["player_id"] for item in listed["items"]] == [ana["id"]]
    assert listed["items"][0] == flag and listed["next"] is None
    cleared = operator(client, "post", f"/flags/{ana['id']}/clear").get_json()
    assert cleared["status"] == "cleared" and cleared["decided_at"] is not None
    assert fair_play_of(client, ana)["status"] == "cleared"
    board = client.get("/v1/leaderboards/untimed?limit=100").get_json()["items"]
    assert ana["id"] in {entry["player_id"] for entry in board}, "cleared: back on the board"
    confirmed = operator(client, "post", f"/flags/{ana['id']}/confirm").get_json()
    assert confirmed["status"] == "confirmed"
    board = client.get("/v1/leaderboards/untimed?limit=100").get_json()["items"]
    assert ana["id"] not in {entry["player_id"] for entry in board}


def test_a_cleared_player_is_back_on_the_board_and_judged_afresh(client, app):
    ana, bo = new_player(client, "Ana"), new_player(client, "Bo")
    games = app.extensions["buttonup.games"]
    while fair_play_of(client, ana) is None:
        played_rated(client, ana, bo, "red")
    assert games.flags.off_the_boards([ana["id"], bo["id"]]) == {ana["id"]}
    operator(client, "post", f"/flags/{ana['id']}/clear")
    assert games.flags.off_the_boards([ana["id"], bo["id"]]) == set()
    played_rated(client, ana, bo, "black")  # one game since: too little to flag again
    assert fair_play_of(client, ana)["status"] == "cleared"


@pytest.mark.parametrize(
    ("key", "status", "code"),
    [(None, 401, "unauthorized"), ("w" * 40, 403, "operator_only")],
)
def test_only_the_operators_key_is_let_in(client, key, status, code):
    for method, path in (("get", "/flags"), ("post", "/flags/someone/clear")):
        answer = operator(client, method, path, key)
        assert (answer.status_code, answer.get_json()["code"]) == (status, code)


def test_a_deployment_without_an_operator_key_answers_no_one(client, app):
    app.extensions["buttonup.settings"] = replace(
        app.extensions["buttonup.settings"], operator_key=None
    )
    answer = operator(client, "get", "/flags")
    assert (answer.status_code, answer.get_json()["code"]) == (403, "operator_only")


def test_deciding_on_a_flag_nobody_has_is_404(client):
    answer = operator(client, "post", "/flags/nobody/confirm")
    assert (answer.status_code, answer.get_json()["code"]) == (404, "flag_not_found")
    assert operator(client, "get", "/flags?cursor=x").status_code == 422
