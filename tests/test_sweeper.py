"""The work a worker does by itself: started with the app, sweeping clocks
that ran out and beating for presence, stopped cleanly."""

import time
from dataclasses import replace

from buttonup.app import create_app
from buttonup.store.presence import WORKERS_KEY


def test_the_app_sweeps_by_itself_and_stops_cleanly(settings, redis_client):
    app = create_app(replace(settings, sweep_interval_seconds=0.05))
    background = app.extensions["buttonup.background"]
    client = app.test_client()
    game = client.post("/v1/games", json={"clock": {"type": "per_move", "seconds": 5}}).get_json()
    for color in ("red", "black"):
        client.post(f"/v1/games/{game['id']}/players", json={"color": color})
    deadline = time.time() + 10
    while redis_client.zcard(WORKERS_KEY) == 0:  # the presence beat
        assert time.time() < deadline
        time.sleep(0.05)
    # Nobody reads the game: the first move never comes, the sweeper aborts it.
    time.sleep(5.3)
    stored = redis_client.get(f"buttonup:{{{game['id']}}}:game").decode()
    assert stored.startswith("2 3 "), stored[:20]  # two joins, then the abort
    background.stop()
    assert not any(thread.is_alive() for thread in background._threads)
    background.stop()  # a second stop is nothing


def test_a_worker_without_a_sweeper_still_ends_a_game_when_it_is_read(settings, redis_client):
    app = create_app(replace(settings, sweep_interval_seconds=0))
    assert "buttonup.background" not in app.extensions
    client = app.test_client()
    game = client.post("/v1/games", json={"clock": {"type": "per_move", "seconds": 5}}).get_json()
    for color in ("red", "black"):
        client.post(f"/v1/games/{game['id']}/players", json={"color": color})
    time.sleep(5.1)
    assert client.get(f"/v1/games/{game['id']}").get_json()["end_reason"] == "aborted"
