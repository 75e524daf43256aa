"""Play anyone, in the browser: two pages pressing "Play anyone" end up in
the same rated game, ratings beside the names, no Hint nor Analyse while it
is played, and the change and the exact review on the game-over card;
waiting can be cancelled; a seek waiting shows in the other page's lobby,
in Spanish, and a tap on it answers it;
the leaderboards page reads."""

import re

import httpx
from playwright.sync_api import expect

from tests.browser.test_board import game_id, play_legal, remember

BLITZ_PRESET = "1"  # "3 min + 2 s", the start page's second time control


def press_play_anyone(page) -> None:
    page.select_option("#vs-anyone select[name=clock]", BLITZ_PRESET)
    page.click("#seek-button")


HEARD = """() => document.addEventListener(
  'buttonup:sound', (event) => sessionStorage.setItem('heard', event.detail))"""


def test_two_pages_pressing_play_anyone_end_up_in_the_same_game(open_page, live_server):
    ana = open_page("/", reduced_motion=True)
    # Ana asked for sound: her pairing chimes (heard across the page change).
    ana.evaluate("() => localStorage.setItem('buttonup:sound', 'on')")
    ana.evaluate(HEARD)
    remember(ana, "Ana")
    press_play_anyone(ana)
    expect(ana.locator("#seeking")).to_be_visible()
    waiting = httpx.get(f"{live_server.base_url}/v1/seeks").json()["items"]
    assert "Ana" in [seek["name"] for seek in waiting]

    bo = open_page("/", reduced_motion=True)
    remember(bo, "Bo")
    press_play_anyone(bo)
    for page in (ana, bo):
        page.wait_for_url(re.compile(r"game="), timeout=15_000)
    assert game_id(ana) == game_id(bo)
    assert ana.evaluate("sessionStorage.getItem('heard')") == "paired"
    game = httpx.get(f"{live_server.base_url}/v1/games/{game_id(ana)}").json()
    assert game["rated"] and game["status"] == "playing"
    assert {game["players"][color]["name"] for color in ("red", "black")} == {"Ana", "Bo"}
    assert not game["hints"], "a rated game has no hints"
    for page in (ana, bo):
        expect(page.locator("#rating-red")).to_have_text("1500?")
        expect(page.locator("#player-red.me, #player-black.me")).to_have_count(1)
        expect(page.locator("#hint")).to_be_hidden()
        expect(page.locator("#analyse-game")).to_be_hidden()

    # Each plays a move (a rated game a player never moved in rates nobody).
    moved = set()
    while moved != {"ana", "bo"}:
        mover = game["round"]["to_move"]
        page, name = (ana, "ana") if game["players"][mover]["name"] == "Ana" else (bo, "bo")
        expect(page.locator("#board .position.legal").first).to_be_visible()
        play_legal(page)
        moved.add(name)
        game = httpx.get(f"{live_server.base_url}/v1/games/{game_id(ana)}").json()
    ana.click("#resign")
    ana.click("#resign")  # confirmed
    expect(bo.locator("#game-over-text")).to_contain_text("You won")
    expect(bo.locator("#rating-diff")).to_contain_text("+")
    expect(ana.locator("#rating-diff")).to_contain_text("-")
    expect(ana.locator("#analyse-game")).to_be_visible()  # once it is over
    # The exact review of the rated game, a line a seat, as the service gave it.
    review = httpx.get(f"{live_server.base_url}/v1/games/{game_id(ana)}").json()["review"]
    for page in (ana, bo):
        line = page.locator("#game-review")
        expect(line).to_be_visible()
        for color in ("red", "black"):
            seat = review[color]
            if seat["accuracy"] is None:
                expect(line).to_contain_text("no choice mattered")
            else:
                expect(line).to_contain_text(f"{seat['perfect']} of {seat['mattered']} choices")
    assert ana.errors == [] and bo.errors == []


def test_a_seek_shows_in_the_lobby_and_a_tap_answers_it_in_spanish(
    open_page, live_server, artifacts
):
    eli = open_page("/", reduced_motion=True)
    remember(eli, "Eli")
    press_play_anyone(eli)
    expect(eli.locator("#seeking")).to_be_visible()
    expect(eli.locator("#seek-list li")).to_have_count(0)  # not one's own

    fay = open_page("/", reduced_motion=True, locale="es-ES")
    remember(fay, "Fay")
    row = fay.locator("#seek-list li", has_text="Eli")
    expect(row).to_have_text(
        re.compile(r"^Eli \(1500\?\) · Blitz · 3 min \+ 2 s · puntuada.*Jugar$")
    )
    expect(fay.locator("#lobby-empty")).to_be_hidden()
    for width, height in ((1280, 800), (390, 844)):
        fay.set_viewport_size({"width": width, "height": height})
        fay.locator("#lobby").screenshot(path=artifacts / f"lobby-seek-{width}-es.png")
    row.get_by_role("button", name="Jugar").click()
    for page in (eli, fay):
        page.wait_for_url(re.compile(r"game="), timeout=15_000)
    assert game_id(eli) == game_id(fay)
    game = httpx.get(f"{live_server.base_url}/v1/games/{game_id(fay)}").json()
    assert {game["players"][color]["name"] for color in ("red", "black")} == {"Eli", "Fay"}
    expect(fay.locator("#player-red.me, #player-black.me")).to_have_count(1)
    assert eli.errors == [] and fay.errors == []


def test_waiting_for_anyone_can_be_cancelled(open_page, live_server):
    cy = open_page("/", reduced_motion=True)
    remember(cy, "Cy")
    press_play_anyone(cy)
    expect(cy.locator("#seeking")).to_be_visible()
    cy.click("#cancel-seek")
    expect(cy.locator("#seek-button")).to_be_visible()
    waiting = httpx.get(f"{live_server.base_url}/v1/seeks").json()["items"]
    assert "Cy" not in [seek["name"] for seek in waiting]
    assert cy.errors == []


def test_the_leaderboards_page_lists_a_category(open_page):
    page = open_page("/?leaderboard=rapid")
    expect(page.locator("#leaderboard")).to_be_visible()
    expect(page.locator("#leaderboard-category")).to_have_value("rapid")
    expect(page.locator("#leaderboard-empty")).to_be_visible()
    page.select_option("#leaderboard-category", "blitz")
    assert page.errors == []
