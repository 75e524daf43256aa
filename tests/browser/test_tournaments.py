"""The board's tournaments: one made from the list's form, two players
joining from its page, its creator starting it, and both browsers taken to
the same game as the arena pairs them; the game's end counted in the
standings the tournament's page shows, reached back from the game."""

import re

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.test_board import play_legal, remember
from tests.e2e.test_tournaments import BLITZ, play_perfectly
from tests.helpers.games import bearer, new_player

pytestmark = pytest.mark.browser


def test_two_players_meet_in_an_arena_made_and_started_on_the_board(open_page, artifacts):
    ana = open_page("/", reduced_motion=True, size=(1280, 800))
    remember(ana, "Ana")
    ana.goto("/?tournaments")
    expect(ana.locator("#tournaments-title")).to_have_text("Tournaments")
    ana.fill("#new-tournament input[name=name]", "Club arena")
    ana.select_option("#new-tournament select[name=system]", "arena")
    ana.fill("#new-tournament input[name=minutes]", "30")
    ana.click("#new-tournament button[type=submit]")
    ana.wait_for_url(re.compile(r"\?tournament="))
    tournament_url = ana.url
    expect(ana.locator("#tournament-name")).to_have_text("Club arena")
    expect(ana.locator("#tournament-about")).to_contain_text("Upcoming · Club arena · arena of 30")
    ana.click("#tournament-what summary")  # what an arena is, a tap away
    expect(ana.locator("#tournament-what-arena")).to_contain_text("paired again at once")
    expect(ana.locator("#tournament-what-swiss")).to_be_hidden()
    ana.click("#tournament-join")
    expect(ana.locator("#tournament-standings tr")).to_have_count(1)
    expect(ana.locator("#tournament-start")).to_be_visible()  # its creator's

    bo = open_page("/", reduced_motion=True, size=(1280, 800))
    remember(bo, "Bo")
    bo.goto(tournament_url)
    expect(bo.locator("#tournament-start")).to_be_hidden()
    bo.click("#tournament-join")
    expect(bo.locator("#tournament-standings tr")).to_have_count(2)
    ana.screenshot(path=artifacts / "tournament-1280.png")

    ana.click("#tournament-start")
    for page in (ana, bo):  # game_start on each player's stream opens the game
        page.wait_for_url(re.compile(r"\?game="), timeout=15_000)
    assert re.search(r"game=(\w[\w-]*)", ana.url).group(1) == re.search(
        r"game=(\w[\w-]*)", bo.url
    ).group(1)
    expect(ana.locator("#scoreboard")).to_contain_text("Bo")  # and "You" for one's own seat
    expect(bo.locator("#scoreboard")).to_contain_text("Ana")

    # What berserk is, a tap away beside its button.
    ana.click("#berserk-what summary")
    expect(ana.locator("#berserk-what p")).to_contain_text("half your time and every increment")
    # Before her first move, Ana goes berserk: her clock is marked, the button gone.
    ana.click("#go-berserk")
    expect(ana.locator(".player.me .clock.berserked")).to_be_visible()
    expect(ana.locator("#go-berserk")).to_be_hidden()
    expect(ana.locator("#berserk-what")).to_be_hidden()
    expect(bo.locator(".clock.berserked")).to_have_count(1)  # told on the game's stream
    # A move each on the board (a tournament game counts once played), then Ana resigns.
    moved: set[str] = set()
    while moved != {"ana", "bo"}:
        for name, page in (("ana", ana), ("bo", bo)):
            if page.locator("#board .position.legal").count():
                play_legal(page)
                moved.add(name)
                break
        else:
            ana.wait_for_timeout(50)  # the other board draws the move
    ana.click("#resign")
    ana.click("#resign")  # sure
    expect(ana.locator("#game-over-text")).to_contain_text("You lost")
    expect(ana.locator("#play-again")).to_be_hidden()  # the arena pairs the next game
    ana.click("#back-to-tournament")
    ana.wait_for_url(re.compile(r"\?tournament="))
    first = ana.locator("#tournament-standings tr").first
    expect(first).to_contain_text("Bo")
    expect(first).to_contain_text("2")
    assert ana.errors == [] and bo.errors == []


def test_a_swiss_scored_against_perfect_play_is_made_from_the_form(open_page):
    page = open_page("/", reduced_motion=True, size=(1280, 800))
    remember(page, "Ana")
    page.goto("/?tournaments")
    par = page.locator("#new-tournament input[name=par]")
    expect(par).to_be_hidden()  # an arena's players meet on different deals
    page.fill("#new-tournament input[name=name]", "Par night")
    page.select_option("#new-tournament select[name=system]", "swiss")
    page.fill("#new-tournament input[name=rounds]", "3")
    expect(par).to_be_visible()
    par.check()
    page.click("#new-tournament button[type=submit]")
    page.wait_for_url(re.compile(r"\?tournament="))
    expect(page.locator("#tournament-about")).to_contain_text(
        "Swiss of 3 rounds against perfect play"
    )
    assert page.errors == []


def console_errors(page) -> list[str]:
    """The console's errors from now on (a refused request among them)."""
    seen: list[str] = []
    page.on(
        "console", lambda message: seen.append(message.text) if message.type == "error" else None
    )
    return seen


def test_a_par_swiss_is_played_to_its_end_by_two_browsers_each_game_opening_by_itself(
    open_page, live_server
):
    """Ana (English) and Bo (Spanish), named as they join, play a one-round
    Swiss against perfect play: the pairing's second game opens on both boards
    by itself as the first ends (the end's animations running); no page asks
    for analysis it cannot have; the score reads the winner's first; each sees
    their own row marked and what par points mean."""
    http = httpx.Client(base_url=live_server.base_url, timeout=10)
    host = new_player(http, "Host")
    swiss = {"name": "Par pair", "system": "swiss", "scoring": "par", "rounds": 1, "clock": BLITZ}
    made = http.post("/v1/tournaments", json=swiss, headers=bearer(host["key"]))
    tournament_id = made.json()["id"]
    pages = {
        "Ana": open_page(f"/?tournament={tournament_id}", locale="en-US"),
        "Bo": open_page(f"/?tournament={tournament_id}", locale="es-ES"),
    }
    errors = {name: console_errors(page) for name, page in pages.items()}
    offered = []
    for name, page in pages.items():
        asked = page.locator("#tournament-player-name")
        expect(asked).to_be_visible()  # a name asked before joining, a distinct one offered
        offered.append(asked.input_value())
        asked.fill(name)
        page.click("#tournament-join")
        expect(page.locator("#tournament-standings tr.me")).to_contain_text(name)
    assert all(offered) and offered[0] != offered[1]
    key_of = {}
    for page in pages.values():
        player = page.evaluate("JSON.parse(localStorage.getItem('buttonup:player'))")
        key_of[player["id"]] = player["key"]
    started = http.post(f"/v1/tournaments/{tournament_id}/start", headers=bearer(host["key"]))
    assert started.is_success

    played = []
    for _ in (1, 2):
        for page in pages.values():  # each game opens by itself on both boards
            page.wait_for_url(
                lambda url: "game=" in url and not any(g in url for g in played), timeout=3_000
            )
        game_id = re.search(r"game=([\w-]+)", pages["Ana"].url).group(1)
        assert game_id in pages["Bo"].url
        played.append(game_id)
        seats = http.get(f"/v1/games/{game_id}").json()["players"]
        tokens = {color: key_of[seat["player_id"]] for color, seat in seats.items()}
        game = play_perfectly(http, game_id, tokens)
    # The last game over (drawn at once on a fresh load: its moves came faster
    # than a board shows them): its score, the winner's first (red's if none won).
    first = game["winner"] or "red"
    high, low = game["score"][first], game["score"]["black" if first == "red" else "red"]
    for page in pages.values():
        page.reload()
    expect(pages["Ana"].locator("#game-over-text")).to_contain_text(f"{high} to {low}")
    expect(pages["Bo"].locator("#game-over-text")).to_contain_text(f"{high} a {low}")
    for name, page in pages.items():
        page.click("#back-to-tournament")
        page.wait_for_url(re.compile(r"\?tournament="))
        expect(page.locator("#tournament-standings tr.me")).to_have_count(1)
        expect(page.locator("#tournament-standings tr.me")).to_contain_text(name)
        expect(page.locator("#tournament-par")).to_be_visible()
    expect(pages["Ana"].locator("#tournament-par")).to_contain_text("perfect play scores 0")
    expect(pages["Bo"].locator("#tournament-par")).to_contain_text("el juego perfecto puntúa 0")
    for name, page in pages.items():
        assert page.errors == [] and errors[name] == [], (name, page.errors, errors[name])
    http.close()
