"""Whatever bytes a client sends, `buttonup serve` answers problem+json with a
stable code: never an HTML page, never a 500, never a truncated parse.
Every request here is written byte by byte on a raw socket."""

import json

import pytest

from tests.conftest import LiveServer
from tests.e2e.raw_http import RawResponse, exchange
from tests.helpers.wings import every_problem_code

EVERY_CODE = every_problem_code()

HOST = b"Host: 127.0.0.1\r\n"


def post(path: bytes, body: bytes, *headers: bytes) -> bytes:
    extra = b"".join(header + b"\r\n" for header in headers)
    return (
        b"POST " + path + b" HTTP/1.1\r\n" + HOST + b"Content-Type: application/json\r\n"
        b"Content-Length: " + str(len(body)).encode() + b"\r\n" + extra + b"\r\n" + body
    )


def chunked(path: bytes, chunks: list[bytes], ending: bytes = b"0\r\n\r\n") -> bytes:
    encoded = b"".join(hex(len(chunk))[2:].encode() + b"\r\n" + chunk + b"\r\n" for chunk in chunks)
    return (
        b"POST " + path + b" HTTP/1.1\r\n" + HOST + b"Content-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n" + encoded + ending
    )


def get(
    path: bytes, *headers: bytes, method: bytes = b"GET", version: bytes = b"HTTP/1.1"
) -> bytes:
    extra = b"".join(header + b"\r\n" for header in headers)
    return method + b" " + path + b" " + version + b"\r\n" + HOST + extra + b"\r\n"


BODY = b'{"target_score": 5}'
GAMES = b"/v1/games"

# (what, the request, the status it gets)
MALFORMED = [
    (
        "a Content-Length that is not a number",
        post(GAMES, BODY).replace(b"Length: 19", b"Length: x9"),
        400,
    ),
    ("two different Content-Lengths", post(GAMES, BODY, b"Content-Length: 18"), 400),
    (
        "Content-Length with Transfer-Encoding",
        post(GAMES, BODY, b"Transfer-Encoding: chunked"),
        400,
    ),
    ("two Content-Types", post(GAMES, BODY, b"Content-Type: text/plain"), 400),
    ("a folded header", get(b"/healthz", b"X-Folded: a", b" b"), 400),
    ("a CR in a header value", get(b"/healthz", b"X-Bad: a\rb"), 400),
    ("a LF in a header value", get(b"/healthz", b"X-Bad: a\nb: c"), 400),
    ("a NUL in a header value", get(b"/healthz", b"X-Bad: a\x00b"), 400),
    ("a header name with a space", get(b"/healthz", b"X Bad: a"), 400),
    ("raw non-ASCII bytes in the path", get("/v1/games/\u00e9t\u00e9".encode()), 400),
    ("a method with a bad character", get(b"/healthz", method=b"G@T"), 400),
    ("a lower-case method", get(b"/healthz", method=b"get"), 400),
    ("an unknown HTTP version", get(b"/healthz", version=b"HTTP/9.9"), 400),
    ("a malformed HTTP version", get(b"/healthz", version=b"HTTP/1.x"), 400),
    ("no HTTP version", b"GET /healthz\r\n" + HOST + b"\r\n", 400),
    ("the HTTP/2 preface", b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 400),
    ("a bad chunk size", chunked(GAMES, [BODY]).replace(b"13\r\n", b"zz\r\n"), 400),
    ("a chunk without its terminator", chunked(GAMES, [BODY]).replace(b"}\r\n", b"}XX"), 400),
    ("a path of 10,000 characters", get(b"/v1/games/" + b"a" * 10_000), 414),
    ("a query of 10,000 characters", get(b"/v1/games?cursor=" + b"a" * 10_000), 414),
    (
        "a bearer token of 20 KB",
        get(b"/v1/games/x", b"Authorization: Bearer " + b"t" * 20_000),
        431,
    ),
    ("200 headers", get(b"/healthz", *(b"X-H%d: v" % i for i in range(200))), 431),
    (
        "an unsupported transfer coding",
        post(GAMES, BODY).replace(b"Content-Length: 19", b"Transfer-Encoding: gzip"),
        400,
    ),
    ("JSON nested 1,000 deep", post(GAMES, b"[" * 1000 + b"]" * 1000), 400),
    ("JSON objects nested 1,000 deep", post(GAMES, b'{"a":' * 1000 + b"1" + b"}" * 1000), 400),
    ("OPTIONS on a route", get(GAMES, method=b"OPTIONS"), 405),
    ("OPTIONS *", get(b"*", method=b"OPTIONS"), 404),
]


@pytest.fixture(scope="module")
def server(redis_server):
    live = LiveServer(["--redis-url", redis_server.url, "--workers", "1"])
    yield live
    live.stop(quickly=True)


def assert_problem(response: RawResponse, status: int) -> dict:
    assert response.status == status, response
    assert response.headers["content-type"] == "application/problem+json", response
    problem = json.loads(response.body)
    assert problem["status"] == status and EVERY_CODE[problem["code"]][0] == status, problem
    return problem


@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [case[1:] for case in MALFORMED],
    ids=[case[0] for case in MALFORMED],
)
def test_a_malformed_request_gets_problem_json(server, request_bytes, status):
    assert_problem(exchange(server.port, request_bytes), status)


def test_the_codes_are_stable_per_kind(server):
    codes = {
        400: "bad_request",
        414: "uri_too_long",
        431: "request_header_fields_too_large",
        405: "method_not_allowed",
        404: "not_found",
    }
    for what, request_bytes, status in MALFORMED:
        problem = assert_problem(exchange(server.port, request_bytes), status)
        expected = "malformed_json" if what.startswith("JSON") else codes[status]
        assert problem["code"] == expected, (what, problem)


def test_a_chunked_body_over_the_limit_is_refused_not_cut(server, redis_server):
    before = redis_server._client().dbsize()
    padded = BODY + b" " * 16_400 + b"GARBAGE"
    response = exchange(
        server.port, chunked(GAMES, [padded[i : i + 4000] for i in range(0, len(padded), 4000)])
    )
    assert assert_problem(response, 413)["code"] == "payload_too_large"
    same_with_length = exchange(server.port, post(GAMES, padded))
    assert assert_problem(same_with_length, 413)["code"] == "payload_too_large"
    assert redis_server._client().dbsize() == before


def test_a_chunked_body_within_the_limit_is_read_whole(server):
    response = exchange(server.port, chunked(GAMES, [BODY[:7], BODY[7:]]))
    assert response.status == 201, response
    assert json.loads(response.body)["target_score"] == 5


def test_a_cors_preflight_from_an_allowed_origin_is_answered(redis_server):
    live = LiveServer(
        ["--redis-url", redis_server.url, "--workers", "1"],
        env={"BUTTONUP_CORS_ORIGINS": "https://play.example"},
    )
    try:
        preflight = exchange(
            live.port,
            get(
                GAMES,
                b"Origin: https://play.example",
                b"Access-Control-Request-Method: POST",
                b"Access-Control-Request-Headers: content-type, idempotency-key",
                method=b"OPTIONS",
            ),
        )
        assert preflight.status == 204, preflight
        assert preflight.headers["access-control-allow-origin"] == "https://play.example"
        assert "POST" in preflight.headers["access-control-allow-methods"]
        assert "Idempotency-Key" in preflight.headers["access-control-allow-headers"]
        stranger = exchange(
            live.port,
            get(
                GAMES,
                b"Origin: https://evil.example",
                b"Access-Control-Request-Method: POST",
                method=b"OPTIONS",
            ),
        )
        assert_problem(stranger, 405)
    finally:
        live.stop(quickly=True)
