"""Redis stopped and restarted under load: no 500, no acknowledged move lost."""

import threading
import time

import httpx

from tests.conftest import LiveServer


def player(base_url: str, stop: threading.Event, acknowledged: list, statuses: list) -> None:
    """Plays games until told to stop, noting every answer and every 201."""
    with httpx.Client(base_url=base_url, timeout=10) as http:
        while not stop.is_set():
            try:
                created = http.post("/v1/games", json={"target_score": 5})
                statuses.append(created.status_code)
                if created.status_code != 201:
                    time.sleep(0.05)
                    continue
                game_id = created.json()["id"]
                seats = [http.post(f"/v1/games/{game_id}/players", json={}) for _ in range(2)]
                statuses.extend(seat.status_code for seat in seats)
                if any(seat.status_code != 201 for seat in seats):
                    continue
                tokens = {s.json()["color"]: s.json()["token"] for s in seats}
                game = seats[1].json()["game"]
                while game["status"] == "playing" and not stop.is_set():
                    position = game["round"]["legal_moves"][0]
                    response = http.post(
                        f"/v1/games/{game_id}/moves",
                        json={"position": position},
                        headers={
                            "Authorization": f"Bearer {tokens[game['round']['to_move']]}",
                            "Idempotency-Key": f"{game_id}-{game['version']}",
                        },
                    )
                    statuses.append(response.status_code)
                    if response.status_code == 201:
                        body = response.json()
                        acknowledged.append((game_id, body["move"]["number"], position))
                        game = body["game"]
                    else:
                        time.sleep(0.05)  # the store is down: retry the same move
            except httpx.HTTPError:
                statuses.append("transport")


def test_redis_restarted_under_load_loses_no_acknowledged_move(own_redis):
    server = LiveServer(["--redis-url", own_redis.url, "--workers", "2"])
    stop = threading.Event()
    acknowledged: list = []
    statuses: list = []
    players = [
        threading.Thread(target=player, args=(server.base_url, stop, acknowledged, statuses))
        for _ in range(4)
    ]
    try:
        for thread in players:
            thread.start()
        time.sleep(1.5)
        before = len(acknowledged)
        own_redis.stop()  # SHUTDOWN: the append-only file is flushed first
        time.sleep(1.0)
        own_redis.start()
        time.sleep(1.5)
        stop.set()
        for thread in players:
            thread.join(30)
    finally:
        stop.set()
        server.stop()
    assert before > 20 and len(acknowledged) > before, "load did not run on both sides"
    assert 503 in statuses, "the outage was not seen"
    assert 500 not in statuses
    assert set(statuses) <= {200, 201, 409, 503}, set(statuses)
    server = LiveServer(["--redis-url", own_redis.url, "--workers", "1"])
    try:
        with httpx.Client(base_url=server.base_url, timeout=10) as http:
            games: dict[str, dict[int, int]] = {}
            for game_id, _, _ in acknowledged:
                if game_id not in games:
                    moves = http.get(f"/v1/games/{game_id}/moves").json()
                    games[game_id] = {m["number"]: m["position"] for m in moves}
            for game_id, number, position in acknowledged:
                assert games[game_id].get(number) == position, (game_id, number)
    finally:
        server.stop(quickly=True)
