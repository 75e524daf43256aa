"""The board is quick to the touch, measured in the page with its own
clock: a legal tap sends its move within 50 ms and is drawn from that
moment on (the sowing, shorter, runs while the service answers), and the
board is at rest within 400 ms of the service's answer; in both languages,
with the animations on."""

import re
import statistics

import pytest
from playwright.sync_api import expect

from tests.browser.test_board import STATE, drawn_version

TIMINGS = """
  window.taps = [];
  window.rests = {};
  document.addEventListener('pointerdown', (event) => window.taps.push(event.timeStamp), true);
  document.addEventListener('buttonup:rest',
    (event) => { window.rests[event.detail.version] = performance.now(); });
"""

# For one tap: when it came, when its request left and its answer came back
# (the Resource Timing of its POST), and when its move's board came to rest.
MEASURED = """(version) => {
  const sent = performance.getEntriesByType('resource')
    .filter((entry) => entry.name.endsWith('/moves') && entry.initiatorType === 'fetch').at(-1);
  return {tap: window.taps.at(-1), request: sent.startTime, answer: sent.responseEnd,
          rest: window.rests[version]};
}"""

MOVES = 5


@pytest.mark.parametrize("locale", ["en-US", "es-ES"])
def test_a_tap_is_sent_at_once_and_the_board_rests_soon_after_the_answer(open_page, locale):
    page = open_page("/", locale=locale)
    page.add_init_script(TIMINGS)
    page.select_option("#vs-bot select[name=level]", "random")
    page.select_option("#vs-bot select[name=color]", "red")
    page.fill("#vs-bot input[name=target]", "50")
    page.click("#vs-bot button[type=submit]")
    page.wait_for_url(re.compile(r"\?game="))
    to_request, to_rest = [], []
    while len(to_request) < MOVES:
        if page.wait_for_function(STATE, timeout=30_000).json_value() != "mine":
            page.click("#continue")  # a round's end: on to the next
            continue
        version = drawn_version(page)
        page.locator("#board .position.legal").first.click()
        page.wait_for_function(f"() => window.rests[{version + 1}] !== undefined")
        measured = page.evaluate(MEASURED, version + 1)
        to_request.append(measured["request"] - measured["tap"])
        to_rest.append(measured["rest"] - measured["answer"])
        # The bot's answer drawn too before the next tap.
        page.wait_for_function(STATE, timeout=30_000)
    assert statistics.median(to_request) < 50, to_request
    assert statistics.median(to_rest) < 400, to_rest
    expect(page.locator("#error")).to_be_hidden()
    assert page.errors == []
