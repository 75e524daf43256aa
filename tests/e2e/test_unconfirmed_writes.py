"""A 503 never hides a change: writes that Redis runs after the service gave up
on them are refused by their deadline, through `buttonup serve` and a Redis
frozen with SIGSTOP."""

import os
import signal
import threading
import time
from collections.abc import Callable

import httpx
import pytest

from tests.conftest import LiveServer
from tests.helpers.games import start_game

GAMES = 10


@pytest.fixture
def server(own_redis):
    live = LiveServer(["--redis-url", own_redis.url, "--workers", "2"])
    yield live
    live.stop(quickly=True)


def game_keys(own_redis) -> int:
    client = own_redis._client()
    try:
        return sum(1 for _ in client.scan_iter("buttonup:{*}:game"))
    finally:
        client.close()


def concurrently(base_url: str, calls: list[Callable[[httpx.Client], httpx.Response]]) -> list:
    answers: list = [None] * len(calls)

    def run(index: int) -> None:
        with httpx.Client(base_url=base_url, timeout=15) as http:
            started = time.monotonic()
            response = calls[index](http)
            answers[index] = (response, time.monotonic() - started)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    return answers


def writes(waiting: list[str], started: list[tuple[dict, dict]]) -> list[Callable]:
    """A join on each waiting game, a move (no Idempotency-Key) on each started
    one, and as many creates."""

    def join(game_id: str) -> Callable:
        return lambda http: http.post(f"/v1/games/{game_id}/players", json={})

    def move(game: dict, tokens: dict) -> Callable:
        return lambda http: http.post(
            f"/v1/games/{game['id']}/moves",
            json={"position": game["round"]["legal_moves"][0]},
            headers={"Authorization": f"Bearer {tokens[game['round']['to_move']]}"},
        )

    calls = [join(game_id) for game_id in waiting]
    calls += [move(game, tokens) for game, tokens in started]
    calls += [lambda http: http.post("/v1/games", json={}) for _ in range(GAMES)]
    return calls


def frozen_for(own_redis, seconds: float, server: LiveServer) -> tuple[list, list, list, int]:
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        waiting = [http.post("/v1/games", json={}).json()["id"] for _ in range(GAMES)]
        started = [start_game(http) for _ in range(GAMES)]
    keys_before = game_keys(own_redis)
    os.kill(own_redis.process.pid, signal.SIGSTOP)
    frozen_at = time.monotonic()
    try:
        answers = concurrently(server.base_url, writes(waiting, started))
        time.sleep(max(0.0, seconds - (time.monotonic() - frozen_at)))
    finally:
        os.kill(own_redis.process.pid, signal.SIGCONT)
    time.sleep(0.5)  # Redis runs what was queued
    return answers, waiting, started, keys_before


def applied(http: httpx.Client, waiting: list[str], started: list) -> list[bool]:
    joined = [http.get(f"/v1/games/{g}").json()["version"] > 0 for g in waiting]
    moved = [
        http.get(f"/v1/games/{game['id']}").json()["version"] > game["version"]
        for game, _ in started
    ]
    return joined + moved


def test_writes_answered_503_while_redis_is_frozen_are_never_applied(own_redis, server):
    answers, waiting, started, keys_before = frozen_for(own_redis, 5.0, server)
    statuses = [response.status_code for response, _ in answers]
    assert statuses == [503] * len(answers), statuses
    codes = {response.json()["code"] for response, _ in answers}
    assert codes <= {"storage_unavailable", "outcome_unknown"}
    assert max(seconds for _, seconds in answers) < 3.0
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        assert applied(http, waiting, started) == [False] * (2 * GAMES)
    assert game_keys(own_redis) == keys_before


def test_a_short_stall_is_settled_and_answered_with_certainty(own_redis, server):
    """Redis back within the request's time: the service learns that its
    write did not run, and never will, so 503 storage_unavailable is sure."""
    answers, waiting, started, keys_before = frozen_for(own_redis, 1.1, server)
    moves = answers[GAMES : 2 * GAMES]
    assert {response.json()["code"] for response, _ in moves} == {"storage_unavailable"}
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        assert applied(http, waiting, started) == [False] * (2 * GAMES)
    assert game_keys(own_redis) == keys_before


def test_outcome_unknown_is_resolved_by_a_retry_with_the_same_key(own_redis, server):
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        game, tokens = start_game(http)
        move = {
            "url": f"/v1/games/{game['id']}/moves",
            "json": {"position": game["round"]["legal_moves"][0]},
            "headers": {
                "Authorization": f"Bearer {tokens[game['round']['to_move']]}",
                "Idempotency-Key": "move-1",
            },
        }
        os.kill(own_redis.process.pid, signal.SIGSTOP)
        try:
            first = http.post(**move)
        finally:
            os.kill(own_redis.process.pid, signal.SIGCONT)
        assert first.status_code == 503
        assert first.json()["code"] in {"storage_unavailable", "outcome_unknown"}
        again = http.post(**move)
        assert again.status_code == 201, again.text
        assert http.get(f"/v1/games/{game['id']}").json()["version"] == game["version"] + 1


def test_a_join_retried_with_its_key_gets_the_same_seat_and_token(server):
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        game_id = http.post("/v1/games", json={}).json()["id"]
        key = {"Idempotency-Key": "join-0123456789abcdef"}
        first = http.post(f"/v1/games/{game_id}/players", json={"name": "Ana"}, headers=key)
        again = http.post(f"/v1/games/{game_id}/players", json={"name": "Ana"}, headers=key)
        assert first.status_code == again.status_code == 201
        assert again.json() == first.json()
        other = http.post(f"/v1/games/{game_id}/players", json={})
        assert other.json()["color"] == "black" and other.json()["token"] != first.json()["token"]
        reused = http.post(f"/v1/games/{game_id}/players", json={"name": "Bo"}, headers=key)
        assert reused.status_code == 422 and reused.json()["code"] == "idempotency_key_reused"
        # No player key scopes it: it is this join's, and another game's join
        # with it is another request.
        second_game = http.post("/v1/games", json={}).json()["id"]
        elsewhere = http.post(f"/v1/games/{second_game}/players", json={"name": "Ana"}, headers=key)
        assert elsewhere.status_code == 422
        assert elsewhere.json()["code"] == "idempotency_key_reused"


def test_the_generated_client_sends_a_key_and_retries_a_lost_answer_with_it(own_redis, server):
    from buttonup_client import AuthenticatedClient, Client
    from buttonup_client.api.games import create_game, join_game, play_move
    from buttonup_client.models import CreateGame, JoinGame, Played, PlayMove

    anonymous = Client(base_url=server.base_url, timeout=httpx.Timeout(10))
    game = create_game.sync(client=anonymous, body=CreateGame())
    seats = [join_game.sync(game.id, client=anonymous, body=JoinGame()) for _ in range(2)]
    state = seats[1].game
    token = next(s.token for s in seats if s.color == state.round_.to_move)
    player = AuthenticatedClient(base_url=server.base_url, token=token, timeout=httpx.Timeout(10))
    os.kill(own_redis.process.pid, signal.SIGSTOP)
    # Redis comes back while the client waits out the first answer's Retry-After.
    threading.Timer(1.0, os.kill, (own_redis.process.pid, signal.SIGCONT)).start()
    played = play_move.sync(
        state.id, client=player, body=PlayMove(position=state.round_.legal_moves[0])
    )
    assert isinstance(played, Played), played
    assert played.game.version == state.version + 1
    moves = httpx.get(f"{server.base_url}/v1/games/{state.id}/moves").json()
    assert len(moves) == 1
