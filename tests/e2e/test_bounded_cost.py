"""What one anonymous request can cost, through `buttonup serve`: the
costliest create (two perfect bots playing to 100 points in that request)
stays far under 64 KiB in Redis, and the worker serves other requests while
it plays."""

import secrets
import threading
import time

import httpx
import pytest

from tests.conftest import LiveServer

PERFECT = {"type": "bot", "level": "perfect"}
COSTLIEST = {"target_score": 100, "players": {"red": PERFECT, "black": PERFECT}}


@pytest.fixture(scope="module")
def one_worker(redis_server):
    live = LiveServer(["--redis-url", redis_server.url, "--workers", "1"])
    yield live
    live.stop()


def game_bytes(redis_server, game_id: str) -> int:
    client = redis_server._client()
    try:
        keys = list(client.scan_iter(match=f"buttonup:{{{game_id}}}:*"))
        return sum(client.memory_usage(key, samples=0) or 0 for key in keys)
    finally:
        client.close()


def test_the_costliest_create_stores_under_64_kib(one_worker, redis_server):
    with httpx.Client(base_url=one_worker.base_url, timeout=30) as http:
        for seed in range(3):
            game = http.post("/v1/games", json={**COSTLIEST, "seed": seed}).json()
            assert game["status"] == "finished" and max(game["score"].values()) >= 100
            assert game_bytes(redis_server, game["id"]) < 64 * 1024
        too_long = http.post("/v1/games", json={**COSTLIEST, "target_score": 101})
        assert too_long.status_code == 422


def test_other_requests_are_served_while_two_bots_play_a_whole_game(one_worker):
    """One worker: a request that comes while two bots play waits for one bot
    move, not for the whole game (a ratio of the two, not a time limit)."""
    took: dict[str, float] = {}

    def create() -> None:
        started = time.monotonic()
        with httpx.Client(base_url=one_worker.base_url, timeout=30) as http:
            # A seed of its own: no position of it was solved before.
            http.post("/v1/games", json={**COSTLIEST, "seed": secrets.randbits(62)})
        took["create"] = time.monotonic() - started

    thread = threading.Thread(target=create)
    thread.start()
    time.sleep(0.1)  # the bots are playing
    with httpx.Client(base_url=one_worker.base_url, timeout=30) as http:
        started = time.monotonic()
        assert http.get("/healthz").status_code == 200
        took["healthz"] = time.monotonic() - started
    thread.join()
    assert took["healthz"] < took["create"] / 4, took
