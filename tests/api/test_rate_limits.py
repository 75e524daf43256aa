"""Rate limits per client address and per seat token, counted in Redis."""

from dataclasses import replace

import pytest

from buttonup.api.rate_limits import METERS
from buttonup.app import WINGS, create_app
from buttonup.config import METERED, UNMETERED_ENVIRONMENT, Settings
from tests.helpers.games import bearer, started_game


@pytest.fixture
def limited(settings):
    def make(**limits):
        app = create_app(replace(settings, **limits))
        app.testing = True
        return app.test_client()

    return make


def test_off_unless_configured(client):
    game, _ = started_game(client)
    for _ in range(60):
        response = client.get(f"/v1/games/{game['id']}")
        assert response.status_code == 200
    assert "X-RateLimit-Limit" not in response.headers


def test_per_address_limit_answers_429_problem_with_retry_after(limited):
    client = limited(rate_limit="5/minute")
    game = client.post("/v1/games", json={}).get_json()  # 1
    for _ in range(4):  # 2..5
        assert client.get(f"/v1/games/{game['id']}").status_code == 200
    refused = client.get(f"/v1/games/{game['id']}")
    assert refused.status_code == 429
    assert refused.mimetype == "application/problem+json"
    body = refused.get_json()
    assert body["code"] == "rate_limited"
    assert body["status"] == 429
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    # Another address has its own allowance.
    other = client.get(f"/v1/games/{game['id']}", environ_base={"REMOTE_ADDR": "10.1.2.3"})
    assert other.status_code == 200
    assert other.headers["X-RateLimit-Remaining"] == "4"


def test_probes_metrics_and_docs_are_not_limited(limited):
    client = limited(rate_limit="2/minute")
    for _ in range(5):
        assert client.get("/healthz").status_code == 200
        assert client.get("/readyz").status_code == 200
        assert client.get("/metrics").status_code == 200
        assert client.get("/openapi.json").status_code == 200


def test_per_seat_limit_counts_each_token_apart(limited, settings):
    setup = create_app(settings).test_client()
    game, tokens = started_game(setup)
    client = limited(seat_rate_limit="3/minute")
    url = f"/v1/games/{game['id']}/moves"
    for _ in range(3):  # refused moves count too: the limit is on requests
        assert client.post(
            url, json={"position": 99}, headers=bearer(tokens["red"])
        ).status_code in (
            409,
            422,
        )
    refused = client.post(url, json={"position": 0}, headers=bearer(tokens["red"]))
    assert refused.status_code == 429
    assert refused.get_json()["code"] == "rate_limited"
    assert "Retry-After" in refused.headers
    # The other seat, and requests without a token, are not held back by red's count.
    other = client.post(url, json={"position": 99}, headers=bearer(tokens["black"]))
    assert other.status_code != 429
    for _ in range(5):
        assert client.get(f"/v1/games/{game['id']}").status_code == 200


def test_a_refused_request_changes_nothing(limited, settings):
    setup = create_app(settings).test_client()
    game, tokens = started_game(setup)
    client = limited(seat_rate_limit="1/minute")
    first = game["round"]["legal_moves"][0]
    to_move = tokens[game["round"]["to_move"]]
    url = f"/v1/games/{game['id']}/moves"
    assert client.post(url, json={"position": 99}, headers=bearer(to_move)).status_code == 422
    assert client.post(url, json={"position": first}, headers=bearer(to_move)).status_code == 429
    assert setup.get(f"/v1/games/{game['id']}").get_json()["version"] == game["version"]


def test_forwarded_addresses_count_only_behind_a_trusted_proxy(limited):
    def forwarded(client, address):
        return client.get("/v1/games?status=waiting", headers={"X-Forwarded-For": address})

    direct = limited(rate_limit="2/minute")
    # Clients cannot dodge the limit by claiming another address.
    statuses = [forwarded(direct, f"10.0.0.{n}").status_code for n in range(3)]
    assert statuses == [200, 200, 429]

    proxied = limited(rate_limit="2/minute", trusted_proxies=1)
    assert [forwarded(proxied, "10.9.9.9").status_code for _ in range(3)] == [200, 200, 429]
    assert forwarded(proxied, "10.9.9.10").status_code == 200


def test_costly_operations_are_metered_by_default_and_a_deployment_turns_them_off():
    assert all(Settings().meter_limit(name) for name in METERED)
    assert Settings.from_env({}) == Settings()
    turned = Settings.from_env({"BUTTONUP_ANALYSIS_RATE_LIMIT": "off", **UNMETERED_ENVIRONMENT})
    assert [turned.meter_limit(name) for name in METERED] == [""] * len(METERED)
    assert [turned.meter_address_limit(name) for name in METERED] == [""] * len(METERED)
    tuned = Settings.from_env({"BUTTONUP_RECORDS_RATE_LIMIT": "3/minute"})
    assert tuned.records_rate_limit == "3/minute"


def test_every_meter_names_operations_the_api_has(whole_app):
    assert {meter.name for meter in METERS} == set(METERED)
    routes = {
        (method, rule.endpoint)
        for rule in whole_app.url_map.iter_rules()
        for method in rule.methods or ()
    }
    for meter in METERS:
        assert meter.operations <= routes, meter.name
    # And each wing's, in its manifest, by a meter's name.
    for wing in WINGS:
        for name, operations in wing.MANIFEST.metered.items():
            assert name in METERED and set(operations) <= routes, (wing.MANIFEST.name, name)
    metered = {op for wing in WINGS for ops in wing.MANIFEST.metered.values() for op in ops}
    assert ("POST", "tournaments.TournamentJoin") in metered


def test_the_analysis_meter_counts_a_games_and_a_positions_analysis_together(limited, settings):
    setup = create_app(settings).test_client()
    game, _ = started_game(setup)
    client = limited(analysis_rate_limit="3/minute")
    position = {"position": game["round"]["position"]}
    assert client.post("/v1/analysis", json=position).status_code == 200
    assert client.get(f"/v1/games/{game['id']}/analysis").status_code == 200
    assert client.post("/v1/analysis", json={"position": "nonsense"}).status_code == 422
    refused = client.get(f"/v1/games/{game['id']}/analysis")
    assert refused.status_code == 429 and refused.get_json()["code"] == "rate_limited"
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    # What is not analysis is not counted, and another address has its own allowance.
    assert client.get(f"/v1/games/{game['id']}").status_code == 200
    other = client.post("/v1/analysis", json=position, environ_base={"REMOTE_ADDR": "10.1.2.3"})
    assert other.status_code == 200


def test_the_creates_meter_counts_per_player_key_across_addresses(limited):
    client = limited(creates_rate_limit="3/minute")
    key = client.post("/v1/players", json={"name": "Ana"}).get_json()["key"]  # 1 for 127.0.0.1
    statuses = [
        client.post(
            "/v1/games", json={}, headers=bearer(key), environ_base={"REMOTE_ADDR": f"10.0.0.{n}"}
        ).status_code
        for n in range(4)
    ]
    assert statuses == [201, 201, 201, 429]
    # Without the key, each of those addresses still has its own allowance.
    assert (
        client.post("/v1/games", json={}, environ_base={"REMOTE_ADDR": "10.0.0.3"}).status_code
        == 201
    )


def test_moves_and_joins_are_not_creates(limited):
    client = limited(creates_rate_limit="1/minute", creates_address_rate_limit="1/minute")
    game = client.post("/v1/games", json={}).get_json()
    assert client.post("/v1/games", json={}).status_code == 429
    red = client.post(f"/v1/games/{game['id']}/players", json={}).get_json()
    black = client.post(f"/v1/games/{game['id']}/players", json={}).get_json()
    state = black["game"]
    mover = red if state["round"]["to_move"] == "red" else black
    moved = client.post(
        f"/v1/games/{game['id']}/moves",
        json={"position": state["round"]["legal_moves"][0]},
        headers=bearer(mover["token"]),
    )
    assert moved.status_code == 201


def test_a_worker_refuses_a_flood_again_without_asking_redis(limited, redis_client):
    client = limited(records_rate_limit="1/minute")
    text = {"Content-Type": "text/plain"}
    assert client.post("/v1/games/import", data="x\n", headers=text).status_code == 422
    assert client.post("/v1/games/import", data="x\n", headers=text).status_code == 429
    # Its counters gone from Redis, the worker still refuses until the window ends.
    for key in redis_client.scan_iter(match="*meter*"):
        redis_client.delete(key)
    refused = client.post("/v1/games/import", data="x\n", headers=text)
    assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 60
    # Another address was never refused: Redis counts it.
    other = client.post(
        "/v1/games/import", data="x\n", headers=text, environ_base={"REMOTE_ADDR": "10.9.8.7"}
    )
    assert other.status_code == 422


def test_the_joins_meter_counts_joining_and_withdrawing_per_player_key(limited):
    client = limited(joins_rate_limit="3/minute")
    maker = client.post("/v1/players", json={"name": "Ana"}).get_json()["key"]
    arena = {
        "name": "Flood",
        "system": "arena",
        "minutes": 30,
        "clock": {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2},
    }
    made = client.post("/v1/tournaments", json=arena, headers=bearer(maker))
    assert made.status_code == 201, made.get_json()
    path = f"/v1/tournaments/{made.get_json()['id']}"
    key = client.post("/v1/players", json={"name": "Bo"}).get_json()["key"]
    statuses = [
        client.post(
            f"{path}/{('join', 'withdraw')[n % 2]}",
            headers=bearer(key),
            environ_base={"REMOTE_ADDR": f"10.0.1.{n}"},
        ).status_code
        for n in range(4)
    ]
    assert statuses[:3] == [200, 200, 200] and statuses[3] == 429
    # Another player, from another address, joins as ever.
    other = client.post("/v1/players", json={"name": "Cy"}).get_json()["key"]
    joined = client.post(
        f"{path}/join", headers=bearer(other), environ_base={"REMOTE_ADDR": "10.0.2.1"}
    )
    assert joined.status_code == 200


def test_people_behind_one_address_each_make_a_player_and_a_game_and_a_key_is_still_bounded(
    limited,
):
    client = limited(
        players_rate_limit="40/minute",
        creates_rate_limit="3/minute",
        creates_address_rate_limit="40/minute",
    )
    keys = [client.post("/v1/players", json={}).get_json()["key"] for _ in range(40)]
    games = [client.post("/v1/games", json={}, headers=bearer(key)).status_code for key in keys]
    assert games == [201] * 40  # the address's 40, each key's first
    assert client.post("/v1/players", json={}).status_code == 429  # the players meter: 40
    refused = client.post("/v1/games", json={}, headers=bearer(keys[0]))
    assert refused.status_code == 429  # the address's creates are spent too
    other = {"REMOTE_ADDR": "10.0.0.9"}
    again = [
        client.post("/v1/games", json={}, headers=bearer(keys[1]), environ_base=other).status_code
        for _ in range(3)
    ]
    assert again == [201, 201, 429]  # a key alone: 3 a minute, from any address
