"""Through `buttonup serve`: a Redis at its maxmemory (noeviction, as the
compose file sets it) refuses writes; the service answers 503 `storage_full`,
changes nothing, goes on reading, says why on /readyz, and takes writes
again once Redis has room."""

import httpx
import redis

from tests.conftest import LiveServer


def test_a_full_store_refuses_writes_whole_and_reads_go_on(own_redis):
    live = LiveServer(["--redis-url", own_redis.url, "--workers", "2"])
    store = redis.Redis(port=own_redis.port)
    try:
        with httpx.Client(base_url=live.base_url, timeout=10) as http:
            game = http.post("/v1/games", json={"seed": 3}).json()
            store.config_set("maxmemory-policy", "noeviction")
            store.config_set("maxmemory", max(1, store.info("memory")["used_memory"] // 2))
            before = set(store.scan_iter(count=1000))
            for _ in range(4):  # both workers
                refused = http.post("/v1/games", json={})
                assert refused.status_code == 503
                assert refused.json()["code"] == "storage_full"
                assert http.post(f"/v1/games/{game['id']}/players", json={}).status_code == 503
            assert set(store.scan_iter(count=1000)) == before
            assert http.get(f"/v1/games/{game['id']}").json() == game
            assert http.get("/readyz").json()["status"] == "storage_full"
            store.config_set("maxmemory", 0)
            assert http.get("/readyz").json() == {"status": "ok"}
            assert http.post(f"/v1/games/{game['id']}/players", json={}).status_code == 201
        assert "Traceback" not in live.log_text()
    finally:
        store.config_set("maxmemory", 0)
        store.close()
        live.stop()
