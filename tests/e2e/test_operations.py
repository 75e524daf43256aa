"""Metrics and rate limits through `buttonup serve` with two workers: both
must add up across processes, whichever worker answers; and a worker's
bound on the requests it works on at once, which a request held back on
purpose does not hold."""

import http.client
import json

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.conftest import LiveServer

pytestmark = pytest.mark.e2e


def request(server: LiveServer, method: str, path: str, **kwargs) -> httpx.Response:
    """A new connection per request, so the kernel spreads them over the workers."""
    return httpx.request(method, server.base_url + path, timeout=10, **kwargs)


def totals(server: LiveServer) -> dict[tuple[str, frozenset], float]:
    text = request(server, "GET", "/metrics").text
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def workers_that_answered(server: LiveServer) -> set[int]:
    pids = set()
    for line in server.log_text().splitlines():
        if line.startswith("{") and '"logger":"buttonup.access"' in line:
            pids.add(json.loads(line)["pid"])
    return pids


def test_metrics_add_up_across_workers(own_redis):
    server = LiveServer(["--redis-url", own_redis.url, "--workers", "2"])
    try:
        games = 12
        for _ in range(games):
            game_id = request(server, "POST", "/v1/games", json={}).json()["id"]
            tokens = {}
            for color in ("red", "black"):
                joined = request(
                    server, "POST", f"/v1/games/{game_id}/players", json={"color": color}
                )
                tokens[color] = joined.json()["token"]
            round_ = joined.json()["game"]["round"]
            played = request(
                server,
                "POST",
                f"/v1/games/{game_id}/moves",
                json={"position": round_["legal_moves"][0]},
                headers={"Authorization": f"Bearer {tokens[round_['to_move']]}"},
            )
            assert played.status_code == 201
        for _ in range(4):  # every scrape, from whichever worker, has the totals
            seen = totals(server)
            assert seen[("buttonup_games_created_total", frozenset())] == games
            assert seen[("buttonup_players_joined_total", frozenset())] == 2 * games
            assert seen[("buttonup_moves_applied_total", frozenset())] == games
            created = frozenset({"method": "POST", "route": "/v1/games", "status": "201"}.items())
            assert seen[("buttonup_http_requests_total", created)] == games
        server.stop()  # flushes the log
        assert len(workers_that_answered(server)) == 2
    finally:
        server.stop(quickly=True)


def test_the_rate_limit_is_shared_by_every_process_on_one_redis(own_redis):
    """The limit is counted in Redis: two servers on one Redis (a deployment's
    replicas, each with two workers) count one client's requests together.
    Which of a server's workers takes a connection is the kernel's choice,
    so the test sends to each server in turn rather than hoping both of one
    server's workers answer."""
    servers = [
        LiveServer(
            ["--redis-url", own_redis.url, "--workers", "2"],
            env={"BUTTONUP_RATE_LIMIT": "10/minute"},
        )
        for _ in range(2)
    ]
    try:
        statuses = [
            request(servers[turn % 2], "GET", "/v1/games?status=waiting").status_code
            for turn in range(16)
        ]
        assert statuses == [200] * 10 + [429] * 6
        for server in servers:
            refused = request(server, "GET", "/v1/games?status=waiting")
            assert refused.json()["code"] == "rate_limited"
            assert int(refused.headers["Retry-After"]) >= 1
    finally:
        for server in servers:
            server.stop(quickly=True)


def test_requests_held_back_by_a_meter_keep_no_turn_from_the_others(own_redis):
    """One worker working on one request at a time: three refused creates,
    each held back a second before its 429 (a meter refuses a counter it
    refused lately only after a pause), and a probe sent after them is
    answered before any of them (were they holding the one turn, after all
    three)."""
    import threading
    import time

    server = LiveServer(
        ["--redis-url", own_redis.url, "--workers", "1"],
        env={
            "BUTTONUP_CREATES_RATE_LIMIT": "2/minute",
            "BUTTONUP_CREATES_ADDRESS_RATE_LIMIT": "2/minute",
            "BUTTONUP_REQUESTS_AT_ONCE": "1",
        },
    )
    try:
        statuses = [request(server, "POST", "/v1/games", json={}).status_code for _ in range(3)]
        assert statuses == [201, 201, 429]  # refused here: the next are held back
        answered: list[str] = []

        def refused() -> None:
            answer = request(server, "POST", "/v1/games", json={})
            answered.append(f"refused {answer.status_code}")

        held = [threading.Thread(target=refused) for _ in range(3)]
        for thread in held:
            thread.start()
        time.sleep(0.3)  # all three held back by now
        probe = request(server, "GET", "/healthz")
        answered.append(f"probe {probe.status_code}")
        for thread in held:
            thread.join()
        assert answered == ["probe 200"] + ["refused 429"] * 3
    finally:
        server.stop(quickly=True)


def test_a_keepalive_connection_is_closed_after_100_requests(live_server):
    """So that the kernel deals keep-alive clients out to the workers again."""
    connection = http.client.HTTPConnection("127.0.0.1", live_server.port, timeout=10)
    try:
        answers = []
        for _ in range(100):
            connection.request("GET", "/healthz")
            response = connection.getresponse()
            response.read()
            answers.append(response.getheader("Connection"))
        assert answers[:99] == ["keep-alive"] * 99
        assert answers[99] == "close"
        connection.request("GET", "/healthz")  # http.client opens a new connection
        assert connection.getresponse().status == 200
    finally:
        connection.close()
