"""Rate limits per client address and per seat token, counted in Redis."""

from dataclasses import replace

import pytest

from buttonup.app import create_app
from tests.api.helpers import auth, started_game


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
        assert client.post(url, json={"position": 99}, headers=auth(tokens["red"])).status_code in (
            409,
            422,
        )
    refused = client.post(url, json={"position": 0}, headers=auth(tokens["red"]))
    assert refused.status_code == 429
    assert refused.get_json()["code"] == "rate_limited"
    assert "Retry-After" in refused.headers
    # The other seat, and requests without a token, are not held back by red's count.
    other = client.post(url, json={"position": 99}, headers=auth(tokens["black"]))
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
    assert client.post(url, json={"position": 99}, headers=auth(to_move)).status_code == 422
    assert client.post(url, json={"position": first}, headers=auth(to_move)).status_code == 429
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
