"""Redis down or hanging: 503 storage_unavailable within 2 s, nothing changed,
and the service recovers by itself when Redis is back."""

import os
import signal
import time

import pytest

from buttonup.app import create_app
from buttonup.config import UNMETERED, Settings
from tests.helpers.games import bearer, started_game


@pytest.fixture
def fault_client(own_redis):
    app = create_app(Settings(redis_url=own_redis.url, **UNMETERED))
    return app.test_client()


def timed(call):
    started = time.monotonic()
    response = call()
    return response, time.monotonic() - started


def every_endpoint(client, game, tokens):
    gid = game["id"]
    token = tokens[game["round"]["to_move"]]
    position = game["round"]["legal_moves"][0]
    return [
        lambda: client.get("/readyz"),
        lambda: client.post("/v1/games", json={}),
        lambda: client.post("/v1/games", json={}, headers={"Idempotency-Key": "create-redis-down"}),
        lambda: client.get(f"/v1/games/{gid}"),
        lambda: client.get(f"/v1/games/{gid}/moves"),
        lambda: client.post(f"/v1/games/{gid}/players", json={}),
        lambda: client.post(
            f"/v1/games/{gid}/moves", json={"position": position}, headers=bearer(token)
        ),
        lambda: client.post(f"/v1/games/{gid}/resign", headers=bearer(token)),
    ]


def assert_unavailable(client, game, tokens, *, answer_lost: bool = False):
    """Every endpoint answers 503 in time; with `answer_lost` (Redis takes
    writes in but does not answer), a change may say its outcome is unknown."""
    codes = {"storage_unavailable", "outcome_unknown"} if answer_lost else {"storage_unavailable"}
    for call in every_endpoint(client, game, tokens):
        response, seconds = timed(call)
        assert response.status_code == 503, response.get_data(as_text=True)
        assert response.mimetype == "application/problem+json"
        assert response.get_json()["code"] in codes
        assert response.headers["Retry-After"]
        assert seconds < 2.0
    assert client.get("/healthz").status_code == 200


def assert_unchanged_and_working(client, game, tokens):
    assert client.get("/readyz").status_code == 200
    assert client.get(f"/v1/games/{game['id']}").get_json() == game
    assert client.get(f"/v1/games/{game['id']}/moves").get_json() == []
    response = client.post(
        f"/v1/games/{game['id']}/moves",
        json={"position": game["round"]["legal_moves"][0]},
        headers=bearer(tokens[game["round"]["to_move"]]),
    )
    assert response.status_code == 201


def test_redis_stopped_then_restarted(fault_client, own_redis):
    game, tokens = started_game(fault_client)
    own_redis.stop()
    assert_unavailable(fault_client, game, tokens)
    own_redis.start()
    assert_unchanged_and_working(fault_client, game, tokens)


def test_redis_hanging_then_resumed(fault_client, own_redis):
    game, tokens = started_game(fault_client)
    os.kill(own_redis.process.pid, signal.SIGSTOP)
    try:
        assert_unavailable(fault_client, game, tokens, answer_lost=True)
    finally:
        os.kill(own_redis.process.pid, signal.SIGCONT)
    assert_unchanged_and_working(fault_client, game, tokens)
