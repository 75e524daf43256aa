"""One name rule through `buttonup serve`: a look-alike or hidden-character
name is refused where a player is made, a seat taken or a record imported,
so none reaches a game, a leaderboard or the seek list."""

import httpx
import pytest

from tests.helpers.games import start_game

pytestmark = pytest.mark.e2e

HIDDEN = ["Ana\u202eoB", "A\u200bna", "Ana\u0085", "Ana\u009b", "a" * 8000]


def test_names_with_hidden_characters_are_refused_on_every_path(live_server):
    with httpx.Client(base_url=live_server.base_url, timeout=30) as http:
        game, tokens = start_game(http, target_score=1, seed=3, first_player="red")
        while game["status"] == "playing":
            mover = game["round"]["to_move"]
            game = http.post(
                f"/v1/games/{game['id']}/moves",
                json={"position": game["round"]["legal_moves"][0]},
                headers={"Authorization": f"Bearer {tokens[mover]}"},
            ).json()["game"]
        record = http.get(f"/v1/games/{game['id']}/record").text
        for name in HIDDEN:
            made = http.post("/v1/players", json={"name": name})
            assert made.status_code == 422 and "name" in made.json()["errors"], name
            waiting = http.post("/v1/games", json={}).json()
            seat = http.post(f"/v1/games/{waiting['id']}/players", json={"name": name})
            assert seat.status_code == 422, name
            lines = record.split("\n")
            at = next(i for i, line in enumerate(lines) if line.startswith("[Red "))
            lines[at] = f'[Red "{name}"]'
            imported = http.post(
                "/v1/games/import",
                content="\n".join(lines).encode(),
                headers={"Content-Type": "text/plain; charset=utf-8"},
            )
            problem = imported.json()
            assert (imported.status_code, problem["code"], problem["line"]) == (
                422,
                "invalid_record",
                at + 1,
            ), name
