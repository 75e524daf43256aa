"""Perfect play from any position, without a game: the same answer as the
same position's inside a played game, and a clear refusal of the rest."""

import pytest

from tests.helpers.games import play, started_game


def analyse(client, position: str):
    return client.post("/v1/analysis", json={"position": position})


def test_a_position_is_analysed_as_the_same_position_inside_a_game(client):
    game, tokens = started_game(client, seed=12, first_player="red")
    for _ in range(3):
        in_game = client.get(f"/v1/games/{game['id']}/analysis").get_json()
        alone = analyse(client, game["round"]["position"])
        assert alone.status_code == 200
        body = alone.get_json()
        assert body["position"] == game["round"]["position"] and body["review"] == []
        del in_game["version"], in_game["review"], body["position"], body["review"]
        assert body == in_game
        game = play(client, game, tokens, in_game["best"][0]).get_json()["game"]


def test_asking_again_answers_the_same(client):
    position = "W.W.W.R.R.R.B.B.B_r_0-0_15_1r"
    first = analyse(client, position).get_json()
    assert analyse(client, position).get_json() == first
    assert first["to_move"] == "red" and set(first["best"]) <= {0, 1, 2}


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"position": ""},
        {"position": "W.W.W.R.R.R.B.B.B_r_0-0_15"},
        {"position": "R.W.W.R.R.R.B.B.B_r_0-0_15_1r"},
        {"position": 7},
        {"position": "W" * 200},
        {"position": "W.W.W.R.R.R.B.B.B_r_0-0_15_1r", "depth": 3},
    ],
)
def test_anything_but_a_reachable_position_is_refused(client, body):
    answer = client.post("/v1/analysis", json=body)
    assert answer.status_code == 422
    assert answer.get_json()["code"] == "validation_error"


def test_a_position_whose_round_is_over_is_valued_by_its_final_stack(client):
    """The rulebook's final stack RWRBWWRBB: red 11, black 21, and black
    started round 3: +10 from the starter's side, as the game's own analysis says."""
    answer = client.post(
        "/v1/analysis", json={"position": "-.-.-.-.-.RWRBWWRBB.-.-.-_-_4-15_15_3b"}
    )
    assert answer.status_code == 200, answer.get_json()
    assert (answer.get_json()["value"], answer.get_json()["to_move"]) == (10, None)


@pytest.mark.parametrize(
    ("position", "column", "reason"),
    [
        ("W.W.W.R.R.R.B.B.B_x_0-0_15_1r", 19, "mover"),
        ("W.W.W.R.R.R.B.B.B_r_0-0_15_0r", 28, "round_from_one"),
        ("RRR.WWW.BBB.-.-.-.-.-.-_r_0-0_15_1r", 1, "unreachable"),
    ],
)
def test_a_refused_position_says_where_and_why_as_data(client, position, column, reason):
    answer = client.post("/v1/analysis", json={"position": position})
    assert answer.status_code == 422
    problem = answer.get_json()
    assert problem["code"] == "validation_error"
    assert (problem["line"], problem["column"], problem["reason"]) == (1, column, reason)
    said = f"not a position: column {column}: "
    assert any(message.startswith(said) for message in problem["errors"]["position"])
