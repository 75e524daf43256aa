"""Request ids, one JSON log line per request without secrets, headers, CORS."""

import json
import logging
from dataclasses import replace

from buttonup.api.observability import JsonFormatter
from buttonup.app import create_app
from tests.api.helpers import auth, started_game


def test_a_request_id_is_honoured_or_generated_and_returned(client):
    given = client.get("/healthz", headers={"X-Request-ID": "abc-123"})
    assert given.headers["X-Request-ID"] == "abc-123"
    generated = client.get("/healthz", headers={"X-Request-ID": "bad id with spaces"})
    assert len(generated.headers["X-Request-ID"]) == 32
    assert generated.headers["X-Request-ID"] != client.get("/healthz").headers["X-Request-ID"]


def test_one_json_line_per_request_and_never_a_token(client, caplog):
    game, tokens = started_game(client)
    access = logging.getLogger("buttonup.access")
    access.addHandler(caplog.handler)  # the service's loggers do not propagate to the root
    try:
        client.post(
            f"/v1/games/{game['id']}/moves?token={tokens['red']}",
            json={"position": game["round"]["legal_moves"][0]},
            headers={**auth(tokens[game["round"]["to_move"]]), "X-Request-ID": "req-7"},
        )
    finally:
        access.removeHandler(caplog.handler)
    records = list(
        {id(r): r for r in caplog.records if getattr(r, "request_id", None) == "req-7"}.values()
    )
    assert len(records) == 1
    line = json.loads(JsonFormatter().format(records[0]))
    assert line["method"] == "POST"
    assert line["route"] == "/v1/games/<game_id>/moves"
    assert line["status"] == 201
    assert line["request_id"] == "req-7"
    assert line["duration_ms"] >= 0
    text = JsonFormatter().format(records[0])
    assert tokens["red"] not in text and tokens["black"] not in text
    assert "Authorization" not in text and "Bearer" not in text


def test_security_headers_on_every_answer(client):
    for response in (client.get("/healthz"), client.get("/nope")):
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["X-Frame-Options"] == "DENY"
        assert response.headers["Referrer-Policy"] == "no-referrer"


def test_cors_for_configured_origins_only(settings):
    app = create_app(replace(settings, cors_origins=("https://play.example",)))
    client = app.test_client()
    allowed = client.get("/healthz", headers={"Origin": "https://play.example"})
    assert allowed.headers["Access-Control-Allow-Origin"] == "https://play.example"
    assert "ETag" in allowed.headers["Access-Control-Expose-Headers"]
    other = client.get("/healthz", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers
    preflight = client.options(
        "/v1/games",
        headers={"Origin": "https://play.example", "Access-Control-Request-Method": "POST"},
    )
    assert preflight.status_code == 200
    assert "POST" in preflight.headers["Access-Control-Allow-Methods"]
    assert "Idempotency-Key" in preflight.headers["Access-Control-Allow-Headers"]


def test_no_cors_headers_unless_configured(client):
    response = client.get("/healthz", headers={"Origin": "https://play.example"})
    assert "Access-Control-Allow-Origin" not in response.headers
