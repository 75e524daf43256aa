"""Puzzles through `buttonup serve` (two workers, a Redis of their own,
puzzles mined at once after a game ends): public games played to their
end become puzzles the service serves without their solution; an attempt
answers with the service's replies while right, and once in shows the
solution and rates a player's first attempt; a player's history and
rating; the day's puzzle is one for everyone; refusals are problem+json
with their codes; and while a protected game stands at a puzzle's
position, in any of its 18 forms, the puzzle and its solution are not
served."""

import random
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from buttonup.engine.notation import read_position, write_position
from buttonup.engine.symmetry import position_forms
from buttonup.games.fair_play import REFUSED
from buttonup.redis_server import RedisServer
from tests.conftest import LiveServer
from tests.e2e.test_fair_play_gate import made_protected
from tests.helpers.games import bearer, new_player, take_seats

pytestmark = pytest.mark.e2e

PUZZLE_FIELDS = {"id", "position", "moves_to_find", "themes", "rating", "plays", "game_id"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    redis = RedisServer(Path(tmp_path_factory.mktemp("puzzles-redis")), persistent=False)
    redis.start()
    live = LiveServer(
        ["--redis-url", redis.url, "--workers", "2"], env={"BUTTONUP_PUZZLE_DELAY": "0"}
    )
    yield live
    live.stop(quickly=True)
    redis.stop()


@pytest.fixture(scope="module")
def http(server: LiveServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.base_url, timeout=30) as client:
        yield client


def played_public_game(http: httpx.Client, rng: random.Random) -> str:
    made = http.post("/v1/games", json={"visibility": "public", "target_score": 5})
    game, tokens = take_seats(http, made.json()["id"])
    while game["status"] == "playing":
        moved = http.post(
            f"/v1/games/{game['id']}/moves",
            json={"position": rng.choice(game["round"]["legal_moves"])},
            headers=bearer(tokens[game["round"]["to_move"]]),
        )
        assert moved.status_code == 201, moved.text
        game = moved.json()["game"]
    return game["id"]


def problem(answer: httpx.Response, status: int, code: str) -> dict:
    assert answer.status_code == status, answer.text
    assert answer.headers["content-type"].startswith("application/problem+json")
    assert answer.json()["code"] == code
    return answer.json()


@pytest.fixture(scope="module")
def mined(http: httpx.Client) -> list[str]:
    """Public games played and their puzzles mined (by the workers' timers):
    the games' ids. Before any, no puzzle is served."""
    problem(http.get("/v1/puzzles/next"), 404, "no_puzzle")
    problem(http.get("/v1/puzzles/daily"), 404, "no_puzzle")
    rng = random.Random(62)
    games = [played_public_game(http, rng) for _ in range(8)]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if http.get("/v1/puzzles/next").status_code == 200:
            time.sleep(3)  # the rest of the games mined too
            return games
        time.sleep(0.2)
    raise AssertionError("no puzzle mined within 30 s")


def test_a_puzzle_is_served_without_its_solution(http, mined):
    puzzle = http.get("/v1/puzzles/next").json()
    assert set(puzzle) >= PUZZLE_FIELDS
    assert "solution" not in puzzle and puzzle["game_id"] in mined
    assert puzzle["moves_to_find"] >= 1
    position = read_position(puzzle["position"])
    assert position.to_move.value == puzzle["color"]
    assert http.get(f"/v1/puzzles/{puzzle['id']}").json() == puzzle
    problem(http.get("/v1/puzzles/nothere"), 404, "puzzle_not_found")


def test_the_days_puzzle_is_the_same_for_everyone(http, mined):
    daily = {http.get("/v1/puzzles/daily").json()["id"] for _ in range(5)}
    ana = new_player(http, "Ana")
    daily.add(http.get("/v1/puzzles/daily", headers=bearer(ana["key"])).json()["id"])
    assert len(daily) == 1


def solve(http: httpx.Client, puzzle: dict, key: str, wrong_at: int | None = None) -> dict:
    """The puzzle tried move by move as a board does, knowing no rules: the
    legal moves from the puzzle and then from each answer's last `played`
    move; each right move learned by anonymous probes (a wrong one sent at
    `wrong_at`). Each answer's `played` circles are the engine's."""
    moves: list[int] = []
    legal = puzzle["legal_moves"]
    state = read_position(puzzle["position"]).state(None)
    for step in range(puzzle["moves_to_find"]):
        right = next(p for p in legal if probe(http, puzzle, moves + [p]) is not None)
        if wrong_at == step:
            wrong = next(p for p in legal if p != right)
            sent = http.post(
                f"/v1/puzzles/{puzzle['id']}/attempts",
                json={"moves": moves + [wrong], "seconds": 7},
                headers=bearer(key),
            )
            return sent.json()
        moves.append(right)
        sent = http.post(
            f"/v1/puzzles/{puzzle['id']}/attempts",
            json={"moves": moves, "seconds": 7},
            headers=bearer(key),
        )
        assert sent.status_code == 200, sent.text
        answer = sent.json()
        if answer["complete"]:
            return answer
        for shown in answer["played"][len(answer["played"]) - 1 - len(answer["replies"]) :]:
            state = state.apply(state.to_move, shown["position"])[0]
            assert shown["after"] == write_position(state).split("_")[0]
            assert shown["legal_moves"] == list(state.legal_moves())
        legal = answer["played"][-1]["legal_moves"]
    raise AssertionError("the attempt never came in")


def probe(http: httpx.Client, puzzle: dict, moves: list[int]) -> dict | None:
    """An anonymous attempt (it rates nothing): its answer when every move
    is right, None when one is wrong."""
    answer = http.post(f"/v1/puzzles/{puzzle['id']}/attempts", json={"moves": moves}).json()
    return None if answer["first_wrong"] is not None else answer


def test_a_player_solves_one_and_misses_another_and_each_rates_once(http, mined):
    ana = new_player(http, "Ana")
    key = ana["key"]
    first = http.get("/v1/puzzles/next", headers=bearer(key)).json()
    solved = solve(http, first, key)
    assert solved["solved"] and solved["first_wrong"] is None and solved["first"]
    assert solved["rating_diff"] > 0
    yours = [move["position"] for move in solved["solution"] if move["yours"]]
    assert len(yours) == first["moves_to_find"]
    again = http.post(
        f"/v1/puzzles/{first['id']}/attempts", json={"moves": yours}, headers=bearer(key)
    ).json()
    assert again["solved"] and not again["first"] and again["rating_diff"] is None
    second = http.get("/v1/puzzles/next", headers=bearer(key)).json()
    assert second["id"] != first["id"], "never one they tried"
    missed = solve(http, second, key, wrong_at=0)
    assert missed["complete"] and not missed["solved"] and missed["first_wrong"] == 0
    assert missed["rating_diff"] < 0 and missed["solution"]
    mine = http.get("/v1/players/me/puzzles", headers=bearer(key)).json()
    assert (mine["attempts"], mine["solved"]) == (2, 1)
    assert [tried["puzzle_id"] for tried in mine["history"]] == [second["id"], first["id"]]
    assert mine["rating"]["attempts"] == 2
    assert mine["rating"]["rating"] == 1500 + solved["rating_diff"] + missed["rating_diff"]
    assert http.get(f"/v1/puzzles/{first['id']}").json()["plays"] == 1
    page = http.get("/v1/players/me/puzzles?limit=1", headers=bearer(key)).json()
    assert len(page["history"]) == 1 and page["next_offset"] == 1


def test_bad_attempts_are_refused_with_their_codes(http, mined):
    puzzle = http.get("/v1/puzzles/next").json()
    url = f"/v1/puzzles/{puzzle['id']}/attempts"
    problem(http.post(url, json={"moves": [0] * 9}), 422, "validation_error")
    problem(http.post(url, json={"moves": [9]}), 422, "validation_error")
    problem(http.post(url, json={"moves": ["1"]}), 422, "validation_error")
    problem(http.post(url, json={}), 422, "validation_error")
    problem(http.post("/v1/puzzles/nothere/attempts", json={"moves": []}), 404, "puzzle_not_found")
    problem(http.get("/v1/players/me/puzzles"), 401, "unauthorized")
    key = new_player(http, "Cy")["key"]
    nobodys = key[:-4] + ("aaaa" if not key.endswith("aaaa") else "bbbb")
    problem(http.get("/v1/puzzles/next", headers=bearer(nobodys)), 401, "unauthorized")


def test_a_puzzle_a_protected_game_stands_at_is_kept_in_every_form(http, mined):
    puzzle = http.get("/v1/puzzles/next").json()
    start = read_position(puzzle["position"])
    for form in position_forms(start)[::5]:  # a rotation, the swap, turned
        protected = made_protected(http, form)
        for ask in (
            lambda: http.get(f"/v1/puzzles/{puzzle['id']}"),
            lambda: http.post(f"/v1/puzzles/{puzzle['id']}/attempts", json={"moves": [0]}),
        ):
            refused = problem(ask(), 403, "position_in_play")
            assert refused["detail"] == REFUSED and "solution" not in refused
        for _ in range(10):
            served = http.get("/v1/puzzles/next")
            assert served.status_code in (200, 404)
            assert served.status_code == 404 or served.json()["id"] != puzzle["id"]
        # A player seated in it gets no puzzle at all.
        seated = http.get("/v1/puzzles/next", headers=bearer(protected.keys["red"]))
        problem(seated, 403, "position_in_play")
        protected.end(http)
        assert http.get(f"/v1/puzzles/{puzzle['id']}").status_code == 200
    assert write_position(start.state(None)) == puzzle["position"]


def test_a_streak_is_started_played_and_ended_through_http(http, mined):
    key = new_player(http, "Di")["key"]
    empty = http.get("/v1/puzzles/streak", headers=bearer(key)).json()
    assert empty["over"] and empty["puzzle"] is None
    started = http.post("/v1/puzzles/streak", headers=bearer(key))
    assert started.status_code == 201, started.text
    streak = started.json()
    puzzle = streak["puzzle"]
    solved = solve_in_streak(http, puzzle, key, streak["id"])
    assert solved["solved"] and solved["rating_diff"] is None
    after = solved["streak"]
    assert after["length"] == 1 and not after["over"] and after["puzzle"]["id"] != puzzle["id"]
    assert http.get("/v1/puzzles/streak", headers=bearer(key)).json() == after
    stale = http.post(
        f"/v1/puzzles/{puzzle['id']}/attempts",
        json={"moves": [0], "streak": streak["id"]},
        headers=bearer(key),
    )
    problem(stale, 409, "streak_mismatch")
    problem(http.post("/v1/puzzles/streak"), 401, "unauthorized")


def solve_in_streak(http: httpx.Client, puzzle: dict, key: str, streak_id: str) -> dict:
    """The puzzle found by anonymous probes, then sent once whole in the streak."""
    moves: list[int] = []
    state = read_position(puzzle["position"]).state(None)
    for _ in range(puzzle["moves_to_find"]):
        right = next(p for p in state.legal_moves() if probe(http, puzzle, moves + [p]))
        answer = probe(http, puzzle, moves + [right])
        moves.append(right)
        state = state.apply(state.to_move, right)[0]
        for reply in answer["replies"]:
            state = state.apply(state.to_move, reply)[0]
    sent = http.post(
        f"/v1/puzzles/{puzzle['id']}/attempts",
        json={"moves": moves, "streak": streak_id},
        headers=bearer(key),
    )
    assert sent.status_code == 200, sent.text
    return sent.json()
