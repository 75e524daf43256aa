"""Request ids, one JSON log line per request without secrets, headers, CORS."""

import io
import json
import logging
import os
import re
import select
from dataclasses import replace

from buttonup.api.observability import BufferedStreamHandler
from buttonup.app import create_app
from tests.helpers.games import bearer, started_game


def test_a_request_id_is_honoured_or_generated_and_returned(client):
    given = client.get("/healthz", headers={"X-Request-ID": "abc-123"})
    assert given.headers["X-Request-ID"] == "abc-123"
    generated = client.get("/healthz", headers={"X-Request-ID": "bad id with spaces"})
    assert len(generated.headers["X-Request-ID"]) == 32
    assert generated.headers["X-Request-ID"] != client.get("/healthz").headers["X-Request-ID"]


def log_lines(app) -> io.StringIO:
    """The service's log stream, swapped for one the test can read. Lines
    are written out in chunks; reading the stream writes out what is pending."""
    handler = logging.getLogger("buttonup").handlers[0]

    class Stream(io.StringIO):
        def getvalue(self) -> str:
            handler.flush()
            return super().getvalue()

    stream = Stream()
    handler.setStream(stream)
    return stream


class RecordingStream(io.StringIO):
    def __init__(self) -> None:
        super().__init__()
        self.writes: list[str] = []

    def write(self, text: str) -> int:
        self.writes.append(text)
        return super().write(text)


def test_lines_go_out_in_whole_line_chunks_of_at_most_pipe_buf_bytes():
    stream = RecordingStream()
    handler = BufferedStreamHandler(stream)
    lines = [f"line {n} " + "é" * (n % 7) + "x" * 200 for n in range(100)]
    for line in lines[:3]:
        handler.write_line(line)
    assert stream.writes == []  # a few lines wait for the chunk or the flusher
    for line in lines[3:]:
        handler.write_line(line)
    handler.flush()
    assert len(stream.writes) < 20
    for chunk in stream.writes:
        assert len(chunk.encode()) <= select.PIPE_BUF
        assert chunk.endswith("\n")
    assert "".join(stream.writes).splitlines() == lines


def test_a_warning_goes_out_at_once_after_the_lines_before_it():
    stream = RecordingStream()
    handler = BufferedStreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(message)s"))
    handler.write_line("an access line")
    handler.handle(logging.makeLogRecord({"msg": "redis is down", "levelno": logging.WARNING}))
    assert stream.getvalue() == "an access line\nredis is down\n"


def test_one_json_line_per_request_and_never_a_token(client, app):
    game, tokens = started_game(client)
    stream = log_lines(app)
    client.post(
        f"/v1/games/{game['id']}/moves?token={tokens['red']}",
        json={"position": game["round"]["legal_moves"][0]},
        headers={**bearer(tokens[game["round"]["to_move"]]), "X-Request-ID": "req-7"},
    )
    text = stream.getvalue()
    lines = [json.loads(line) for line in text.splitlines()]
    (line,) = [line for line in lines if line.get("request_id") == "req-7"]
    assert line["logger"] == "buttonup.access"
    assert line["level"] == "info"
    assert line["method"] == "POST"
    assert line["route"] == "/v1/games/<game_id>/moves"
    assert line["status"] == 201
    assert line["duration_ms"] >= 0
    assert line["pid"] == os.getpid()
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", line["ts"])
    assert tokens["red"] not in text and tokens["black"] not in text
    assert "Authorization" not in text and "Bearer" not in text


def test_text_lines_carry_the_same_fields(settings):
    app = create_app(replace(settings, log_format="text"))
    stream = log_lines(app)
    app.test_client().get("/healthz", headers={"X-Request-ID": "req-8"})
    (line,) = [line for line in stream.getvalue().splitlines() if "req-8" in line]
    assert (
        " INFO buttonup.access request method=GET route=/healthz path=/healthz status=200 " in line
    )


def test_no_access_lines_above_info(settings):
    app = create_app(replace(settings, log_level="warning"))
    stream = log_lines(app)
    app.test_client().get("/healthz")
    assert stream.getvalue() == ""


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
    assert preflight.status_code == 204  # a preflight has no body
    assert "POST" in preflight.headers["Access-Control-Allow-Methods"]
    assert "Idempotency-Key" in preflight.headers["Access-Control-Allow-Headers"]


def test_no_cors_headers_unless_configured(client):
    response = client.get("/healthz", headers={"Origin": "https://play.example"})
    assert "Access-Control-Allow-Origin" not in response.headers
