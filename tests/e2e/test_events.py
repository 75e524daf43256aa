"""Live events over HTTP: a stream per game, resumable, served by any process."""

import socket
import threading
import time

import httpx
import pytest

from buttonup.store import keys
from buttonup.store.feed import BLOCK_MS
from tests.conftest import LiveServer
from tests.e2e.test_live_server import race_move
from tests.helpers.games import bearer, play_out, start_game
from tests.helpers.sse import sse_events


def read_events(
    response: httpx.Response, stop_after: int | None = None, until: str | None = "game_over"
):
    """Parses an event stream: [(id, event, data)], until it ends, stop_after
    events, or the event named `until` (a finished game's stream stays open
    while a rematch can be arranged; None: read until the stream ends).
    `presence` events, which have no id, are left out (tests/e2e/test_time.py
    follows them)."""
    events = []
    for event in sse_events(response.iter_lines()):
        if event.name == "presence":
            continue
        events.append((int(event.id), event.name, event.data))
        if stop_after is not None and len(events) >= stop_after:
            break
        if event.name == until:
            break
    return events


class Watcher(threading.Thread):
    """Follows one game's stream in the background until it ends."""

    def __init__(self, base_url: str, game_id: str, headers=None, stop_after=None) -> None:
        super().__init__(daemon=True)
        self.url = f"{base_url}/v1/games/{game_id}/events"
        self.headers = headers or {}
        self.stop_after = stop_after
        self.events: list = []
        self.connected = threading.Event()

    def run(self) -> None:
        with (
            httpx.Client(timeout=httpx.Timeout(30, read=30)) as client,
            client.stream("GET", self.url, headers=self.headers) as response,
        ):
            assert response.status_code == 200
            assert response.headers["content-type"].startswith("text/event-stream")
            self.connected.set()
            self.events = read_events(response, self.stop_after)


def check_sequence(events: list, moves: list) -> None:
    """Each change once, in order; moves exactly the move list."""
    versions = [version for version, name, _ in events if name != "game"]
    assert versions == sorted(versions)
    move_events = [data["move"] for _, name, data in events if name == "move"]
    assert move_events == moves
    for (version, name, data), following in zip(events, events[1:] + [None], strict=True):
        if name == "move" and data["move"]["round_over"]:
            assert following[1] == "round_over" and following[0] == version
            assert following[2]["number"] == data["move"]["round"]


def test_a_watcher_from_before_the_start_sees_every_change_of_a_game(http, live_server):
    game = http.post("/v1/games", json={"target_score": 5}).json()
    watcher = Watcher(live_server.base_url, game["id"])
    watcher.start()
    assert watcher.connected.wait(10)
    red = http.post(f"/v1/games/{game['id']}/players", json={"color": "red"}).json()
    black = http.post(f"/v1/games/{game['id']}/players", json={"color": "black"}).json()
    final = play_out(http, black["game"], {"red": red["token"], "black": black["token"]})
    watcher.join(30)
    assert not watcher.is_alive(), "game_over did not come"
    events = watcher.events
    assert events[0][:2] == (0, "game")
    assert [(v, n) for v, n, _ in events[1:3]] == [(1, "joined"), (2, "joined")]
    assert events[1][2]["color"] == "red" and events[2][2]["color"] == "black"
    assert events[-1][:2] == (final["version"], "game_over")
    assert events[-1][2] == final
    moves = http.get(f"/v1/games/{game['id']}/moves").json()
    check_sequence(events, moves)
    # Every version after the start is reported, each move event carries its game.
    assert {v for v, n, _ in events if n == "move"} == set(range(3, final["version"] + 1))
    for version, name, data in events:
        if name == "move":
            assert data["game"]["version"] == version


def test_a_watcher_cut_off_mid_game_resumes_and_loses_nothing(http, live_server):
    game, tokens = start_game(http, seed=3, target_score=5)
    first = Watcher(live_server.base_url, game["id"], stop_after=6)
    first.start()
    assert first.connected.wait(10)
    game = play_out(http, game, tokens, moves=10)
    first.join(10)
    assert len(first.events) == 6
    last_seen = first.events[-1][0]
    final = play_out(http, game, tokens)
    resumed = Watcher(live_server.base_url, game["id"], headers={"Last-Event-ID": str(last_seen)})
    resumed.start()
    resumed.join(30)
    after = resumed.events
    # Revision 2: no snapshot first on a resumed connection; ids never go back.
    assert after[0][0] == last_seen + 1 and "game" not in [name for _, name, _ in after]
    assert [v for v, _, _ in after] == sorted(v for v, _, _ in after)
    moves = http.get(f"/v1/games/{game['id']}/moves").json()
    check_sequence(first.events[1:] + after, moves)
    assert resumed.events[-1][1] == "game_over" and resumed.events[-1][2] == final


def test_after_in_the_query_works_like_last_event_id(http, live_server):
    game, tokens = start_game(http, seed=4)
    game = play_out(http, game, tokens, moves=4)
    with (
        httpx.Client(base_url=live_server.base_url) as client,
        client.stream("GET", f"/v1/games/{game['id']}/events?after=3") as response,
    ):
        events = read_events(response, stop_after=2)
    assert [(version, name) for version, name, _ in events] == [(4, "move"), (5, "move")]


def test_a_stream_resumed_from_no_version_of_the_game_starts_with_the_game(http, live_server):
    game, tokens = start_game(http, seed=4)
    game = play_out(http, game, tokens, moves=2)
    with (
        httpx.Client(base_url=live_server.base_url) as client,
        client.stream("GET", f"/v1/games/{game['id']}/events?after=999") as response,
    ):
        events = read_events(response, stop_after=1)
    assert events[0][:2] == (game["version"], "game")


def arrange_rematch(http: httpx.Client, game: dict, tokens: dict) -> dict:
    """Both seats ask for a rematch: the old game as it is then."""
    for color in ("red", "black"):
        asked = http.post(f"/v1/games/{game['id']}/rematch", headers=bearer(tokens[color]))
        assert asked.status_code in (201, 202), asked.text
    return http.get(f"/v1/games/{game['id']}").json()


def test_a_finished_game_resumed_after_its_last_event_ends_with_nothing(http, live_server):
    game, tokens = start_game(http, seed=5, target_score=1)
    play_out(http, game, tokens)
    final = arrange_rematch(http, game, tokens)  # no later event can come
    with (
        httpx.Client(base_url=live_server.base_url, timeout=10) as client,
        client.stream(
            "GET",
            f"/v1/games/{game['id']}/events",
            headers={"Last-Event-ID": str(final["version"])},
        ) as response,
    ):
        assert response.status_code == 200
        assert read_events(response, until=None) == []


def test_a_finished_game_gives_game_then_game_over_and_ends_once_rematched(http, live_server):
    game, tokens = start_game(http, seed=5, target_score=1)
    play_out(http, game, tokens)
    final = arrange_rematch(http, game, tokens)
    with (
        httpx.Client(base_url=live_server.base_url, timeout=10) as client,
        client.stream("GET", f"/v1/games/{game['id']}/events") as response,
    ):
        events = read_events(response, until=None)
    assert [(v, n) for v, n, _ in events] == [
        (final["version"], "game"),
        (final["version"], "game_over"),
    ]


def test_a_finished_games_stream_stays_open_for_the_rematch_and_ends_after_it(http, live_server):
    game, tokens = start_game(http, seed=5, target_score=1)
    final = play_out(http, game, tokens)
    with (
        httpx.Client(base_url=live_server.base_url, timeout=10) as client,
        client.stream("GET", f"/v1/games/{game['id']}/events") as response,
    ):
        events: list = []
        watcher = threading.Thread(target=lambda: events.extend(read_events(response, until=None)))
        watcher.start()
        time.sleep(0.5)
        assert watcher.is_alive(), "the stream ended while a rematch could be arranged"
        arrange_rematch(http, game, tokens)
        watcher.join(10)
        assert not watcher.is_alive(), "the stream did not end after the rematch"
    assert [(v, n) for v, n, _ in events] == [
        (final["version"], "game"),
        (final["version"], "game_over"),
        (final["version"] + 1, "rematch_offered"),
        (final["version"] + 2, "rematch"),
    ]
    offered, made = events[2][2], events[3][2]
    assert offered["color"] == "red" and offered["game"]["rematch"]["offered_by"] == ["red"]
    assert made["game_id"] == made["game"]["rematch"]["game_id"]


def test_resigning_is_reported(http, live_server):
    game, tokens = start_game(http)
    watcher = Watcher(live_server.base_url, game["id"])
    watcher.start()
    assert watcher.connected.wait(10)
    http.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens["black"]))
    watcher.join(20)
    names = [name for _, name, _ in watcher.events]
    assert names == ["game", "resigned", "game_over"]
    assert watcher.events[1][2]["color"] == "black"


def test_errors_come_before_the_stream_as_problems(http):
    response = http.get("/v1/games/doesnotexist000000/events")
    assert response.status_code == 404
    assert response.json()["code"] == "game_not_found"
    game = http.post("/v1/games", json={}).json()
    bad = http.get(f"/v1/games/{game['id']}/events", headers={"Last-Event-ID": "x1"})
    assert bad.status_code == 422
    assert bad.json()["code"] == "validation_error"


@pytest.fixture
def second_server(redis_server):
    server = LiveServer(["--redis-url", redis_server.url, "--workers", "1"])
    yield server
    server.stop(quickly=True)


def test_a_move_through_one_process_reaches_a_stream_of_another(http, live_server, second_server):
    game, tokens = start_game(http, seed=6, target_score=3)
    watcher = Watcher(second_server.base_url, game["id"])
    watcher.start()
    assert watcher.connected.wait(10)
    final = play_out(http, game, tokens)  # every move through the first process
    watcher.join(30)
    moves = http.get(f"/v1/games/{game['id']}/moves").json()
    check_sequence(watcher.events, moves)
    assert watcher.events[-1][2] == final


def test_moves_raced_through_two_processes_are_applied_once(http, live_server, second_server):
    """The service keeps no state between requests: two processes on one Redis
    race the same moves, and each is applied exactly once."""
    servers = [live_server.base_url, second_server.base_url] * 3
    for seed in range(4):
        game, tokens = start_game(http, seed=seed, target_score=3)
        applied = 0
        while game["status"] == "playing" and applied < 12:
            answers = race_move(
                servers,
                f"/v1/games/{game['id']}/moves",
                game["round"]["legal_moves"][0],
                tokens[game["round"]["to_move"]],
            )
            winners = [body for status, body in answers if status == 201]
            assert len(winners) == 1, answers
            assert all(status in (409, 412) for status, _ in answers if status != 201)
            game = winners[0]["game"]
            applied += 1
        moves = http.get(f"/v1/games/{game['id']}/moves").json()
        assert [m["number"] for m in moves] == list(range(1, applied + 1))
        assert http.get(f"/v1/games/{game['id']}").json()["version"] == 2 + applied


def _read_until(sock: socket.socket, marker: bytes, seen: bytes = b"") -> bytes:
    while marker not in seen:
        chunk = sock.recv(65536)
        assert chunk, "the stream ended early"
        seen += chunk
    return seen


def test_one_worker_holds_hundreds_of_streams_and_still_takes_moves(second_server):
    """An open stream costs its worker a connection, not a thread: one worker
    holding 300 streams of a game still answers a move at once, and every
    stream receives it. (From 10 client addresses: one address may hold only
    BUTTONUP_MAX_STREAMS_PER_CLIENT of a worker's streams.)"""
    with httpx.Client(base_url=second_server.base_url, timeout=10) as client:
        game, tokens = start_game(client, seed=3)
        request = f"GET /v1/games/{game['id']}/events HTTP/1.1\r\nHost: t\r\n\r\n".encode()
        streams = []
        try:
            for number in range(300):
                sock = socket.create_connection(
                    ("127.0.0.1", second_server.port),
                    timeout=10,
                    source_address=(f"127.0.0.{2 + number % 10}", 0),
                )
                streams.append(sock)
                sock.sendall(request)
            received = [_read_until(sock, b"event: game") for sock in streams]
            response = client.post(
                f"/v1/games/{game['id']}/moves",
                json={"position": game["round"]["legal_moves"][0]},
                headers=bearer(tokens[game["round"]["to_move"]]),
            )
            assert response.status_code == 201
            for sock, seen in zip(streams, received, strict=True):
                assert b"event: move" in _read_until(sock, b"event: move", seen)
        finally:
            for sock in streams:
                sock.close()


def test_a_stream_opened_beside_a_waiting_one_hears_its_first_move_at_once(second_server):
    """One worker reads all its streams in one blocking read; a stream opened
    while that read waits on another game is added to it at once, not when it
    times out (store.feed.BLOCK_MS)."""
    with httpx.Client(base_url=second_server.base_url, timeout=10) as client:
        quiet, _ = start_game(client, seed=4)
        game, tokens = start_game(client, seed=5)
        first = Watcher(second_server.base_url, quiet["id"], stop_after=1)
        first.start()
        assert first.connected.wait(10)
        time.sleep(0.2)  # the worker's read now waits on the quiet game alone
        second = Watcher(second_server.base_url, game["id"], stop_after=2)
        second.start()
        assert second.connected.wait(10)
        played = time.monotonic()
        play_out(client, game, tokens, moves=1)
        second.join(10)
        assert time.monotonic() - played < BLOCK_MS / 1000 / 2
        assert [name for _, name, _ in second.events] == ["game", "move"]


def test_a_finished_game_resumes_from_its_log_once_its_stream_has_expired(
    http, live_server, redis_client
):
    """Every event after the given version, rebuilt by replaying the game's
    log, in the order and with the data a live watcher got."""
    game, tokens = start_game(http, seed=5, target_score=1)
    with (
        httpx.Client(base_url=live_server.base_url, timeout=10) as client,
        client.stream("GET", f"/v1/games/{game['id']}/events") as response,
    ):
        live = []
        watcher = threading.Thread(target=lambda: live.extend(read_events(response)))
        watcher.start()
        time.sleep(0.5)
        play_out(http, game, tokens)
        watcher.join(20)
    redis_client.delete(keys.events_key(game["id"]))  # as its expiry does
    with (
        httpx.Client(base_url=live_server.base_url, timeout=10) as client,
        client.stream("GET", f"/v1/games/{game['id']}/events?after=2") as response,
    ):
        resumed = read_events(response)
    assert resumed == [event for event in live[1:] if event[0] > 2]
    assert resumed[-1][1] == "game_over"
