"""A real headless Chromium (Debian's `chromium`, driven by Playwright with the
system browser's path) on pages served by a live `buttonup serve`."""

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM_NAMES = ("chromium", "chromium-browser")
# Headless, and nothing that reaches out to the network by itself.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(os.environ.get("BUTTONUP_ARTIFACTS", "build/test-artifacts"))
# The screenshots the docs show, as these tests take them: `make screenshots`
# runs the tests that take them (BUTTONUP_DOC_SCREENSHOTS=1) and they are
# copied to docs/screenshots/ as the session ends, so the docs never show an
# older board than the tests drove.
DOC_SCREENSHOTS = (
    "start-1280.png",
    "game-1280.png",
    "game-390.png",
    "round-card-timed-1280.png",
    "analysis-1280-deal.png",
    "profile-1280.png",
    "start-390.png",
    "analysis-390-deal.png",
    "profile-390.png",
    "game-390-es.png",
    "round-card-timed-390-es.png",
    "game-over-es.png",
    "tournament-1280.png",
    "lobby-seek-1280-es.png",
    "lobby-seek-390-es.png",
    "analysis-error-1280-es.png",
    "analysis-error-390-es.png",
    "text-view-1280.png",
    "text-view-390.png",
)
DOCS_SCREENSHOTS_DIR = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def find_chromium() -> str | None:
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator:
    executable = find_chromium()
    if executable is None:
        pytest.skip(
            "no Chromium on this machine: install the Debian packages chromium and "
            "chromium-driver (.ci/run does) to run the browser tests"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def open_page(browser, live_server):
    """open_page(path="/", reduced_motion=False, size=(1000, 900), phone=False,
    locale="en-US") -> a page of its own browser context (`phone`: a touch
    screen, no mouse; `locale`: the browser's language, which the board follows)."""
    contexts = []

    def open_(
        path: str = "/",
        *,
        reduced_motion: bool = False,
        size=(1000, 900),
        phone: bool = False,
        locale: str = "en-US",
    ):
        context = browser.new_context(
            base_url=live_server.base_url,
            viewport={"width": size[0], "height": size[1]},
            reduced_motion="reduce" if reduced_motion else "no-preference",
            is_mobile=phone,
            has_touch=phone,
            locale=locale,
        )
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.goto(path)
        return page

    yield open_
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def artifacts() -> Iterator[Path]:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    yield ARTIFACTS
    if os.environ.get("BUTTONUP_DOC_SCREENSHOTS"):
        DOCS_SCREENSHOTS_DIR.mkdir(exist_ok=True)
        for name in DOC_SCREENSHOTS:
            if (ARTIFACTS / name).exists():
                shutil.copy2(ARTIFACTS / name, DOCS_SCREENSHOTS_DIR / name)
