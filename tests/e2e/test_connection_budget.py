"""Streams and slow clients never take the connections that moves need,
through `buttonup serve`: caps per worker and per client address, a body
timeout, and a hung-up stream freed at once. The attacker connects from
127.0.0.2 (all of 127/8 is this machine), everyone else from 127.0.0.1."""

import socket
import time

import httpx
import pytest

from tests.conftest import LiveServer
from tests.e2e.raw_http import exchange
from tests.helpers.games import start_game

ATTACKER = "127.0.0.2"


def open_stream(port: int, game_id: str, source: str = ATTACKER) -> tuple[socket.socket, bytes]:
    """A stream's socket and the first bytes it answered."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    sock.sendall(f"GET /v1/games/{game_id}/events HTTP/1.1\r\nHost: t\r\n\r\n".encode())
    seen = b""
    while b"\r\n\r\n" not in seen:
        chunk = sock.recv(65536)
        if not chunk:
            break
        seen += chunk
    head, _, body = seen.partition(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):  # a refusal: its problem+json whole
        length = int(head.lower().partition(b"content-length: ")[2].split(b"\r\n")[0] or 0)
        while len(body) < length and (chunk := sock.recv(65536)):
            body += chunk
        seen = head + b"\r\n\r\n" + body
    return sock, seen


def slow_body(port: int, source: str = ATTACKER) -> socket.socket:
    """Headers in full, then a body that never comes."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    sock.sendall(
        b"POST /v1/games HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n{"
    )
    return sock


def streams_open(http: httpx.Client) -> float:
    for line in http.get("/metrics").text.splitlines():
        if line.startswith("buttonup_event_streams_open"):
            return float(line.split()[-1])
    return 0.0


@pytest.fixture
def small_server(redis_server):
    """One worker, small budgets, so that tests reach them quickly."""
    live = LiveServer(
        ["--redis-url", redis_server.url, "--workers", "1", "--connections", "100"],
        env={
            "BUTTONUP_MAX_STREAMS": "20",
            "BUTTONUP_MAX_STREAMS_PER_CLIENT": "5",
            "BUTTONUP_MAX_CONNECTIONS_PER_CLIENT": "40",
            "BUTTONUP_BODY_TIMEOUT": "1",
        },
    )
    yield live
    live.stop(quickly=True)


def test_streams_past_the_clients_cap_get_503_too_many_streams(small_server):
    with httpx.Client(base_url=small_server.base_url, timeout=10) as http:
        game, _ = start_game(http)
    held = [open_stream(small_server.port, game["id"]) for _ in range(5)]
    try:
        assert all(head.startswith(b"HTTP/1.1 200") for _, head in held)
        refused, head = open_stream(small_server.port, game["id"])
        refused.close()
        assert head.startswith(b"HTTP/1.1 503"), head
        assert b"too_many_streams" in head
        assert b"Retry-After: " in head
        # Another address is not held back by this one.
        other, head = open_stream(small_server.port, game["id"], source="127.0.0.3")
        other.close()
        assert head.startswith(b"HTTP/1.1 200")
    finally:
        for sock, _ in held:
            sock.close()


def test_streams_past_the_workers_cap_get_503(small_server):
    with httpx.Client(base_url=small_server.base_url, timeout=10) as http:
        game, _ = start_game(http)
    held = [
        open_stream(small_server.port, game["id"], source=f"127.0.1.{number}")
        for number in range(1, 21)
    ]
    try:
        assert all(head.startswith(b"HTTP/1.1 200") for _, head in held)
        refused, head = open_stream(small_server.port, game["id"], source="127.0.2.1")
        refused.close()
        assert head.startswith(b"HTTP/1.1 503") and b"too_many_streams" in head, head
    finally:
        for sock, _ in held:
            sock.close()


def test_a_closed_stream_is_freed_at_once(small_server):
    with httpx.Client(base_url=small_server.base_url, timeout=10) as http:
        game, _ = start_game(http)
        before = streams_open(http)
        sock, head = open_stream(small_server.port, game["id"])
        assert head.startswith(b"HTTP/1.1 200")
        assert streams_open(http) == before + 1
        sock.close()
        deadline = time.monotonic() + 2.0  # the keep-alive is 10 s away
        while streams_open(http) != before and time.monotonic() < deadline:
            time.sleep(0.05)
        assert streams_open(http) == before
    # Its place under the client's cap is free again.
    held = [open_stream(small_server.port, game["id"]) for _ in range(5)]
    for sock, head in held:
        sock.close()
        assert head.startswith(b"HTTP/1.1 200"), head


def test_a_body_that_does_not_come_gets_408_and_its_connection_back(small_server):
    sock = slow_body(small_server.port)
    try:
        started = time.monotonic()
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 408"), answer
        assert b"request_timeout" in answer
        assert time.monotonic() - started < 5
    finally:
        sock.close()


def test_connections_past_the_clients_cap_get_503_too_many_connections(small_server):
    held = [slow_body(small_server.port) for _ in range(40)]
    try:
        time.sleep(0.2)
        sock = socket.create_connection(
            ("127.0.0.1", small_server.port), timeout=10, source_address=(ATTACKER, 0)
        )
        answer = sock.recv(65536)
        sock.close()
        assert answer.startswith(b"HTTP/1.1 503") and b"too_many_connections" in answer, answer
        # Another address is served meanwhile.
        assert (
            exchange(small_server.port, b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n").status == 200
        )
    finally:
        for sock in held:
            sock.close()


def test_a_flood_from_one_address_leaves_moves_from_others_answered(redis_server):
    """The issue's case at a tenth of the scale: one address opens twice the
    server's connections in streams and as many slow bodies."""
    live = LiveServer(["--redis-url", redis_server.url, "--workers", "2", "--connections", "200"])
    flood: list[socket.socket] = []
    try:
        with httpx.Client(base_url=live.base_url, timeout=10) as http:
            game, tokens = start_game(http)
            for _ in range(400):
                try:
                    flood.append(open_stream(live.port, game["id"])[0])
                    flood.append(slow_body(live.port))
                except OSError:
                    pass
            response = http.post(
                f"/v1/games/{game['id']}/moves",
                json={"position": game["round"]["legal_moves"][0]},
                headers={"Authorization": f"Bearer {tokens[game['round']['to_move']]}"},
                timeout=5,
            )
            assert response.status_code == 201
            assert http.get("/healthz", timeout=5).status_code == 200
    finally:
        for sock in flood:
            sock.close()
        live.stop()


def test_a_stream_asked_for_with_head_keeps_no_place(small_server):
    """HEAD is answered without a body, the stream never begun: the server
    closes the body all the same, and its place under the client's cap of 5
    is given back each time."""
    with httpx.Client(base_url=small_server.base_url, timeout=10) as http:
        game, _ = start_game(http)
        before = streams_open(http)
    for _ in range(8):
        answer = exchange(
            small_server.port,
            f"HEAD /v1/games/{game['id']}/events HTTP/1.1\r\nHost: t\r\n"
            "Connection: close\r\n\r\n".encode(),
        )
        assert answer.status == 200 and answer.body == b"", answer
    held = [open_stream(small_server.port, game["id"], source="127.0.0.1") for _ in range(5)]
    for sock, head in held:
        sock.close()
        assert head.startswith(b"HTTP/1.1 200"), head
    with httpx.Client(base_url=small_server.base_url, timeout=10) as http:
        deadline = time.monotonic() + 2.0
        while streams_open(http) != before and time.monotonic() < deadline:
            time.sleep(0.05)
        assert streams_open(http) == before
