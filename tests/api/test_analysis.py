"""GET /v1/games/{id}/analysis over HTTP, checked by exhaustive search."""

import random

from tests import reference_rules as ref
from tests.helpers.games import bearer, create_game, started_game
from tests.long_records import tied_record


def analysis_of(client, game_id):
    response = client.get(f"/v1/games/{game_id}/analysis")
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_analysis_agrees_with_exhaustive_search_along_random_games(client):
    rng = random.Random(11)
    checked = 0
    for _ in range(12):
        game, tokens = started_game(client, seed=rng.randrange(2**31), target_score=8)
        while game["status"] == "playing":
            analysis = analysis_of(client, game["id"])
            to_move = game["round"]["to_move"]
            expected = ref.margins_for(ref.to_letters(game["round"]["circle"]), to_move)
            assert analysis["version"] == game["version"]
            assert analysis["round"] == game["round"]["number"]
            assert analysis["to_move"] == to_move
            assert {m["position"]: m["margin"] for m in analysis["moves"]} == expected
            assert analysis["value"] == max(expected.values())
            assert analysis["best"] == sorted(
                p for p, m in expected.items() if m == analysis["value"]
            )
            checked += 1
            position = rng.choice(game["round"]["legal_moves"])
            game = client.post(
                f"/v1/games/{game['id']}/moves",
                json={"position": position},
                headers=bearer(tokens[to_move]),
            ).get_json()["game"]
        final = analysis_of(client, game["id"])
        last = game["rounds"][-1]
        starter, other = (
            last["starting_player"],
            "black" if last["starting_player"] == "red" else "red",
        )
        assert final["to_move"] is None and final["moves"] == [] and final["best"] == []
        assert final["value"] == last["strength"][starter] - last["strength"][other]
        assert [r["number"] for r in final["review"]] == [r["number"] for r in game["rounds"]]
        for review, result in zip(final["review"], game["rounds"], strict=True):
            assert len(review["moves"]) == 8
            assert all(m["loss"] == m["best_margin"] - m["margin"] >= 0 for m in review["moves"])
            starter = result["starting_player"]
            other = "black" if starter == "red" else "red"
            opening = ref.margins_for(ref.to_letters(result["initial_circle"]), starter)
            assert review["opening_value"] == max(opening.values())
            strength = result["strength"]
            assert review["final_margin"] == strength[starter] - strength[other]
    assert checked > 200


def test_a_waiting_game_has_no_analysis(client):
    game = create_game(client)
    response = client.get(f"/v1/games/{game['id']}/analysis")
    assert response.status_code == 409
    assert response.get_json()["code"] == "game_not_in_progress"


def test_a_round_cut_short_by_resignation_is_worth_zero(client):
    game, tokens = started_game(client)
    client.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens["red"]))
    analysis = analysis_of(client, game["id"])
    assert analysis["to_move"] is None and analysis["value"] == 0 and analysis["moves"] == []


def test_analysis_of_an_unknown_game_is_404(client):
    response = client.get("/v1/games/doesnotexist000000/analysis")
    assert response.status_code == 404
    assert response.get_json()["code"] == "game_not_found"


def test_a_game_created_without_hints_answers_analysis_only_once_over(client):
    game, tokens = started_game(client, hints=False)
    assert game["hints"] is False
    refused = client.get(f"/v1/games/{game['id']}/analysis")
    assert refused.status_code == 403
    assert refused.mimetype == "application/problem+json"
    assert refused.get_json()["code"] == "hints_disabled"
    assert refused.get_json()["version"] == game["version"]
    client.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens["red"]))
    assert client.get(f"/v1/games/{game['id']}/analysis").status_code == 200


def test_hints_are_on_by_default_and_must_be_a_json_boolean(client):
    game, _ = started_game(client)
    assert game["hints"] is True
    assert client.get(f"/v1/games/{game['id']}/analysis").status_code == 200
    for wrong in ("true", 1, None):
        response = client.post("/v1/games", json={"hints": wrong})
        assert response.status_code == 422
        assert "hints" in response.get_json()["errors"]


def test_a_long_games_review_comes_twenty_rounds_a_page_each_round_once(client):
    record = tied_record(seed=4)
    game = client.post("/v1/games/import", data=record, headers={"Content-Type": "text/plain"})
    assert game.status_code == 201, game.get_json()
    game = game.get_json()
    rounds = [result["number"] for result in game["rounds"]]
    assert len(rounds) > 200
    reviewed, after, pages = [], 0, 0
    while after is not None:
        page = client.get(f"/v1/games/{game['id']}/analysis?after={after}").get_json()
        assert len(page["review"]) <= 20
        assert page["version"] == game["version"]
        reviewed += page["review"]
        after, pages = page["review_next"], pages + 1
    assert [review["number"] for review in reviewed] == rounds
    assert pages == -(-len(rounds) // 20)
    # Each round reviewed as a short game's review would: every move against the best.
    assert all(len(review["moves"]) == 8 for review in reviewed)
    assert all(
        m["loss"] == m["best_margin"] - m["margin"] >= 0 for r in reviewed for m in r["moves"]
    )


def test_a_review_page_is_as_long_as_asked_and_no_longer_than_twenty(client):
    game = client.post(
        "/v1/games/import", data=tied_record(max_bytes=2000), headers={"Content-Type": "text/plain"}
    ).get_json()
    count = len(game["rounds"])
    first = client.get(f"/v1/games/{game['id']}/analysis?limit=2").get_json()
    assert [r["number"] for r in first["review"]] == [1, 2] and first["review_next"] == 2
    last = client.get(f"/v1/games/{game['id']}/analysis?after={count - 1}").get_json()
    assert [r["number"] for r in last["review"]] == [count] and last["review_next"] is None
    assert client.get(f"/v1/games/{game['id']}/analysis?after={count}").get_json()["review"] == []
    for query in ("limit=21", "limit=0", "after=-1", "after=x"):
        refused = client.get(f"/v1/games/{game['id']}/analysis?{query}")
        assert refused.status_code == 422 and refused.get_json()["code"] == "validation_error"
