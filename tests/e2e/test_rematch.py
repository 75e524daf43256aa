"""Rematch through `buttonup serve`: only of a game played to its end, and
the new game's clock starts once both seats hold their tokens."""

import time

import httpx
import pytest

from tests.helpers.games import bearer, start_game

pytestmark = pytest.mark.e2e


def test_an_aborted_game_has_no_rematch_and_its_stream_ends_at_game_over(http, live_server):
    game, tokens = start_game(http, first_player="red")
    assert http.post(f"/v1/games/{game['id']}/abort", headers=bearer(tokens["red"])).is_success
    refused = http.post(f"/v1/games/{game['id']}/rematch", headers=bearer(tokens["black"]))
    assert refused.status_code == 409 and refused.json()["code"] == "rematch_closed"
    started = time.monotonic()
    with httpx.stream("GET", f"{live_server.base_url}/v1/games/{game['id']}/events") as stream:
        text = "".join(stream.iter_text())
    assert "event: game_over" in text
    assert time.monotonic() - started < 10, "not held open for a rematch window"


def test_a_rematch_clock_waits_for_both_tokens(http):
    clock = {"type": "fischer", "initial_seconds": 60, "increment_seconds": 0}
    game, tokens = start_game(http, first_player="red", clock=clock)
    assert http.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens["red"])).is_success
    offered = http.post(f"/v1/games/{game['id']}/rematch", headers=bearer(tokens["red"]))
    assert offered.status_code == 202
    accepted = http.post(f"/v1/games/{game['id']}/rematch", headers=bearer(tokens["black"]))
    assert accepted.status_code == 201
    new = accepted.json()["game"]
    assert new["status"] == "waiting" and new["clock"]["running"] is None
    time.sleep(1.2)  # the first asker is slow to come back: no clock runs meanwhile
    taken = http.post(f"/v1/games/{game['id']}/rematch", headers=bearer(tokens["red"])).json()
    assert taken["game"]["status"] == "playing"
    assert taken["game"]["clock"]["remaining_ms"] == {"red": 60_000, "black": 60_000}
    joined = http.post(f"/v1/games/{new['id']}/players", json={})
    assert joined.status_code == 409 and joined.json()["code"] == "game_full"
