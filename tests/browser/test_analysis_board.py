"""The analysis board and a game's record in a real Chromium: a record
pasted and stepped through with each move's exact value, a position played
on from against the computer, and a game's record copied and downloaded."""

import re
from pathlib import Path

import httpx
from playwright.sync_api import expect


def played_game(base: str, moves: int, resign: bool = False) -> tuple[str, list[str]]:
    """A game between two people, `moves` moves in (then resigned by red, with
    `resign`): its id and its position after each move, and after the
    resignation (the start first)."""
    game = httpx.post(f"{base}/v1/games", json={"seed": 21, "first_player": "red"}).json()
    tokens = {}
    for color, name in (("red", "Ana"), ("black", "Bo")):
        seat = httpx.post(
            f"{base}/v1/games/{game['id']}/players", json={"color": color, "name": name}
        )
        tokens[color] = seat.json()["token"]
        game = seat.json()["game"]
    positions = [game["round"]["position"]]
    for _ in range(moves):
        answer = httpx.post(
            f"{base}/v1/games/{game['id']}/moves",
            json={"position": game["round"]["legal_moves"][0]},
            headers={"Authorization": f"Bearer {tokens[game['round']['to_move']]}"},
        )
        game = answer.json()["game"]
        positions.append(game["round"]["position"])
    if resign:
        answer = httpx.post(
            f"{base}/v1/games/{game['id']}/resign",
            headers={"Authorization": f"Bearer {tokens['red']}"},
        )
        positions.append(answer.json()["round"]["position"])
    return game["id"], positions


def margins(base: str, position: str) -> list[str]:
    answer = httpx.post(f"{base}/v1/analysis", json={"position": position}).json()
    return [
        f"{m['position']}: {'+' if m['margin'] > 0 else ''}{m['margin']}"
        + (" (best)" if m["position"] in answer["best"] else "")
        for m in answer["moves"]
    ]


def test_a_pasted_record_steps_forward_and_back_with_each_moves_value(open_page, live_server):
    base = live_server.base_url
    game_id, positions = played_game(base, 3, resign=True)
    record = httpx.get(f"{base}/v1/games/{game_id}/record").text
    page = open_page("/?analyse")
    page.fill("#analyse-text", record)
    page.click("#analyse-form button[type=submit]")
    shown = page.locator("#analysis-board")
    expect(shown).to_have_attribute("data-position", positions[0])
    expect(page.locator("#step-count")).to_have_text("0 / 4")
    expect(page.locator("#step-back")).to_be_disabled()
    for index in (1, 2, 3):
        page.click("#step-next")
        expect(shown).to_have_attribute("data-position", positions[index])
        expect(page.locator("#analysis-moves li")).to_have_text(margins(base, positions[index]))
    page.click("#step-last")  # red resigned: nobody moves, nothing to play from
    expect(shown).to_have_attribute("data-position", positions[4])
    expect(page.locator("#play-from-here")).to_be_hidden()
    expect(page.locator("#step-next")).to_be_disabled()
    page.click("#step-back")
    page.keyboard.press("ArrowLeft")
    expect(shown).to_have_attribute("data-position", positions[2])
    expect(page.locator("#analysis-played")).to_contain_text("Played next:")
    page.click("#step-first")
    expect(shown).to_have_attribute("data-position", positions[0])
    assert page.errors == []


def test_a_position_is_played_on_from_against_the_computer(open_page, live_server):
    base = live_server.base_url
    position = "-.WW.W.R.R.R.B.B.B_r_2-4_15_3r"
    page = open_page(f"/?analyse={position}")
    expect(page.locator("#analysis-board")).to_have_attribute("data-position", position)
    expect(page.locator("#analysis-moves li")).to_have_text(margins(base, position))
    page.select_option("#play-from-here select[name=opponent]", "greedy")
    page.click("#play-from-here button[type=submit]")
    page.wait_for_url(re.compile(r"\?game="))
    game_id = page.url.split("game=")[1]
    record = httpx.get(f"{base}/v1/games/{game_id}/record").text
    assert f'[Position "{position}"]' in record and '[BlackBot "greedy"]' in record
    expect(page.locator("#name-black")).to_have_text("Greedy bot")
    assert page.errors == []


def test_a_broken_record_is_told_where_it_goes_wrong(open_page):
    page = open_page("/?analyse")
    page.fill("#analyse-text", '[Red "Ana"]\n[Red "Bo"]\n\n1. r WWWRRRBBB\n')
    page.click("#analyse-form button[type=submit]")
    expect(page.locator("#error")).to_contain_text("line 2, column 2")


def test_a_wrong_position_is_said_by_the_services_reason_and_nothing_changes(
    open_page, live_server
):
    page = open_page("/?analyse", reduced_motion=True)
    page.fill("#analyse-text", "W.W.W.R.R.R.B.B.B_r_0-0_15_1r")
    page.click("#analyse-form button[type=submit]")
    expect(page.locator("#analysis-moves li")).to_have_count(3)  # one a white button
    page.fill("#analyse-text", "hello world")
    page.click("#analyse-form button[type=submit]")
    expect(page.locator("#error")).to_have_text(
        "Not a position (column 12): a position is five parts joined by '_': circle, mover, "
        "score, target, round"
    )
    expect(page.locator("#analysis-position")).to_have_text("W.W.W.R.R.R.B.B.B_r_0-0_15_1r")
    assert page.errors == []


def test_a_record_of_a_game_in_play_is_refused_saying_why_and_where(open_page, live_server):
    base = live_server.base_url
    game = httpx.post(f"{base}/v1/games", json={}).json()
    for _ in range(2):
        httpx.post(f"{base}/v1/games/{game['id']}/players", json={})
    record = httpx.get(f"{base}/v1/games/{game['id']}/record").text
    page = open_page("/?analyse", reduced_motion=True)
    page.fill("#analyse-text", record)
    page.click("#analyse-form button[type=submit]")
    expect(page.locator("#error")).to_contain_text(
        "The record does not read (line 5, column 10): only a game that is over is imported. "
        "A game still in play is analysed from its own page (Analyse), when it allows hints."
    )
    assert page.errors == []


def test_a_games_record_is_copied_downloaded_and_opened_for_analysis(open_page, live_server):
    base = live_server.base_url
    game_id, positions = played_game(base, 2)
    page = open_page(f"/?game={game_id}")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    expect(page.locator("#board")).to_have_attribute("data-version", re.compile(r"\d+"))
    record = httpx.get(f"{base}/v1/games/{game_id}/record").text
    page.click("#copy-record")
    expect(page.locator("#announce")).to_have_text("Record copied.")
    assert page.evaluate("navigator.clipboard.readText()") == record
    with page.expect_download() as download:
        page.click("#download-record")
    assert download.value.suggested_filename == f"buttonup-{game_id}.txt"
    assert Path(download.value.path()).read_text() == record
    page.click("#analyse-game")
    expect(page.locator("#analysis-board")).to_have_attribute("data-position", positions[0])
    expect(page.locator("#step-count")).to_have_text("0 / 2")
    expect(page.locator("#analyse-text")).to_have_value(record)
    assert page.errors == []
