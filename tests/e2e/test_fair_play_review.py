"""The exact review of a finished rated game through `buttonup serve`: the
Game, its `game_over` event, its record's tags and its players' profiles
carry the same figures, which equal a replay of its moves with an
independent exhaustive search; and the fair-play operator's requests need
the deployment's operator key."""

import random

import httpx
import pytest

from buttonup.engine.notation import read_position
from tests import reference_rules as ref
from tests.conftest import LiveServer
from tests.engine.positions import letters
from tests.helpers.games import bearer, new_player
from tests.helpers.sse import sse_events

pytestmark = pytest.mark.e2e

OPERATOR_KEY = "k" * 40


@pytest.fixture(scope="module")
def server(redis_server):
    running = LiveServer(
        ["--redis-url", redis_server.url], env={"BUTTONUP_OPERATOR_KEY": OPERATOR_KEY}
    )
    yield running
    running.stop(quickly=True)


def expected_review(positions: list[tuple[str, int]]) -> dict[str, dict]:
    """Each seat's figures from the positions its moves were played in (as
    the Game wrote them) and the moves, judged by exhaustive search."""
    seats = {color: [0, 0, 0, 0, 0] for color in ("red", "black")}
    for text, move in positions:
        position = read_position(text)
        mover = position.to_move.value
        margins = ref.margins_for(letters(position.circle), mover)
        lost = max(margins.values()) - margins[move]
        mattered = len(set(margins.values())) > 1
        seat = seats[mover]
        seat[0] += 1
        seat[1] += mattered
        seat[2] += mattered and lost == 0
        seat[3] += lost
        seat[4] = max(seat[4], lost)
    names = ("moves", "mattered", "perfect", "lost", "largest")
    review = {color: dict(zip(names, figures, strict=True)) for color, figures in seats.items()}
    for seat in review.values():
        seat["accuracy"] = (
            round(100 * seat["perfect"] / seat["mattered"], 1) if seat["mattered"] else None
        )
    return review


def test_a_finished_rated_games_review_is_the_same_everywhere_and_exact(server):
    rng = random.Random(7)
    with httpx.Client(base_url=server.base_url, timeout=30) as http:
        ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
        game = http.post("/v1/games", json={"rated": True, "target_score": 5}).json()
        keys = {"red": ana["key"], "black": bo["key"]}
        for color, key in keys.items():
            seated = http.post(
                f"/v1/games/{game['id']}/players", json={"color": color}, headers=bearer(key)
            )
        game = seated.json()["game"]
        with http.stream(
            "GET", f"/v1/games/{game['id']}/events", headers=bearer(ana["key"])
        ) as stream:
            played = []
            while game["status"] == "playing":
                move = rng.choice(game["round"]["legal_moves"])
                played.append((game["round"]["position"], move))
                answer = http.post(
                    f"/v1/games/{game['id']}/moves",
                    json={"position": move},
                    headers=bearer(keys[game["round"]["to_move"]]),
                )
                game = answer.json()["game"]
            over = next(e for e in sse_events(stream.iter_lines()) if e.name == "game_over")
        review = expected_review(played)
        assert game["review"] == review
        assert over.data["review"] == review
        assert http.get(f"/v1/games/{game['id']}").json()["review"] == review
        record = http.get(f"/v1/games/{game['id']}/record").text
        for color, tag in (("red", "RedReview"), ("black", "BlackReview")):
            seat = review[color]
            line = (
                f'[{tag} "{seat["perfect"]}/{seat["mattered"]} {seat["lost"]} {seat["largest"]}"]'
            )
            assert line in record
        imported = http.post(
            "/v1/games/import", content=record, headers={"Content-Type": "text/plain"}
        )
        assert imported.status_code == 201 and imported.json()["review"] is None, "unrated"
        for player, color in ((ana, "red"), (bo, "black")):
            profile = http.get(f"/v1/players/{player['id']}").json()["review"]
            assert profile == {"games": 1, **review[color]}


def test_the_operators_requests_need_its_key(server):
    with httpx.Client(base_url=server.base_url, timeout=30) as http:
        assert http.get("/v1/fair-play/flags").status_code == 401
        wrong = http.get("/v1/fair-play/flags", headers=bearer("x" * 40))
        assert (wrong.status_code, wrong.json()["code"]) == (403, "operator_only")
        listed = http.get("/v1/fair-play/flags", headers=bearer(OPERATOR_KEY))
        assert listed.status_code == 200 and set(listed.json()) == {"items", "next"}
