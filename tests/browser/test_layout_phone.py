"""The pages at a phone's width and a desktop's: the header's title and
links each on one line (on a phone, the links under the title), and nothing
wider than the screen (no sideways scroll)."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

WIDTHS = [(320, 640), (360, 740), (390, 844), (1280, 800), (1920, 1080)]
PAGES = ["/", "/?analyse", "/?leaderboard", "/?game=NoSuchGame123"]

HEADER_LINES = """() => {
  const line = (elements) => {
    const boxes = elements.map((element) => element.getBoundingClientRect());
    const top = Math.min(...boxes.map((box) => box.top));
    return boxes.every((box) => box.top - top < box.height / 2 && box.right <= innerWidth);
  };
  const title = document.querySelector('header h1');
  const titleLines = Math.round(title.getBoundingClientRect().height /
    parseFloat(getComputedStyle(title).lineHeight || '0') || 1);
  return line([...document.querySelectorAll('header nav > *')]) && titleLines <= 1;
}"""


WIDEST = """() => [...document.querySelectorAll('body *')]
  .filter((element) => element.getBoundingClientRect().right > innerWidth)
  .map((element) => element.id || element.tagName).slice(0, 5).join(', ')"""


@pytest.mark.parametrize("size", WIDTHS, ids=lambda size: f"{size[0]}px")
@pytest.mark.parametrize("path", PAGES)
def test_the_header_holds_and_nothing_scrolls_sideways(open_page, path, size, artifacts):
    page = open_page(path, reduced_motion=True, size=size, phone=size[0] < 500)
    expect(page.locator("header nav")).to_be_visible()
    page.wait_for_timeout(300)  # the page's first drawing
    assert page.evaluate(HEADER_LINES), "the title on one line, the links on one line"
    width = page.evaluate("() => document.documentElement.scrollWidth")
    widest = page.evaluate(WIDEST)
    assert width <= size[0], f"{width} px wide at {size[0]} px: {widest}"
    if path == "/":
        page.screenshot(path=artifacts / f"start-{size[0]}.png")
