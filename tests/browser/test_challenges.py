"""Challenges on the board, through `buttonup serve` and the browser: a
player challenged from their profile hears it as a card on their start
screen, accepts it, and both are taken to the game, which they play to its
end; the game-over card challenges the opponent again, and a decline's
reason reaches the maker's page (in English and in Spanish); an open
challenge's link, in Spanish, seats the first two who take it; a person
plays a bot account (scripts/bot.py) that they challenge from its profile,
to the end."""

import re

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.test_board import game_id, play_legal, remember
from tests.helpers.wings import install_every_wings_board
from tests.scripts.test_bot import bot

WORDS = install_every_wings_board().catalogues()  # each language's, the wings' included

UNTIMED, BLITZ = "0", "1"  # the start page's first and second time controls


def player_id(page) -> str:
    return page.evaluate("JSON.parse(localStorage.getItem('buttonup:player')).id")


def challenge_from_profile(page, them: str, *, clock: str, message: str = "") -> None:
    page.goto(f"/?player={them}")
    page.click("#challenge-player")
    expect(page.locator("#challenge-form")).to_be_visible()
    page.select_option("#challenge-form select[name=clock]", clock)
    page.fill("#challenge-form input[name=target]", "3")
    page.fill("#challenge-form input[name=message]", message)
    page.click("#challenge-form button[type=submit]")


def play_out(pages: dict, base: str, game: str) -> dict:
    """Each page plays its first legal move when its turn comes (an untimed
    round's summary closed first), to the end."""
    for _ in range(400):
        state = httpx.get(f"{base}/v1/games/{game}").json()
        if state["status"] == "finished":
            return state
        for page in pages.values():
            if page.locator("#continue").is_visible():
                page.click("#continue")
        page = pages.get(state["players"][state["round"]["to_move"]]["player_id"])
        if page is not None and page.locator("#board .position.legal").count():
            play_legal(page)
        else:
            page = page or next(iter(pages.values()))
            page.wait_for_timeout(50)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("locale", ["en-US", "es-ES"])
def test_a_challenge_is_sent_received_played_and_a_second_one_declined(
    open_page, live_server, locale
):
    words = WORDS[locale[:2]]

    def said(key: str, **values: str) -> str:
        text = words[key]
        for name, value in values.items():
            text = text.replace(f"{{{name}}}", value)
        return text

    base = live_server.base_url
    ana = open_page("/", reduced_motion=True, locale=locale)
    remember(ana, "Ana")
    bo = open_page("/", reduced_motion=True, locale=locale)
    remember(bo, "Bo")
    ana_id, bo_id = player_id(ana), player_id(bo)

    challenge_from_profile(ana, bo_id, clock=BLITZ, message="A quick one?")
    expect(ana.locator("#challenge-shown")).to_be_visible()
    expect(ana.locator("#challenge-title")).to_have_text(said("challenge.to_them", name="Bo"))
    expect(ana.locator("#challenge-state")).to_have_text(said("challenge.waiting"))
    assert "challenge=" in ana.url

    card = bo.locator("#challenge-cards .challenge-card")
    expect(card).to_have_count(1)
    expect(card.locator("h3")).to_have_text(said("challenge.from_them", name="Ana"))
    expect(card).to_contain_text("3 min + 2 s")
    expect(card.locator("blockquote")).to_have_text("A quick one?")
    card.locator(".challenge-accept").click()
    for page in (ana, bo):
        page.wait_for_url(re.compile(r"game="), timeout=15_000)
    game = game_id(ana)
    assert game_id(bo) == game
    seats = httpx.get(f"{base}/v1/games/{game}").json()["players"]
    assert {seats[color]["player_id"] for color in seats} == {ana_id, bo_id}
    finished = play_out({ana_id: ana, bo_id: bo}, base, game)
    assert finished["end_reason"] == "target_score"
    for page in (ana, bo):
        expect(page.locator("#game-over")).to_be_visible()

    # Bo challenges Ana again from the game-over card; Ana, back on her start
    # screen, declines it as "later", and Bo's page says her reason.
    ana.goto("/")
    again = bo.locator("#challenge-opponent")
    expect(again).to_have_text(said("challenge.opponent", name="Ana"))
    again.click()
    bo.select_option("#challenge-form select[name=clock]", UNTIMED)
    bo.click("#challenge-form button[type=submit]")
    card = ana.locator("#challenge-cards .challenge-card")
    expect(card.locator("h3")).to_have_text(said("challenge.from_them", name="Bo"))
    card.locator(".challenge-reason").select_option("later")
    card.locator(".challenge-decline").click()
    expect(card).to_have_count(0)
    expect(bo.locator("#challenge-state")).to_have_text(
        said("challenge.declined", reason=words["challenge.why.later"])
    )
    assert ana.errors == [] and bo.errors == []


def test_an_open_challenges_link_seats_the_first_two_who_take_it_in_spanish(open_page, live_server):
    base = live_server.base_url
    cy = open_page("/", reduced_motion=True, locale="es-ES")
    remember(cy, "Cy")
    expect(cy.locator("#challenge-open h3")).to_have_text("Desafío por enlace")
    cy.select_option("#challenge-open select[name=color]", "red")
    cy.click("#challenge-open button[type=submit]")
    cy.wait_for_url(re.compile(r"challenge="))
    expect(cy.locator("#challenge-title")).to_have_text("Un desafío abierto de Cy")
    expect(cy.locator("#challenge-terms")).to_contain_text("quien acepte primero juega con rojo")
    link = cy.locator("#challenge-link").input_value()
    assert re.search(r"/\?challenge=[A-Za-z0-9_-]+$", link)

    # Di, new here, opens the link and takes a seat: she is made a player,
    # and the first taker plays the colour asked.
    di = open_page(link, reduced_motion=True, locale="es-ES")
    take = di.locator("#challenge-answers .challenge-accept")
    expect(take).to_have_text("Ocupar un asiento")
    take.click()
    expect(di.locator("#challenge-state")).to_have_text(
        "Tu asiento está guardado: esperando a un segundo jugador…"
    )
    cy.locator("#challenge-answers .challenge-accept").click()
    for page in (cy, di):
        page.wait_for_url(re.compile(r"game="), timeout=15_000)
    game = httpx.get(f"{base}/v1/games/{game_id(cy)}").json()
    assert game_id(di) == game["id"]
    assert game["players"]["red"]["player_id"] == player_id(di)
    assert game["players"]["black"]["name"] == "Cy"
    expect(di.locator("#turn")).to_be_visible()
    assert cy.errors == [] and di.errors == []


def test_a_person_plays_a_bot_account_they_challenge_from_its_profile(open_page, live_server):
    base = live_server.base_url
    made = httpx.post(f"{base}/v1/players", json={"name": "Robo"}).json()
    robo = bot(base, made["key"], "--games", "1")
    try:
        eve = open_page("/", reduced_motion=True)
        remember(eve, "Eve")
        profile = httpx.get(f"{base}/v1/players/{made['id']}")
        for _ in range(100):  # the bot marks itself as it starts
            if profile.json().get("bot"):
                break
            eve.wait_for_timeout(50)
            profile = httpx.get(f"{base}/v1/players/{made['id']}")
        eve.goto(f"/?player={made['id']}")
        expect(eve.locator("#profile-name .tag")).to_have_text("Bot account")
        challenge_from_profile(eve, made["id"], clock=UNTIMED)
        eve.wait_for_url(re.compile(r"game="), timeout=15_000)
        game = game_id(eve)
        seats = httpx.get(f"{base}/v1/games/{game}").json()["players"]
        assert any(seats[color]["bot"] for color in seats), "the bot account holds a seat"
        finished = play_out({player_id(eve): eve}, base, game)
        assert finished["end_reason"] == "target_score"
        expect(eve.locator("#game-over")).to_be_visible()
        out, err = robo.communicate(timeout=30)
        assert robo.returncode == 0, err
        assert re.fullmatch(rf"game {game}: (red|black) won \(\w+\)\n", out)
        assert eve.errors == []
    finally:
        if robo.poll() is None:
            robo.kill()
            robo.wait()
