"""Puzzles on the board, in English and Spanish, on a server that mines at
once: a puzzle solved move by move (each right move answered with the
service's replies, drawn), and another missed, each with its rating change
and the line shown after; the day's puzzle from the start screen; a streak
that grows with a solved puzzle. The words checked are the catalogues'."""

import random
import re
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

from buttonup.engine.notation import read_position
from buttonup.puzzles.model import line_from
from buttonup.redis_server import RedisServer
from tests.browser.test_geometry import AREAS, check_areas, suffix
from tests.conftest import LiveServer
from tests.e2e.test_puzzles import played_public_game
from tests.helpers.games import new_player
from tests.helpers.wings import install_every_wings_board

WORDS = install_every_wings_board().catalogues()
LOCALES = {"en-US": "en", "es-ES": "es"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    redis = RedisServer(Path(tmp_path_factory.mktemp("board-puzzles")), persistent=False)
    redis.start()
    live = LiveServer(
        ["--redis-url", redis.url, "--workers", "2"], env={"BUTTONUP_PUZZLE_DELAY": "0"}
    )
    with httpx.Client(base_url=live.base_url, timeout=30) as http:
        rng = random.Random(8)
        for _ in range(10):
            played_public_game(http, rng)
        wait_for_puzzles(http)
    yield live
    live.stop(quickly=True)
    redis.stop()


def wait_for_puzzles(http: httpx.Client) -> None:
    for _ in range(150):
        if http.get("/v1/puzzles/next").status_code == 200:
            time.sleep(2)  # the rest of the games mined too
            return
        time.sleep(0.2)
    raise AssertionError("no puzzle mined")


def the_only_moves(puzzle: dict) -> list[int]:
    """The solver's moves of a puzzle, found here with the engine's solver."""
    position = read_position(puzzle["position"])
    line = line_from(position.circle, position.to_move)
    assert line is not None
    return list(line.yours)


def click_stack(page, position: int) -> None:
    spot = page.locator(f'#puzzle-board .position[data-position="{position}"]')
    expect(spot).to_be_enabled()
    spot.click()


@pytest.mark.parametrize("locale", LOCALES)
def test_a_puzzle_is_solved_and_another_missed_in_both_languages(open_page, server, locale):
    words = WORDS[LOCALES[locale]]
    with httpx.Client(base_url=server.base_url, timeout=30) as http:
        player = new_player(http, "Pupil")
        key = {"Authorization": f"Bearer {player['key']}"}
        first = http.get("/v1/puzzles/next", headers=key).json()
    page = open_page(f"{server.base_url}/?puzzle={first['id']}", locale=locale)
    page.evaluate(
        "(player) => localStorage.setItem('buttonup:player', JSON.stringify(player))",
        {"id": player["id"], "name": player["name"], "key": player["key"]},
    )
    page.reload()
    expect(page.locator(f'#puzzle-board[data-puzzle="{first["id"]}"]')).to_be_visible()
    expect(page.locator("#puzzle-title")).to_have_text(words["puzzle.title"])
    moves = the_only_moves(first)
    for number, position in enumerate(moves):
        click_stack(page, position)
        if number < len(moves) - 1:
            expect(page.locator("#puzzle-status")).to_have_class("right")
    expect(page.locator("#puzzle-status")).to_have_text(words["puzzle.solved"])
    expect(page.locator("#puzzle-result")).to_be_visible()
    expect(page.locator("#puzzle-rating")).to_have_text(re.compile(r"\+\d+$"))
    expect(page.locator("#puzzle-line")).not_to_be_empty()
    # The next one (never one the player tried), missed: a legal first move
    # that is not the only one.
    with httpx.Client(base_url=server.base_url, timeout=30) as http:
        second = http.get("/v1/puzzles/next", headers=key).json()
    assert second["id"] != first["id"]
    page.goto(f"{server.base_url}/?puzzle={second['id']}")
    expect(page.locator(f'#puzzle-board[data-puzzle="{second["id"]}"]')).to_be_visible()
    right = the_only_moves(second)[0]
    wrong = next(position for position in second["legal_moves"] if position != right)
    click_stack(page, wrong)
    expect(page.locator("#puzzle-status")).to_have_text(words["puzzle.wrong"])
    expect(page.locator("#puzzle-verdict")).to_have_text(words["puzzle.missed_text"])
    expect(page.locator("#puzzle-rating")).to_have_text(re.compile(r"-\d+$"))
    expect(page.locator("#puzzle-board .position.legal")).to_have_count(0)
    assert page.errors == []


def test_the_days_puzzle_opens_from_the_start_screen_in_spanish(open_page, server):
    with httpx.Client(base_url=server.base_url, timeout=30) as http:
        daily = http.get("/v1/puzzles/daily").json()
    page = open_page(f"{server.base_url}/", locale="es-ES")
    link = page.locator("#puzzle-daily")
    expect(link).to_have_text(WORDS["es"]["puzzle.daily"])
    link.click()
    expect(page.locator(f'#puzzle-board[data-puzzle="{daily["id"]}"]')).to_be_visible()
    assert page.errors == []


def test_a_streak_grows_with_a_solved_puzzle(open_page, server):
    words = WORDS["en"]
    page = open_page(f"{server.base_url}/?puzzle=streak")
    start = page.locator("#puzzle-streak-start")
    expect(start).to_be_visible()
    start.click()
    board = page.locator("#puzzle-board[data-puzzle]")
    expect(board).to_be_visible()
    puzzle_id = board.get_attribute("data-puzzle")
    with httpx.Client(base_url=server.base_url, timeout=30) as http:
        puzzle = http.get(f"/v1/puzzles/{puzzle_id}").json()
    for position in the_only_moves(puzzle):
        click_stack(page, position)
    expect(page.locator("#puzzle-status")).to_have_text(words["puzzle.solved"])
    expect(page.locator("#puzzle-streak")).to_contain_text("1")
    expect(page.locator("#puzzle-next")).to_be_visible()
    page.locator("#puzzle-next").click()
    expect(page.locator("#puzzle-board[data-puzzle]")).not_to_have_attribute(
        "data-puzzle", puzzle_id
    )
    assert page.errors == []


@pytest.mark.parametrize(
    ("size", "locale"), [((390, 844), "es-ES"), ((320, 640), "en-US"), ((1280, 800), "en-US")]
)
def test_the_puzzle_page_holds_its_circle_and_scrolls_no_wider_than_the_screen(
    open_page, server, size, locale, artifacts
):
    page = open_page(
        f"{server.base_url}/?puzzle",
        reduced_motion=True,
        size=size,
        phone=size[0] < 500,
        locale=locale,
    )
    expect(page.locator("#puzzle-board[data-puzzle]")).to_be_visible()
    page.wait_for_timeout(200)
    check_areas(page.evaluate(AREAS, "puzzle-board"), size[0])
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size[0]
    page.screenshot(path=artifacts / f"puzzle-{size[0]}{suffix(locale)}.png")
    assert page.errors == []
