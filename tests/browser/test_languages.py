"""The board in Spanish: taken from the browser's language, switched and
remembered, and every screen of a player's first hour (the start page and
the lobby, a game to its end with its move list and review, a timed game's
round card, the analysis board's errors, a player's page, the not-found
page, a problem's code) shown in Spanish with no English sentence left."""

import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_board import play_legal, seated_in_a_blitz_game, wait_state
from tests.browser.test_profile import rated_game_won_by as won_by
from tests.helpers.games import new_player
from tests.helpers.wings import install_every_wings_board

pytestmark = pytest.mark.browser

SPANISH = "es-ES"
# The catalogues as the app with every wing serves them.
catalogues = install_every_wings_board().catalogues
ES = catalogues()["es"]


def english_phrases() -> list[str]:
    """Every run of two words or more in the English catalogue that Spanish
    does not share: none may show on a Spanish page."""
    english = catalogues()["en"]
    phrases = set()
    for key, entry in english.items():
        if entry == ES[key]:
            continue
        texts = entry.values() if isinstance(entry, dict) else [entry]
        for text in texts:
            for fragment in re.split(r"\{\w+\}", text):
                fragment = fragment.strip(" .,:;!?—()·")
                if re.search(r"[A-Za-z]{2,}\W+[A-Za-z]{2,}", fragment):
                    phrases.add(fragment)
    return sorted(phrases)


ENGLISH = english_phrases()
SHOWN_ENGLISH = """(phrases) => {
  const shown = document.body.innerText + '\\n' + document.title;
  return phrases.filter((phrase) => shown.includes(phrase));
}"""


def no_english(page: Page) -> None:
    assert page.evaluate(SHOWN_ENGLISH, ENGLISH) == []


def test_the_board_speaks_the_browsers_language_and_a_switch_is_remembered(open_page):
    page = open_page("/", reduced_motion=True, locale=SPANISH)
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#start-title")).to_have_text(ES["start.title"])
    expect(page.get_by_role("button", name=ES["bot.play"])).to_be_visible()
    expect(page.locator("#vs-bot select[name=clock] option")).to_have_text(
        ["Sin reloj", "3 min + 2 s", "5 min", "1 día por jugada"]
    )
    no_english(page)

    page.select_option("#language", "en")  # the page is drawn again in English
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#start-title")).to_have_text("New game")
    page.reload()
    expect(page.locator("#start-title")).to_have_text("New game")  # remembered
    page.select_option("#language", "es")
    expect(page.locator("#start-title")).to_have_text("Partida nueva")
    assert page.errors == []

    # A browser in a language the board lacks gets the default, English.
    other = open_page("/", reduced_motion=True, locale="de-DE")
    expect(other.locator("html")).to_have_attribute("lang", "en")
    expect(other.locator("#start-title")).to_have_text("New game")


def test_a_game_against_the_computer_is_played_to_its_end_in_spanish(open_page, artifacts):
    page = open_page("/", reduced_motion=True, locale=SPANISH)
    page.select_option("#vs-bot select[name=level]", "random")
    page.select_option("#vs-bot select[name=color]", "red")
    page.fill("#vs-bot input[name=target]", "1")
    page.click("#vs-bot button[type=submit]")
    page.wait_for_url(re.compile(r"\?game="))
    expect(page.locator("#name-black")).to_have_text("Bot al azar")
    expect(page.locator("#target")).to_have_text("a 1 punto")  # one, not "puntos"
    assert wait_state(page) == "mine"
    expect(page.locator("#turn")).to_have_text(ES["turn.mine"])
    expect(page.locator('#board .position[data-position="0"]')).to_have_attribute(
        "aria-label",
        re.compile(
            r"^Posición 0: (vacía|1 botón, de abajo arriba: |[2-9] botones, de abajo arriba: )"
        ),
    )
    play_legal(page)
    expect(page.locator("#moves-title")).to_have_text("Ronda 1, jugada a jugada")
    no_english(page)
    while (state := wait_state(page)) != "over":
        if state == "round":
            expect(page.locator("#round-end-title")).to_have_text("Fin de la ronda 1")
            no_english(page)
            page.click("#continue")
        elif state == "docked":  # the last round's summary, before the game's end
            page.wait_for_timeout(100)
        else:
            play_legal(page)
    expect(page.locator("#game-over-title")).to_have_text("Partida terminada")
    expect(page.locator("#game-over-text")).to_have_text(
        re.compile(r"^Has (ganado|perdido), \d+ a \d+\.$")
    )
    expect(page.locator("#rounds-review li").first).to_contain_text(
        "Con juego perfecto desde el reparto"
    )
    expect(page).to_have_title(re.compile("^Button Up!$"))
    no_english(page)
    page.screenshot(path=artifacts / "game-over-es.png")
    page.get_by_role("button", name=ES["over.close"]).click()
    expect(page.locator("#show-result")).to_have_text("Resultado")
    assert page.errors == []


def test_a_timed_games_round_card_stands_aside_in_spanish(open_page, live_server, artifacts):
    page = open_page("/", reduced_motion=True, locale=SPANISH, size=(390, 844), phone=True)
    seated_in_a_blitz_game(page, live_server.base_url, "greedy")
    while (state := wait_state(page)) == "mine":
        play_legal(page)
    assert state == "docked"
    expect(page.locator("#round-end-title")).to_have_text("Fin de la ronda 1")
    expect(page.locator("#round-close")).to_have_text("Cerrar")
    expect(page.locator("#clock-red")).to_have_attribute("aria-label", "Tiempo de Rojo")
    no_english(page)
    page.screenshot(path=artifacts / "round-card-timed-390-es.png")
    page.click("#round-close")
    expect(page.locator("#round-end")).to_be_hidden()
    assert page.errors == []


def test_the_analysis_boards_errors_are_said_in_spanish_by_the_services_reason(
    open_page, artifacts
):
    """Every reason a position or a record is refused for is written in the
    page's language, by its code, with where: no English sentence, the
    service's included."""
    page = open_page("/?analyse", reduced_motion=True, locale=SPANISH)
    page.fill("#analyse-text", "hello world")
    page.click("#analyse-form button[type=submit]")
    expect(page.locator("#error")).to_have_text(
        "La posición no se lee (columna 12): " + ES["notation.position_parts"]
    )
    no_english(page)
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=artifacts / f"analysis-error-{width}-es.png")
    page.fill("#analyse-text", "W.W.W.R.R.R.B.B.B_r_0-0_15_0r")
    page.click("#analyse-form button[type=submit]")
    expect(page.locator("#error")).to_have_text(
        "La posición no se lee (columna 28): las rondas se numeran desde 1"
    )
    no_english(page)
    page.fill("#analyse-text", '[Red "Ana"]\n[Red "Bo"]\n\n1. r WWWRRRBBB\n')
    page.click("#analyse-form button[type=submit]")
    expect(page.locator("#error")).to_have_text(
        "El registro no se lee (línea 2, columna 2): esta etiqueta aparece dos veces"
    )
    no_english(page)
    page.fill("#analyse-text", "W.W.W.R.R.R.B.B.B_r_0-0_15_1r")
    page.click("#analyse-form button[type=submit]")
    expect(page.locator("#analysis-status")).to_have_text(
        "Mueve Rojo. Ronda 1, rojo 0, negro 0, a 15 puntos."
    )
    expect(page.locator("#analysis-moves li", has_text="(la mejor)")).not_to_have_count(0)
    no_english(page)
    assert page.errors == []


def test_a_problem_is_told_in_the_boards_own_spanish_words(open_page, live_server):
    """The analysis of the position a game without hints stands at is refused
    (403 position_in_play): the board says so by the code, in Spanish."""
    base = live_server.base_url
    game = httpx.post(f"{base}/v1/games", json={"hints": False}).json()
    for _ in range(2):
        httpx.post(f"{base}/v1/games/{game['id']}/players", json={})
    position = httpx.get(f"{base}/v1/games/{game['id']}").json()["round"]["position"]
    page = open_page(f"/?analyse={position}", reduced_motion=True, locale=SPANISH)
    expect(page.locator("#error")).to_have_text(ES["problem.position_in_play"])


def rated_game_won_by(api: httpx.Client) -> dict:
    """A player, Ana, who has won one rated game (Bo resigned): Ana."""
    ana, bo = new_player(api, "Ana"), new_player(api, "Bo")
    won_by(api, ana, bo)
    return ana


def test_the_not_found_page_the_lobby_the_tournaments_and_a_players_page_in_spanish(
    open_page, live_server
):
    page = open_page("/?game=NoSuchGame123", reduced_motion=True, locale=SPANISH)
    expect(page.locator("#not-found-title")).to_have_text(ES["not_found.title"])
    expect(page).to_have_title(f"{ES['not_found.title']} · Button Up!")
    no_english(page)

    api = httpx.Client(base_url=live_server.base_url)
    game = api.post("/v1/games", json={"visibility": "public", "target_score": 7}).json()
    api.post(f"/v1/games/{game['id']}/players", json={"color": "red", "name": "Lucía"})
    page.goto("/")
    entry = page.locator("#lobby-list li", has_text="Lucía (rojo)")
    expect(entry).to_contain_text("a 7 puntos · sin reloj")
    expect(entry.get_by_role("link")).to_have_text("Jugar con negro")

    page.goto("/?tournaments")
    expect(page.locator("#tournaments-title")).to_have_text("Torneos")
    expect(page.locator("#new-tournament button[type=submit]")).to_have_text("Crearlo")
    # What arena, Swiss and par mean, a tap away.
    page.click("#new-tournament details.what summary")
    for key in ("tournaments.what_arena", "tournaments.what_swiss", "tournaments.what_par"):
        expect(page.locator("#new-tournament details.what")).to_contain_text(ES[key])
    no_english(page)

    ana = rated_game_won_by(api)
    page.goto(f"/?player={ana['id']}")
    # Each count takes its own plural, and a category within a sentence no capital.
    expect(page.locator("#profile-counts")).to_have_text(
        "1 partida puntuada: 1 ganada, 0 perdidas."
    )
    expect(page.locator("#profile-chart-title")).to_have_text(
        "Puntuación en blitz, partida a partida"
    )
    expect(page.locator("#profile-games li").first).to_contain_text("Ganada · Blitz")
    no_english(page)
    assert page.errors == []


def test_a_rated_game_aborted_after_reds_move_says_so_in_spanish(open_page, live_server):
    """A rated game one player never moved in ends as an abort even after the
    other's move: the card says "before both had moved", not "before the
    first move"."""
    with httpx.Client(base_url=live_server.base_url, timeout=10) as http:
        ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
        blitz = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}
        game = http.post("/v1/games", json={"rated": True, "clock": blitz}).json()
        keys = {"red": ana["key"], "black": bo["key"]}
        for color, key in keys.items():
            seat = http.post(
                f"/v1/games/{game['id']}/players",
                json={"color": color},
                headers={"Authorization": f"Bearer {key}"},
            )
            assert seat.status_code == 201, seat.text
        game = http.get(f"/v1/games/{game['id']}").json()
        mover = game["round"]["to_move"]
        moved = http.post(
            f"/v1/games/{game['id']}/moves",
            json={"position": game["round"]["legal_moves"][0]},
            headers={"Authorization": f"Bearer {keys[mover]}"},
        )
        assert moved.status_code == 201
        ended = http.post(
            f"/v1/games/{game['id']}/resign", headers={"Authorization": f"Bearer {keys[mover]}"}
        ).json()
        assert ended["end_reason"] == "aborted"
    page = open_page(f"/?game={game['id']}", reduced_motion=True, locale=SPANISH)
    expect(page.locator("#game-over-text")).to_contain_text(
        "Anulada antes de que jugaran los dos: nadie ganó"
    )
    no_english(page)
    assert page.errors == []
