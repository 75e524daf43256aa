"""A player's page: name, ratings with their deviation, the rating's history
as a chart, rated games linked; and the seats and leaderboards that lead to it."""

import re

import httpx
import pytest
from playwright.sync_api import expect

from tests.helpers.games import bearer, new_player, open_rated

pytestmark = pytest.mark.browser

BLITZ = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}


def rated_game_won_by(http: httpx.Client, winner: dict, loser: dict) -> str:
    game = http.post("/v1/games", json={"rated": True, "clock": BLITZ}).json()
    for color, player in (("red", winner), ("black", loser)):
        seat = {"color": color}
        http.post(f"/v1/games/{game['id']}/players", json=seat, headers=bearer(player["key"]))
    open_rated(http, game["id"], {"red": winner["key"], "black": loser["key"]})
    http.post(f"/v1/games/{game['id']}/resign", headers=bearer(loser["key"]))
    return game["id"]


def test_a_players_page_shows_ratings_history_and_games_and_seats_link_to_it(
    open_page, live_server, artifacts
):
    with httpx.Client(base_url=live_server.base_url, timeout=10) as http:
        ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
        first = rated_game_won_by(http, ana, bo)
        second = rated_game_won_by(http, ana, bo)
        profile = http.get(f"/v1/players/{ana['id']}").json()
    blitz = profile["ratings"]["blitz"]
    assert blitz["games"] == 2

    page = open_page(f"/?game={second}", reduced_motion=True, size=(1280, 800))
    link = page.locator("#name-red a")
    expect(link).to_have_text("Ana")
    expect(link).to_have_attribute("href", f"/?player={ana['id']}")
    link.click()
    expect(page.locator("#profile")).to_be_visible()
    expect(page.locator("#profile-name")).to_have_text("Ana")
    expect(page.locator("#profile-counts")).to_have_text("2 rated games: 2 won, 0 lost.")
    row = page.locator("#profile-ratings tr", has_text="Blitz")
    expect(row).to_contain_text(f"{blitz['rating']}?")
    expect(row).to_contain_text(f"±{blitz['deviation']}")
    expect(page.locator("#profile-chart-title")).to_have_text("Rating in blitz, game by game")
    expect(page.locator("#profile-chart svg circle")).to_have_count(2)
    history = httpx.get(f"{live_server.base_url}/v1/players/{ana['id']}/ratings").json()["items"]
    top = max(game["rating"] + game["deviation"] for game in history)
    expect(page.locator("#profile-chart svg text.scale").first).to_have_text(str(top))
    games = page.locator("#profile-games a")
    expect(games).to_have_count(2)
    expect(games.first).to_have_attribute("href", f"/?game={second}")  # newest first
    expect(games.last).to_have_attribute("href", f"/?game={first}")
    expect(games.first).to_contain_text(re.compile(r"^Won · Blitz · \d+$"))
    page.screenshot(path=artifacts / "profile-1280.png", full_page=True)
    assert page.errors == []


def test_a_leaderboards_names_link_to_the_players_pages(open_page, live_server):
    """A leader is never provisional: Ana plays rated games against several
    opponents (at most the daily number against each), winning and losing in
    turn, until she is not."""
    with httpx.Client(base_url=live_server.base_url, timeout=10) as http:
        ana = new_player(http, "Leading Ana")
        for opponent in range(12):
            rival = new_player(http, f"Rival {opponent}")
            for game in range(6):
                rated_game_won_by(http, *((ana, rival) if game % 2 else (rival, ana)))
            if not http.get(f"/v1/players/{ana['id']}").json()["ratings"]["blitz"]["provisional"]:
                break
        rating = http.get(f"/v1/players/{ana['id']}").json()["ratings"]["blitz"]
    assert not rating["provisional"], rating
    page = open_page("/?leaderboard=blitz", reduced_motion=True)
    row = page.locator("#leaderboard-rows tr", has_text="Leading Ana")
    expect(row.locator("a")).to_have_attribute("href", f"/?player={ana['id']}")
    expect(row).to_contain_text(f"{rating['rating']} ±{rating['deviation']}")
    row.locator("a").click()
    expect(page.locator("#profile-name")).to_have_text("Leading Ana")
    assert page.errors == []
