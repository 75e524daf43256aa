"""The pages from a small phone's width to a wide desktop's, measured: the
header's title and links each on one line (on a phone, the links under the
title), nothing wider than the screen (no sideways scroll), and the circle's
nine positions each an area of its own that holds its stack (nine buttons
at most), its number and, on the analysis board, its value, no two areas
meeting."""

import re

import httpx
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

WIDTHS = [(320, 640), (360, 740), (390, 844), (1280, 800), (1920, 1080)]
PAGES = ["/", "/?analyse", "/?leaderboard", "/?tournaments", "/?game=NoSuchGame123"]
# The board in each of its languages: Spanish runs longer than English, and
# is measured where room is shortest (the narrowest screens).
LOCALES = ["en-US", "es-ES"]


def in_each_language(sizes: list, narrowest: int = 2) -> list:
    """(size, locale) for every size in English, the narrowest in Spanish."""
    return [(size, LOCALES[0]) for size in sizes] + [
        (size, LOCALES[1]) for size in sizes[:narrowest]
    ]


def named(value) -> str:
    """A case's id: a size by its width, a locale as it is."""
    return f"{value[0]}px" if isinstance(value, tuple) else str(value)


HEADER_LINES = """() => {
  const line = (elements) => {
    const boxes = elements.map((element) => element.getBoundingClientRect());
    const top = Math.min(...boxes.map((box) => box.top));
    return boxes.every((box) => box.top - top < box.height / 2 && box.right <= innerWidth);
  };
  const title = document.querySelector('header h1');
  const titleLines = Math.round(title.getBoundingClientRect().height /
    parseFloat(getComputedStyle(title).lineHeight || '0') || 1);
  return line([...document.querySelectorAll('header nav > *')]) &&
    line([...document.querySelectorAll('header .settings > *')]) && titleLines <= 1;
}"""


WIDEST = """() => [...document.querySelectorAll('body *')]
  .filter((element) => element.getBoundingClientRect().right > innerWidth)
  .map((element) => element.id || element.tagName).slice(0, 5).join(', ')"""


@pytest.mark.parametrize(("size", "locale"), in_each_language(WIDTHS), ids=named)
@pytest.mark.parametrize("path", PAGES)
def test_the_header_holds_and_nothing_scrolls_sideways(open_page, path, size, locale, artifacts):
    page = open_page(path, reduced_motion=True, size=size, phone=size[0] < 500, locale=locale)
    expect(page.locator("header nav")).to_be_visible()
    page.wait_for_timeout(300)  # the page's first drawing
    assert page.evaluate(HEADER_LINES), "the title on one line, the links on one line"
    width = page.evaluate("() => document.documentElement.scrollWidth")
    widest = page.evaluate(WIDEST)
    assert width <= size[0], f"{width} px wide at {size[0]} px: {widest}"
    if path == "/":
        page.screenshot(path=artifacts / f"start-{size[0]}{suffix(locale)}.png")


# Each position's area, its number's and value's boxes, and its buttons'.
AREAS = """(board) => [...document.querySelectorAll(`#${board} .position`)].map((spot) => {
  const box = (element) => {
    const r = element.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width};
  };
  const labels = [...spot.querySelectorAll('.number, .margin')]
    .filter((label) => label.textContent.trim()).map(box);
  return {area: box(spot), labels, chips: [...spot.querySelectorAll('.chip')].map(box)};
})"""


def suffix(locale: str) -> str:
    """A screenshot's name: English's as it was, another language's marked."""
    return "" if locale == LOCALES[0] else f"-{locale[:2]}"


def inside(inner: dict, outer: dict) -> bool:
    return (
        inner["left"] >= outer["left"] - 0.5
        and inner["right"] <= outer["right"] + 0.5
        and inner["top"] >= outer["top"] - 0.5
        and inner["bottom"] <= outer["bottom"] + 0.5
    )


def apart(one: dict, other: dict, gap: float = 0) -> bool:
    return (
        one["right"] + gap <= other["left"]
        or other["right"] + gap <= one["left"]
        or one["bottom"] + gap <= other["top"]
        or other["bottom"] + gap <= one["top"]
    )


# Two labels this close read as one ("0-12": position 0 worth -12? or 0 - 12?).
LABEL_GAP = 4


def bounds(rects: list[dict]) -> dict:
    """The smallest rectangle around `rects`."""
    return {
        "left": min(rect["left"] for rect in rects),
        "right": max(rect["right"] for rect in rects),
        "top": min(rect["top"] for rect in rects),
        "bottom": max(rect["bottom"] for rect in rects),
    }


def check_areas(spots: list[dict], width: int) -> None:
    assert len(spots) == 9
    for spot in spots:
        area = spot["area"]
        assert area["width"] >= 44, area  # a finger's target
        assert area["left"] >= 0 and area["right"] <= width, area
        for part in spot["labels"] + spot["chips"]:
            assert inside(part, area), (part, area)
        # A position's number, a move's value and the stack never meet, and
        # the two labels stand apart enough to read as two.
        labels = spot["labels"]
        for index, one in enumerate(labels):
            for other in labels[index + 1 :]:
                assert apart(one, other, LABEL_GAP), (one, other)
        if spot["chips"]:
            stack = bounds(spot["chips"])
            assert all(apart(label, stack) for label in labels), (labels, stack)
    for index, one in enumerate(spots):
        for other in spots[index + 1 :]:
            assert apart(one["area"], other["area"]), (one["area"], other["area"])


# Nine buttons in one stack (a round's end), and the stacks a round begins with.
TALL = "-.-.-.-.-.RWRBWWRBB.-.-.-_-_4-15_15_3b"
DEAL = "W.W.W.R.R.R.B.B.B_r_0-0_15_1r"
# Moves worth -12, -8 and 0: two-digit values beside the numbers.
WIDE_VALUES = "RW.BW.B.R.R.-.-.WB.-_r_0-0_15_1r"
GEOMETRY_WIDTHS = [(320, 640), (360, 740), (390, 844), (1280, 800), (1920, 1080)]


@pytest.mark.parametrize(("size", "locale"), in_each_language(GEOMETRY_WIDTHS, 1), ids=named)
@pytest.mark.parametrize(
    "position", [TALL, DEAL, WIDE_VALUES], ids=["nine-high", "deal", "wide-values"]
)
def test_analysis_board_areas_hold_their_stack_and_labels_and_never_meet(
    open_page, size, position, locale, artifacts
):
    page = open_page(
        f"/?analyse={position}", reduced_motion=True, size=size, phone=size[0] < 500, locale=locale
    )
    page.wait_for_function(
        f"() => document.getElementById('analysis-board').dataset.position === '{position}'"
    )
    page.wait_for_timeout(200)
    spots = page.evaluate(AREAS, "analysis-board")
    check_areas(spots, size[0])
    highest = {TALL: 9, DEAL: 1, WIDE_VALUES: 2}[position]
    assert max(len(spot["chips"]) for spot in spots) == highest
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= size[0], page.evaluate(WIDEST)
    if position != TALL:
        assert any(spot["labels"][1:] for spot in spots), "each move's value shows"
    shape = {TALL: "tall", DEAL: "deal"}.get(position, "values")
    page.screenshot(path=artifacts / f"analysis-{size[0]}-{shape}{suffix(locale)}.png")


@pytest.mark.parametrize(("size", "locale"), in_each_language(GEOMETRY_WIDTHS), ids=named)
def test_game_board_areas_hold_their_stack_and_number_and_never_meet(
    open_page, live_server, size, locale, artifacts
):
    page = open_page("/", reduced_motion=True, size=size, phone=size[0] < 500, locale=locale)
    page.select_option("#vs-bot select[name=level]", "random")
    page.select_option("#vs-bot select[name=color]", "red")
    page.click("#vs-bot button[type=submit]")
    page.wait_for_url(re.compile(r"\\?game="))
    page.wait_for_function("() => document.querySelectorAll('#board .chip').length === 9")
    page.wait_for_timeout(200)
    check_areas(page.evaluate(AREAS, "board"), size[0])
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size[0]
    page.screenshot(path=artifacts / f"game-{size[0]}{suffix(locale)}.png")


@pytest.mark.parametrize(("size", "locale"), in_each_language(WIDTHS[:3], 1), ids=named)
def test_a_players_page_scrolls_no_wider_than_a_phone(
    open_page, live_server, size, locale, artifacts
):
    player = httpx.post(f"{live_server.base_url}/v1/players", json={"name": "Ana"}).json()
    page = open_page(
        f"/?player={player['id']}", reduced_motion=True, size=size, phone=True, locale=locale
    )
    expect(page.locator("#profile-name")).to_have_text("Ana")
    page.screenshot(path=artifacts / f"profile-{size[0]}{suffix(locale)}.png")
    assert page.evaluate(HEADER_LINES), "the title on one line, the links on one line"
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= size[0], page.evaluate(WIDEST)
    assert page.errors == []


FOLD = """() => ['board', 'moves', 'controls'].map((id) => {
  const r = document.getElementById(id).getBoundingClientRect();
  return {id, top: r.top, bottom: r.bottom, visible: r.height > 0};
})"""


@pytest.mark.parametrize(
    ("size", "locale"), in_each_language([(1280, 800), (1920, 1080)]), ids=named
)
def test_on_a_wide_screen_the_whole_game_shows_above_the_fold(open_page, size, locale, artifacts):
    page = open_page("/", reduced_motion=True, size=size, locale=locale)
    page.select_option("#vs-bot select[name=level]", "random")
    page.click("#vs-bot button[type=submit]")
    page.wait_for_url(re.compile(r"\\?game="))
    page.wait_for_function("() => document.querySelectorAll('#board .chip').length === 9")
    page.locator("#board .position.legal").first.click()  # a move in the list
    page.wait_for_function("() => document.querySelectorAll('#move-list li').length > 0")
    for part in page.evaluate(FOLD):
        assert part["visible"] and part["top"] >= 0 and part["bottom"] <= size[1], part
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size[0]
    page.screenshot(path=artifacts / f"game-fold-{size[0]}{suffix(locale)}.png")
