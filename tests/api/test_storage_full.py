"""Redis at its maxmemory, evicting nothing: every write answers 503
`storage_full` and changes nothing, reads go on, /readyz says why, and
writes work again once Redis has room."""

import pytest
import redis

from buttonup.app import create_app
from buttonup.config import UNMETERED, Settings
from tests.helpers.games import bearer, create_game, started_game

LONG_KEY = "storage-full-retry-0001"


@pytest.fixture
def full(own_redis):
    """(client, redis client, fill): `fill()` brings Redis to its maxmemory."""
    app = create_app(Settings(redis_url=own_redis.url, sweep_interval_seconds=0, **UNMETERED))
    client = redis.Redis(port=own_redis.port)

    def fill() -> None:
        client.config_set("maxmemory-policy", "noeviction")
        client.config_set("maxmemory", max(1, client.info("memory")["used_memory"] // 2))

    yield app.test_client(), client, fill
    client.config_set("maxmemory", 0)
    client.close()


def keys(client: redis.Redis) -> set[bytes]:
    return set(client.scan_iter(count=1000))


def assert_storage_full(response) -> None:
    assert response.status_code == 503, response.get_json()
    problem = response.get_json()
    assert problem["code"] == "storage_full"
    assert response.mimetype == "application/problem+json"
    assert int(response.headers["Retry-After"]) >= 1


def test_every_write_is_refused_whole_and_reads_go_on(full):
    http, store, fill = full
    game, tokens = started_game(http, seed=9, first_player="red")
    waiting = create_game(http)
    player = http.post("/v1/players", json={"name": "Ana"}).get_json()
    fill()
    before = keys(store)
    position = game["round"]["legal_moves"][0]
    writes = [
        lambda: http.post("/v1/games", json={}),
        lambda: http.post("/v1/games", json={}, headers={"Idempotency-Key": LONG_KEY}),
        lambda: http.post("/v1/players", json={"name": "Bo"}),
        lambda: http.post(f"/v1/games/{waiting['id']}/players", json={}),
        lambda: http.post(
            f"/v1/games/{game['id']}/moves",
            json={"position": position},
            headers=bearer(tokens["red"]),
        ),
        lambda: http.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens["black"])),
        lambda: http.post(
            "/v1/games", json={"players": {"black": {"type": "bot"}}}, headers=bearer(player["key"])
        ),
    ]
    for write in writes:
        assert_storage_full(write())
    assert keys(store) == before
    # Reads go on, and show nothing of the refused writes.
    assert http.get(f"/v1/games/{game['id']}").get_json() == game
    assert http.get(f"/v1/games/{game['id']}/moves").get_json() == []
    assert (
        http.post("/v1/analysis", json={"position": game["round"]["position"]}).status_code == 200
    )
    ready = http.get("/readyz")
    assert ready.status_code == 200
    assert ready.get_json()["status"] == "storage_full"
    assert "maxmemory" in ready.get_json()["detail"]


def test_writes_work_again_once_redis_has_room(full):
    http, store, fill = full
    game, tokens = started_game(http, seed=9, first_player="red")
    fill()
    position = game["round"]["legal_moves"][0]
    move = {"json": {"position": position}, "headers": bearer(tokens["red"])}
    assert_storage_full(http.post(f"/v1/games/{game['id']}/moves", **move))
    store.config_set("maxmemory", 0)
    assert http.get("/readyz").get_json() == {"status": "ok"}
    moved = http.post(f"/v1/games/{game['id']}/moves", **move)
    assert moved.status_code == 201
    assert moved.get_json()["game"]["version"] == game["version"] + 1
