"""The board without a mouse or sight, in both languages: a whole game
against a bot played with the keyboard alone (the arrows move between the
stacks, Enter plays, Enter continues after a round), the board read through
the browser's accessibility tree (each stack's buttons bottom to top, as the
service's circle has them), and the log a screen reader follows saying each
move, where its last button landed, each round's end and the score, and
one's clock as it runs low."""

import re

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.test_board import STATE, drawn_version, expected_drops, game_id, seat_in

WORDS = {
    "en-US": {
        "button": "button",
        "bottom": "bottom to top",
        "landed": "The last button landed on position {}.",
        "round": r"Round \d+ over\. The final stack: red \d+, black \d+\.",
        "score": r"The score: red \d+, black \d+\.",
        "colors": {"red": "red", "black": "black", "white": "white"},
    },
    "es-ES": {
        "button": "botón",
        "bottom": "de abajo arriba",
        "landed": "El último botón cayó en la posición {}.",
        "round": r"Fin de la ronda \d+\. La pila final: rojo \d+, negro \d+\.",
        "score": r"El marcador: rojo \d+, negro \d+\.",
        "colors": {"red": "rojo", "black": "negro", "white": "blanco"},
    },
}


def stack_names(page) -> list[str]:
    """The stacks' accessible names, as the accessibility tree has them."""
    tree = page.locator("#board").aria_snapshot()
    return re.findall(r"button \"([^\"]+)\"", tree)


def shoot_text_view(page, artifacts) -> None:
    """The text view, open, at a desktop's width and a phone's (then closed,
    the focus where it was)."""
    page.locator("#text-view").evaluate("(view) => { view.open = true; }")
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=artifacts / f"text-view-{width}.png", full_page=True)
    page.locator("#text-view").evaluate("(view) => { view.open = false; }")


def arrow_to(page, position: int) -> None:
    """Moves the focus to `position` with the arrows alone."""
    for _ in range(9):
        focused = page.evaluate("document.activeElement.dataset.position ?? null")
        if focused is not None and int(focused) == position:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrows never reached {position}")


@pytest.mark.parametrize("locale", sorted(WORDS))
def test_a_whole_game_by_keyboard_read_through_the_accessibility_tree(
    open_page, live_server, locale, artifacts
):
    words = WORDS[locale]
    page = open_page("/", locale=locale, reduced_motion=True)
    expect(page.locator("#start")).to_be_visible()  # its forms handled by the board, not sent
    page.focus("#vs-bot select[name=level]")
    page.keyboard.press("End")  # the level's last choice
    page.focus("#vs-bot input[name=target]")
    page.keyboard.press("Control+A")
    page.keyboard.type("3")
    page.keyboard.press("Enter")  # sends the form
    page.wait_for_url(re.compile(r"\?game="))
    base = live_server.base_url
    rounds_heard, shot = 0, False
    while (state := page.wait_for_function(STATE, timeout=30_000).json_value()) != "over":
        if state == "round":
            expect(page.locator("#continue")).to_be_focused()
            log = page.locator("#spoken").inner_text()
            assert re.search(words["round"], log) and re.search(words["score"], log), log
            rounds_heard += 1
            page.keyboard.press("Enter")
            continue
        if state == "docked":  # the last round's summary: the result follows
            page.wait_for_timeout(50)
            continue
        game = httpx.get(f"{base}/v1/games/{game_id(page)}").json()
        circle = game["round"]["circle"]
        # Each stack read as the service has it: its buttons, bottom to top.
        names = stack_names(page)
        assert len(names) == 9
        for position, name in enumerate(names):
            colors = ", ".join(words["colors"][color] for color in circle[position])
            if circle[position]:
                assert f"{words['bottom']}: {colors}" in name, (name, circle[position])
        # The text view reads the same, for anyone who opens it.
        assert page.locator("#board-text li").all_text_contents() == names
        if locale == "en-US" and not shot:
            shoot_text_view(page, artifacts)
            shot = True
        position = game["round"]["legal_moves"][-1]
        if page.evaluate("document.activeElement.closest('#board') === null"):
            page.keyboard.press("ArrowRight")  # into the board
        arrow_to(page, position)
        version = drawn_version(page)
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"() => Number(document.getElementById('board').dataset.version) > {version}"
        )
        landed = expected_drops(circle, position)[-1]["to"]
        expect(page.locator("#spoken")).to_contain_text(words["landed"].format(landed))
    finished = httpx.get(f"{base}/v1/games/{game_id(page)}").json()
    assert finished["status"] == "finished" and finished["end_reason"] == "target_score"
    assert rounds_heard >= 1 or finished["round"]["number"] == 1
    assert page.errors == []


LOW = {"en-US": r"(\d+) seconds left\.", "es-ES": r"Te quedan (\d+) segundos\."}


@pytest.mark.parametrize("locale", sorted(LOW))
def test_ones_clock_is_said_as_it_runs_low(open_page, live_server, locale):
    """Under 30 seconds, and again under 10, the log says how long is left."""
    base = live_server.base_url
    quick = {"type": "fischer", "initial_seconds": 12, "increment_seconds": 0}
    game = httpx.post(
        f"{base}/v1/games",
        json={
            "first_player": "red",
            "clock": quick,
            "players": {"black": {"type": "bot", "level": "random"}},
        },
    ).json()
    seat = httpx.post(f"{base}/v1/games/{game['id']}/players", json={"color": "red"}).json()
    page = open_page("/", locale=locale, reduced_motion=True)
    seat_in(page, game["id"], "red", seat["token"])
    spoken = page.locator("#spoken")
    expect(spoken).to_contain_text(re.compile(LOW[locale]))
    first = int(re.search(LOW[locale], spoken.inner_text()).group(1))
    assert 10 < first <= 12, "said once under 30 seconds"
    expect(spoken.locator("p")).to_have_count(2, timeout=8_000)  # and once under 10
    second = int(re.findall(LOW[locale], spoken.inner_text())[-1])
    assert 1 <= second <= 10
    assert page.errors == []
