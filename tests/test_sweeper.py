"""The work a worker does by itself: started with the app, sweeping clocks
that ran out and beating for presence, stopped cleanly."""

import time
from dataclasses import replace

from buttonup.app import create_app
from buttonup.games import Games
from buttonup.games.hooks import Hooks, Timer
from buttonup.games.upkeep import Nudge
from buttonup.store import GameStore, connect
from buttonup.store.presence import WORKERS_KEY
from buttonup.sweeper import Background


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


def test_a_nudged_timer_works_at_once_and_a_stop_wakes_it(settings, redis_client):
    """A timer due every minute runs its next round as soon as it is
    nudged, not a minute later; stopping ends a timer waiting on its nudge."""
    nudge, rounds = Nudge(), []
    games = Games(
        GameStore(connect(settings.redis_url), game_ttl_seconds=600, reply_ttl_seconds=60)
    )
    games.hook(Hooks(timers=(Timer("nudged", 60, lambda: rounds.append(time.monotonic()), nudge),)))
    background = Background(games, sweep_seconds=60)
    background.start()
    try:
        for expected in (1, 2):
            nudged_at = time.monotonic()
            nudge.now()
            deadline = nudged_at + 5
            while len(rounds) < expected:
                assert time.monotonic() < deadline, "the nudge did not start a round"
                time.sleep(0.01)
    finally:
        background.stop(timeout=5)
    assert not any(thread.is_alive() for thread in background._threads)
    assert len(rounds) == 2
