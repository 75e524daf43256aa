"""Tournaments tried as griefers would, through `buttonup serve` (two
workers, a Redis of its own): running tournaments by the dozen do not keep
a later one from being paired, and a create at the edge of Redis's
maxmemory is made whole or refused whole."""

import httpx
import pytest
import redis

from buttonup.tournaments.store import MAX_OPEN_PER_CREATOR, key
from tests.conftest import LiveServer
from tests.e2e.test_time import wait_for
from tests.e2e.test_tournaments import arena
from tests.helpers.games import bearer, new_player

pytestmark = pytest.mark.e2e

# More running tournaments than one process's pass looks after (50).
IDLE_ARENAS = 60


def test_sixty_idle_arenas_do_not_keep_a_later_one_from_pairing(own_redis):
    live = LiveServer(["--redis-url", own_redis.url, "--workers", "2"])
    try:
        with httpx.Client(base_url=live.base_url, timeout=10) as http:
            creators = [new_player(http, f"Idle {n}") for n in range(12)]
            for creator in creators:
                for _ in range(MAX_OPEN_PER_CREATOR):
                    made = http.post(
                        "/v1/tournaments", json=arena(minutes=720), headers=bearer(creator["key"])
                    )
                    path = f"/v1/tournaments/{made.json()['id']}"
                    assert http.post(f"{path}/start", headers=bearer(creator["key"])).is_success
            honest = http.post("/v1/tournaments", json=arena(), headers=bearer(creators[0]["key"]))
            assert honest.status_code == 429 or honest.json()["code"] == "too_many_tournaments"
            host = new_player(http, "Host")
            made = http.post("/v1/tournaments", json=arena(), headers=bearer(host["key"])).json()
            path = f"/v1/tournaments/{made['id']}"
            assert http.post(f"{path}/start", headers=bearer(host["key"])).is_success
            for name in ("Ana", "Bo"):
                player = new_player(http, name)
                assert http.post(f"{path}/join", headers=bearer(player["key"])).is_success
            waited = wait_for(lambda: len(http.get(f"{path}/games").json()["items"]) == 1, 10)
            assert waited < 3
    finally:
        live.stop()


def test_creates_at_the_edge_of_maxmemory_are_whole_or_refused_whole(own_redis):
    live = LiveServer(["--redis-url", own_redis.url, "--workers", "2"])
    store = redis.Redis(port=own_redis.port)
    try:
        with httpx.Client(base_url=live.base_url, timeout=10) as http:
            creators = [new_player(http, f"Edge {n}") for n in range(80)]
            store.config_set("maxmemory-policy", "noeviction")
            made, refused = [], []
            # Each creator's create tried with a little more room than Redis
            # has used: at some margins its first write fits, the next not.
            for margin, creator in enumerate(creators):
                used = store.info("memory")["used_memory"]
                store.config_set("maxmemory", used + 25 * margin)
                answer = http.post("/v1/tournaments", json=arena(), headers=bearer(creator["key"]))
                store.config_set("maxmemory", 0)
                if answer.status_code == 201:
                    made.append(answer.json()["id"])
                else:
                    assert (answer.status_code, answer.json()["code"]) == (503, "storage_full")
                    refused.append(creator)
            assert refused, "no create met a full store"
            # No record is left of a refused create, listed or not.
            records = {name.decode() for name in store.scan_iter(match=key("*", "t"))}
            assert records == {key(tournament_id, "t") for tournament_id in made}
            # And each refused creator has all five of their slots.
            for creator in refused[:10]:
                for _ in range(MAX_OPEN_PER_CREATOR):
                    answer = http.post(
                        "/v1/tournaments", json=arena(), headers=bearer(creator["key"])
                    )
                    assert answer.status_code == 201, answer.text
    finally:
        store.config_set("maxmemory", 0)
        store.close()
        live.stop()
