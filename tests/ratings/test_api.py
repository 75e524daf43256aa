"""Rated play over HTTP and Redis: rated games change both players' ratings
once, by Glicko-2 (checked against the rating library), shown on games,
profiles, histories, the players' streams and the leaderboards; aborted and
unrated games change nothing; rated games need two players."""

from dataclasses import replace

import pytest

from buttonup.engine.ratings import PROVISIONAL_DEVIATION
from tests.glicko2_reference import glicko2
from tests.helpers.games import bearer, new_player, open_rated

BLITZ = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}


def rated_game(client, red, black, *, opened=True, **options):
    """A rated blitz game, red and black seated by their keys, each of whom
    has moved when `opened`."""
    created = client.post("/v1/games", json={"rated": True, "clock": BLITZ, **options})
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    for color, player in (("red", red), ("black", black)):
        seated = client.post(
            f"/v1/games/{game['id']}/players", json={"color": color}, headers=bearer(player["key"])
        )
        assert seated.status_code == 201, seated.get_json()
    game = seated.get_json()["game"]
    return (
        open_rated(client, game["id"], {"red": red["key"], "black": black["key"]})
        if opened
        else game
    )


def resign(client, game, player):
    answer = client.post(f"/v1/games/{game['id']}/resign", headers=bearer(player["key"]))
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def profile(client, player):
    answer = client.get(f"/v1/players/{player['id']}")
    assert answer.status_code == 200
    return answer.get_json()


def test_a_new_player_has_every_category_at_the_start(client):
    ana = new_player(client, "Ana")
    assert ana["ratings"]["blitz"] == {
        "rating": 1500,
        "deviation": 350,
        "provisional": True,
        "games": 0,
    }
    assert set(ana["ratings"]) == {"blitz", "rapid", "classical", "daily", "untimed"}
    seen = profile(client, ana)
    assert "key" not in seen and ana["key"] not in str(seen)
    assert seen["counts"] == {"rated": 0, "wins": 0, "losses": 0}


def test_a_rated_game_changes_both_ratings_once_as_glicko2_says(client):
    ana, bo = new_player(client, "Ana"), new_player(client, "Bo")
    game = rated_game(client, ana, bo)
    assert game["rated"] and game["category"] == "blitz"
    assert game["players"]["red"]["rating"] == 1500 and game["players"]["red"]["provisional"]
    assert game["rating_diff"] is None, "not over yet"

    over = resign(client, game, bo)
    start = (1500.0, 350.0, 0.06)
    won, lost = glicko2(start, start, 1.0), glicko2(start, start, 0.0)
    assert over["rating_diff"] == {"red": round(won[0] - 1500), "black": round(lost[0] - 1500)}
    assert over["rating_diff"]["red"] > 0 > over["rating_diff"]["black"]

    ana_now, bo_now = profile(client, ana), profile(client, bo)
    assert ana_now["ratings"]["blitz"]["rating"] == round(won[0])
    assert ana_now["ratings"]["blitz"]["deviation"] == round(won[1])
    assert ana_now["ratings"]["blitz"]["games"] == 1
    assert bo_now["ratings"]["blitz"]["rating"] == round(lost[0])
    assert ana_now["ratings"]["rapid"]["games"] == 0, "other categories are untouched"
    assert ana_now["counts"] == {"rated": 1, "wins": 1, "losses": 0}
    assert bo_now["counts"] == {"rated": 1, "wins": 0, "losses": 1}

    # Asking again (the game is over) and reading it change nothing more.
    again = client.post(f"/v1/games/{game['id']}/resign", headers=bearer(bo["key"]))
    assert again.status_code == 409
    assert profile(client, ana)["ratings"] == ana_now["ratings"]

    history = client.get(f"/v1/players/{ana['id']}/ratings").get_json()["items"]
    assert [(item["game_id"], item["won"], item["rating"]) for item in history] == [
        (game["id"], True, round(won[0]))
    ]
    assert client.get(f"/v1/players/{ana['id']}/ratings?category=rapid").get_json() == {"items": []}


def test_the_second_game_starts_from_the_first_games_ratings(client):
    ana, bo = new_player(client, "Ana"), new_player(client, "Bo")
    resign(client, rated_game(client, ana, bo), bo)
    second = rated_game(client, bo, ana)
    ana_rating = profile(client, ana)["ratings"]["blitz"]["rating"]
    assert second["players"]["black"]["rating"] == ana_rating
    resign(client, second, ana)
    start = (1500.0, 350.0, 0.06)
    ana1, bo1 = glicko2(start, start, 1.0), glicko2(start, start, 0.0)
    ana2, bo2 = glicko2(ana1, bo1, 0.0), glicko2(bo1, ana1, 1.0)
    assert profile(client, ana)["ratings"]["blitz"]["rating"] == round(ana2[0])
    assert profile(client, bo)["ratings"]["blitz"]["rating"] == round(bo2[0])


def test_aborted_and_unrated_games_change_nothing(client):
    ana, bo = new_player(client, "Ana"), new_player(client, "Bo")
    game = rated_game(client, ana, bo, opened=False)
    aborted = client.post(f"/v1/games/{game['id']}/abort", headers=bearer(ana["key"]))
    assert aborted.status_code == 200 and aborted.get_json()["rating_diff"] is None

    casual = client.post("/v1/games", json={"clock": BLITZ}).get_json()
    assert casual["rated"] is False
    for color, player in (("red", ana), ("black", bo)):
        client.post(
            f"/v1/games/{casual['id']}/players",
            json={"color": color},
            headers=bearer(player["key"]),
        )
    over = resign(client, casual, ana)
    assert over["rating_diff"] is None and over["players"]["red"]["rating"] is None
    assert profile(client, ana)["ratings"]["blitz"]["games"] == 0
    assert client.get(f"/v1/players/{ana['id']}/ratings").get_json() == {"items": []}


def test_a_rated_game_needs_two_players(client):
    with_bot = client.post("/v1/games", json={"rated": True, "players": {"black": {"type": "bot"}}})
    assert with_bot.status_code == 409
    assert with_bot.get_json()["code"] == "rated_needs_players"

    game = client.post("/v1/games", json={"rated": True}).get_json()
    anonymous = client.post(f"/v1/games/{game['id']}/players", json={"name": "Cy"})
    assert anonymous.status_code == 409
    assert anonymous.get_json()["code"] == "rated_needs_players"
    assert client.get(f"/v1/games/{game['id']}").get_json()["version"] == 0, "nothing changed"

    from_position = client.post(
        "/v1/games", json={"rated": True, "position": "W.W.W.R.R.R.B.B.B_r_0-0_15_1r"}
    )
    assert from_position.status_code == 422
    assert "rated" in from_position.get_json()["errors"]


def test_the_rematch_of_a_rated_game_is_rated_from_the_new_ratings(client):
    ana, bo = new_player(client, "Ana"), new_player(client, "Bo")
    game = rated_game(client, ana, bo)
    resign(client, game, bo)
    client.post(f"/v1/games/{game['id']}/rematch", headers=bearer(ana["key"]))
    seat = client.post(f"/v1/games/{game['id']}/rematch", headers=bearer(bo["key"])).get_json()
    client.post(f"/v1/games/{game['id']}/rematch", headers=bearer(ana["key"]))
    new = client.get(f"/v1/games/{seat['game']['id']}").get_json()
    assert new["rated"] and new["status"] == "playing"
    ratings = {color: new["players"][color]["rating"] for color in ("red", "black")}
    assert ratings == {
        "red": profile(client, bo)["ratings"]["blitz"]["rating"],
        "black": profile(client, ana)["ratings"]["blitz"]["rating"],
    }
    new = open_rated(client, new["id"], {"red": bo["key"], "black": ana["key"]})
    resign(client, new, ana)
    assert profile(client, bo)["ratings"]["blitz"]["games"] == 2


@pytest.fixture
def settings(settings):
    """Two players who play each other more than a day's rated games allow."""
    return replace(settings, rated_games_per_pair_per_day=100)


def test_the_leaderboard_lists_players_once_no_longer_provisional(client):
    ana, bo, cy = (new_player(client, name) for name in ("Ana", "Bo", "Cy"))
    board = client.get("/v1/leaderboards/blitz").get_json()
    assert board == {"category": "blitz", "items": []}
    resign(client, rated_game(client, cy, ana), cy)  # Cy plays once: provisional
    # Ana and Bo take turns winning until their deviations say enough.
    games = 0
    while profile(client, ana)["ratings"]["blitz"]["provisional"]:
        loser = (ana, bo)[games % 2]
        resign(client, rated_game(client, ana, bo), loser)
        games += 1
        assert games < 30
    board = client.get("/v1/leaderboards/blitz?limit=10").get_json()["items"]
    ratings = {player["id"]: profile(client, player)["ratings"]["blitz"] for player in (ana, bo)}
    assert [entry["player_id"] for entry in board] == sorted(
        ratings, key=lambda player_id: -ratings[player_id]["rating"]
    ), "Cy is provisional: off the board"
    for rank, entry in enumerate(board, 1):
        rating = ratings[entry["player_id"]]
        assert (entry["rank"], entry["rating"], entry["games"]) == (
            rank,
            rating["rating"],
            rating["games"],
        )
        assert entry["deviation"] <= PROVISIONAL_DEVIATION
    assert {entry["name"] for entry in board} == {"Ana", "Bo"}
    assert client.get("/v1/leaderboards/blitz?limit=1").get_json()["items"] == board[:1]
    assert client.get("/v1/leaderboards/rapid").get_json()["items"] == []
    assert client.get("/v1/leaderboards/bullet").status_code == 404
    assert client.get("/v1/leaderboards/blitz?limit=0").status_code == 422


def test_a_bot_is_rated_and_marked_but_kept_off_the_leaderboard(client):
    ana, robo = new_player(client, "Ana"), new_player(client, "Robo")
    assert client.post("/v1/players/me/bot", headers=bearer(robo["key"])).status_code == 200
    games = 0
    while profile(client, ana)["ratings"]["blitz"]["provisional"]:
        resign(client, rated_game(client, ana, robo), (ana, robo)[games % 2])
        games += 1
        assert games < 30
    shown = profile(client, robo)
    assert shown["bot"] is True and not shown["ratings"]["blitz"]["provisional"]
    assert profile(client, ana)["bot"] is False
    board = client.get("/v1/leaderboards/blitz").get_json()["items"]
    assert [entry["player_id"] for entry in board] == [ana["id"]], "the bot is off it"


@pytest.mark.parametrize("player_id", ["nobody", "a.b", "x" * 65])
def test_an_unknown_player_is_404(client, player_id):
    answer = client.get(f"/v1/players/{player_id}")
    assert answer.status_code == 404 and answer.get_json()["code"] in (
        "player_not_found",
        "not_found",
    )
    assert client.get(f"/v1/players/{player_id}/ratings").status_code == 404
