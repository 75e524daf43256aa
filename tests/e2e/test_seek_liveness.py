"""A seek lives while its player's stream is open and read, through
`buttonup serve`: nobody is paired with a player whose stream just closed,
nor with one whose worker died three seconds ago (seeks.listening.MARK_MS),
and a stream nobody reads is ended, its seek with it."""

import os
import signal
import socket
import time

import httpx
import pytest

from buttonup.seeks.listening import MARK_MS
from tests.conftest import LiveServer
from tests.e2e.test_time import wait_for, worker_pids
from tests.helpers.games import bearer, new_player

pytestmark = pytest.mark.e2e

# A clock of these tests alone: no other test's seek suits theirs.
CLOCK = {"type": "fischer", "initial_seconds": 1234, "increment_seconds": 7}


def raw_stream(port: int, key: str, receive_buffer: int | None = None) -> socket.socket:
    """A player's stream on a socket of its own, the request sent."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if receive_buffer is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.connect(("127.0.0.1", port))
    request = (
        "GET /v1/players/me/events HTTP/1.1\r\nHost: test\r\n"
        f"Authorization: Bearer {key}\r\nAccept: text/event-stream\r\n\r\n"
    )
    sock.sendall(request.encode())
    return sock


def read_until(sock: socket.socket, marker: bytes, seconds: float = 10) -> None:
    sock.settimeout(seconds)
    seen = b""
    while marker not in seen:
        chunk = sock.recv(65536)
        assert chunk, "the stream closed"
        seen += chunk


def seek(http: httpx.Client, player: dict) -> httpx.Response:
    return http.post("/v1/seeks", json={"clock": CLOCK}, headers=bearer(player["key"]))


def seeking(http: httpx.Client, player: dict) -> httpx.Response:
    """The player's seek, placed once their stream is seen open."""
    for _ in range(100):
        placed = seek(http, player)
        if placed.status_code != 409:
            return placed
        time.sleep(0.05)
    raise AssertionError("the stream was never seen open")


def waiting_names(http: httpx.Client) -> list[str]:
    return [item["name"] for item in http.get("/v1/seeks", params={"limit": 100}).json()["items"]]


def test_nobody_is_paired_with_a_player_whose_stream_just_closed(live_server):
    with httpx.Client(base_url=live_server.base_url, timeout=10) as http:
        ana, bo = new_player(http, "Ana closes"), new_player(http, "Bo")
        stream = raw_stream(live_server.port, ana["key"])
        read_until(stream, b"event: games")
        assert seeking(http, ana).json()["game_id"] is None
        stream.close()
        time.sleep(0.05)  # the server sees the hang-up as it happens
        other = raw_stream(live_server.port, bo["key"])
        read_until(other, b"event: games")
        placed = seeking(http, bo)
        assert placed.status_code == 201 and placed.json()["game_id"] is None
        assert "Ana closes" not in waiting_names(http)
        http.delete(f"/v1/seeks/{placed.json()['id']}", headers=bearer(bo["key"]))
        other.close()


def test_nobody_is_paired_with_a_player_whose_worker_died_three_seconds_ago(own_redis):
    server = LiveServer(["--redis-url", own_redis.url, "--workers", "1"])
    try:
        with httpx.Client(base_url=server.base_url, timeout=10) as http:
            ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
            stream = raw_stream(server.port, ana["key"])
            read_until(stream, b"event: games")
            assert seeking(http, ana).json()["game_id"] is None
            (worker,) = worker_pids(server)
            os.kill(worker, signal.SIGKILL)
            died = time.monotonic()
            wait_for(lambda: worker_pids(server) and worker_pids(server) != [worker], 10)
            wait_for(lambda: http.get("/healthz").status_code == 200, 10)
            time.sleep(max(0.0, MARK_MS / 1000 - (time.monotonic() - died)) + 0.05)
            other = raw_stream(server.port, bo["key"])
            read_until(other, b"event: games")
            placed = seeking(http, bo)
            assert placed.status_code == 201 and placed.json()["game_id"] is None
            assert waiting_names(http) == ["Bo"]
            stream.close()
            other.close()
    finally:
        server.stop(quickly=True)


def test_a_stream_nobody_reads_is_ended_and_its_seek_with_it(live_server):
    with httpx.Client(base_url=live_server.base_url, timeout=10) as http:
        ana, bo = new_player(http, "Ana reads nothing"), new_player(http, "Bo reads")
        unread = raw_stream(live_server.port, ana["key"], receive_buffer=4096)
        assert seeking(http, ana).json()["game_id"] is None
        assert "Ana reads nothing" in waiting_names(http)
        started = time.monotonic()
        wait_for(lambda: "Ana reads nothing" not in waiting_names(http), 60)
        print(f"an unread stream's seek was gone {time.monotonic() - started:.1f} s after")
        other = raw_stream(live_server.port, bo["key"])
        read_until(other, b"event: games")
        placed = seeking(http, bo)
        assert placed.status_code == 201 and placed.json()["game_id"] is None
        http.delete(f"/v1/seeks/{placed.json()['id']}", headers=bearer(bo["key"]))
        other.close()
        unread.close()


def test_a_seek_sent_again_with_its_key_places_nothing_again(live_server):
    with httpx.Client(base_url=live_server.base_url, timeout=10) as http:
        ana, bo = new_player(http, "Ana retries"), new_player(http, "Bo pairs")
        streams = [raw_stream(live_server.port, player["key"]) for player in (ana, bo)]
        for stream in streams:
            read_until(stream, b"event: games")
        headers = {**bearer(ana["key"]), "Idempotency-Key": "s1"}
        first = http.post("/v1/seeks", json={"clock": CLOCK}, headers=headers)
        assert first.status_code == 201 and first.json()["game_id"] is None
        again = http.post("/v1/seeks", json={"clock": CLOCK}, headers=headers)
        assert again.json() == first.json()
        assert waiting_names(http).count("Ana retries") == 1
        other = http.post("/v1/seeks", json={"clock": None}, headers=headers)
        assert other.status_code == 422 and other.json()["code"] == "idempotency_key_reused"
        paired = seeking(http, bo).json()
        assert paired["game_id"] is not None
        late = http.post("/v1/seeks", json={"clock": CLOCK}, headers=headers)
        assert late.json() == first.json(), "the first answer: it waited"
        assert "Ana retries" not in waiting_names(http), "nothing placed again"
        # Bo's retried seek was answered its pairing: it is told the game again.
        bo_headers = {**bearer(bo["key"]), "Idempotency-Key": "s2"}
        cy = new_player(http, "Cy waits")
        third = raw_stream(live_server.port, cy["key"])
        read_until(third, b"event: games")
        assert seeking(http, cy).json()["game_id"] is None
        made = http.post("/v1/seeks", json={"clock": CLOCK}, headers=bo_headers).json()
        assert made["game_id"] is not None
        assert http.post("/v1/seeks", json={"clock": CLOCK}, headers=bo_headers).json() == made
        streams.append(third)
        for stream in streams:
            stream.close()
