"""What each role serves (api.roles), through the app on a real Redis: an
event stream refused by an api process, everything else by a streams
process, each with 421 served_elsewhere and nothing done; the probes and
metrics by every role; and every stream's path, as the spec names it, ends
as the proxy routes it."""

from dataclasses import replace

import pytest
from flask import Flask

from buttonup.api.roles import STREAM_SUFFIX
from buttonup.app import create_app
from buttonup.config import Settings
from tests.helpers.games import create_game


def app_of(settings: Settings, role: str) -> Flask:
    app = create_app(replace(settings, role=role))
    app.testing = True
    return app


def test_an_api_process_refuses_an_event_stream_and_serves_the_rest(settings):
    client = app_of(settings, "api").test_client()
    game = create_game(client)
    answer = client.get(f"/v1/games/{game['id']}/events")
    assert answer.status_code == 421
    assert answer.mimetype == "application/problem+json"
    assert answer.get_json()["code"] == "served_elsewhere"
    assert "streams" in answer.get_json()["detail"]
    assert client.get(f"/v1/games/{game['id']}").status_code == 200


def test_a_streams_process_serves_streams_and_refuses_the_rest_unchanged(settings, redis_client):
    game = create_game(app_of(settings, "all").test_client())
    client = app_of(settings, "streams").test_client()
    keys_before = redis_client.dbsize()
    refused = client.post("/v1/games", json={})
    assert refused.status_code == 421
    assert refused.get_json()["code"] == "served_elsewhere"
    assert client.post(f"/v1/games/{game['id']}/players", json={}).status_code == 421
    assert client.get("/").status_code == 421  # the board is the API's
    assert redis_client.dbsize() == keys_before
    stream = client.get(f"/v1/games/{game['id']}/events", buffered=False)
    try:
        assert stream.status_code == 200
        assert stream.mimetype == "text/event-stream"
        assert b"event: game" in next(stream.response)
    finally:
        stream.close()


@pytest.mark.parametrize("role", ["api", "streams"])
def test_every_role_answers_its_probes_and_metrics(settings, role):
    client = app_of(settings, role).test_client()
    for path in ("/healthz", "/readyz", "/metrics"):
        assert client.get(path).status_code == 200, path
    assert client.get("/v1/no-such-path").status_code == 404


def test_every_event_stream_and_nothing_else_ends_as_the_proxy_routes_it(whole_app):
    spec = whole_app.test_client().get("/openapi.json").get_json()
    streams, others = set(), set()
    for path, operations in spec["paths"].items():
        for operation in operations.values():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            ok = operation["responses"].get("200", {}).get("content", {})
            (streams if "text/event-stream" in ok else others).add(path)
    assert streams, "the spec names its event streams"
    assert all(path.endswith(STREAM_SUFFIX) for path in streams)
    assert not any(path.endswith(STREAM_SUFFIX) for path in others - streams)
