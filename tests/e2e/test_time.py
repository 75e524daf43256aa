"""Clocks, aborts, presence and claims through `buttonup serve`: timeouts that
the service commits by itself, once, with two processes on one Redis and
across a killed worker; presence seen from another replica, also after the
worker that held the stream died."""

import os
import signal
import socket
import threading
import time
from datetime import datetime
from pathlib import Path

import httpx
import pytest
import redis

from tests.conftest import LiveServer
from tests.helpers.games import bearer, take_seats
from tests.helpers.sse import sse_events

pytestmark = pytest.mark.e2e

PER_MOVE_5S = {"type": "per_move", "seconds": 5}


def instant(text: str) -> float:
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def first_move_made(http: httpx.Client, **options) -> tuple[dict, dict[str, str]]:
    """A game started, red's first move played (and any extra turns): black
    is to move, and black's clock runs."""
    created = http.post("/v1/games", json={"first_player": "red", **options}).json()
    game, tokens = take_seats(http, created["id"])
    while game["round"]["to_move"] == "red":
        moved = http.post(
            f"/v1/games/{game['id']}/moves",
            json={"position": game["round"]["legal_moves"][0]},
            headers=bearer(tokens["red"]),
        )
        assert moved.status_code == 201, moved.text
        game = moved.json()["game"]
    return game, tokens


class Stream(threading.Thread):
    """A game's event stream read in the background: (arrival, event, id, data),
    until the event `until` (`game_over`: the stream itself stays open for a
    rematch) or the stream's end."""

    def __init__(
        self,
        base_url: str,
        game_id: str,
        token: str | None = None,
        until: str | None = "game_over",
    ) -> None:
        super().__init__(daemon=True)
        self.until = until
        self.url = f"{base_url}/v1/games/{game_id}/events"
        self.headers = bearer(token) if token else {}
        self.events: list[tuple[float, str, str | None, dict]] = []
        self.opened = threading.Event()
        self.ended = threading.Event()
        self._response: httpx.Response | None = None

    def run(self) -> None:
        try:
            with httpx.stream("GET", self.url, headers=self.headers, timeout=30) as response:
                self._response = response
                self.opened.set()
                for event in sse_events(response.iter_lines()):
                    self.events.append((time.time(), event.name, event.id, event.data))
                    if event.name == self.until:
                        return
        except (httpx.HTTPError, OSError, ValueError):  # hung up by close()
            return
        finally:
            self.ended.set()

    def names(self) -> list[str]:
        return [name for _, name, _, _ in self.events]

    def close(self) -> None:
        """Hangs up, as a browser tab that closes: the socket is shut down
        under the blocked read (closing it alone waits for that read)."""
        assert self.opened.wait(10)
        network = self._response.extensions.get("network_stream")  # type: ignore[union-attr]
        raw = network.get_extra_info("socket") if network is not None else None
        if raw is not None:
            raw.shutdown(socket.SHUT_RDWR)
        self._response.close()  # type: ignore[union-attr]
        assert self.ended.wait(10)


def wait_for(check, seconds: float) -> float:
    """Seconds until `check()` held; fails after `seconds`."""
    start = time.monotonic()
    while not check():
        assert time.monotonic() - start < seconds, "not within the time allowed"
        time.sleep(0.05)
    return time.monotonic() - start


def worker_pids(server: LiveServer) -> list[int]:
    """gunicorn's workers: the children of the master `buttonup serve` started."""

    def children(pid: int) -> list[int]:
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    stat = (entry / "stat").read_text()
                except OSError:
                    continue
                if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
        return found

    (master,) = children(server.process.pid)
    return children(master)


def test_a_clock_that_runs_out_ends_the_game_by_itself_within_a_second(live_server, http):
    game, _ = first_move_made(http, clock=PER_MOVE_5S)
    deadline = instant(game["clock"]["deadline"])
    running = game["clock"]["running"]  # black, or red after an extra turn
    watcher = Stream(live_server.base_url, game["id"])
    watcher.start()
    assert watcher.ended.wait(15)
    assert watcher.names()[-2:] == ["timeout", "game_over"]
    arrival, _, version, data = watcher.events[-2]
    assert data["color"] == running and data["game"]["end_reason"] == "timeout"
    assert data["game"]["winner"] != running and int(version) == game["version"] + 1
    # Nobody asked: the stream only listened. Generous for a shared machine;
    # bench/timeout_bench.py measures the delay itself.
    assert arrival - deadline < 1.5


def test_a_late_move_is_refused_and_a_read_already_sees_the_game_over(redis_server):
    """With no sweeper at all, the deadline still holds on every request."""
    server = LiveServer(
        ["--redis-url", redis_server.url, "--workers", "1"],
        env={"BUTTONUP_SWEEP_INTERVAL": "0"},
    )
    try:
        with httpx.Client(base_url=server.base_url, timeout=10) as http:
            game, tokens = first_move_made(http, clock=PER_MOVE_5S)
            time.sleep(max(0.0, instant(game["clock"]["deadline"]) - time.time()) + 0.05)
            running = game["clock"]["running"]  # black, or red after an extra turn
            late = http.post(
                f"/v1/games/{game['id']}/moves",
                json={"position": game["round"]["legal_moves"][0]},
                headers=bearer(tokens[running]),
            )
            assert late.status_code == 409 and late.json()["code"] == "game_not_in_progress"
            read = http.get(f"/v1/games/{game['id']}").json()
            assert (read["status"], read["end_reason"]) == ("finished", "timeout")
            assert read["clock"]["remaining_ms"][running] == 0 and read["clock"]["running"] is None
            assert read["version"] == game["version"] + 1
    finally:
        server.stop(quickly=True)


def each_timed_out_once(http: httpx.Client, games: list[dict]) -> None:
    """Once every deadline passed (and nobody read the games): each game has
    one `timeout` event after the version it was at, and one version more."""
    last_deadline = max(instant(game["clock"]["deadline"]) for game in games)
    time.sleep(max(0.0, last_deadline - time.time()) + 1.5)
    for game in games:
        url = f"/v1/games/{game['id']}/events"
        lines = []
        # Read up to game_over: the stream stays open for a rematch after it.
        with http.stream("GET", url, params={"after": game["version"]}) as response:
            for line in response.iter_lines():
                lines.append(line)
                if line == "event: game_over":
                    break
        events = "\n".join(lines)
        assert events.count("event: timeout") == 1, events
        read = http.get(f"/v1/games/{game['id']}").json()
        assert (read["end_reason"], read["version"]) == ("timeout", game["version"] + 1)


def test_two_processes_commit_each_timeout_exactly_once(live_server, redis_server):
    other = LiveServer(["--redis-url", redis_server.url, "--workers", "2"])
    try:
        with httpx.Client(base_url=live_server.base_url, timeout=10) as http:
            games = [first_move_made(http, clock=PER_MOVE_5S)[0] for _ in range(12)]
        with httpx.Client(base_url=other.base_url, timeout=10) as http:
            each_timed_out_once(http, games)
    finally:
        other.stop(quickly=True)


def test_a_killed_worker_loses_no_timeout(redis_server):
    server = LiveServer(["--redis-url", redis_server.url, "--workers", "2"])
    try:
        with httpx.Client(base_url=server.base_url, timeout=10) as http:
            games = [first_move_made(http, clock=PER_MOVE_5S)[0] for _ in range(8)]
            victim = worker_pids(server)[0]
            os.kill(victim, signal.SIGKILL)
            last_deadline = max(instant(game["clock"]["deadline"]) for game in games)
            time.sleep(max(0.0, last_deadline - time.time()) + 3)
            store = redis.Redis(port=redis_server.port)
            for game in games:
                stored = store.get(f"buttonup:{{{game['id']}}}:game").decode()
                # The timeout is in the log without anyone reading the game.
                assert stored.startswith(f"2 {game['version'] + 1} "), stored[:40]
                assert http.get(f"/v1/games/{game['id']}").json()["end_reason"] == "timeout"
    finally:
        server.stop(quickly=True)


def test_abort_before_the_first_move_ends_the_game_with_its_events(live_server, http):
    created = http.post("/v1/games", json={"first_player": "red"}).json()
    game, tokens = take_seats(http, created["id"])
    watcher = Stream(live_server.base_url, game["id"])
    watcher.start()
    assert watcher.opened.wait(10)
    wait_for(lambda: "presence" in watcher.names(), 5)
    aborted = http.post(f"/v1/games/{game['id']}/abort", headers=bearer(tokens["black"]))
    assert aborted.status_code == 200
    assert aborted.json()["end_reason"] == "aborted" and aborted.json()["winner"] is None
    assert watcher.ended.wait(10)
    assert watcher.names()[-2:] == ["aborted", "game_over"]
    assert watcher.events[-2][3]["color"] == "black"


def test_abort_after_the_first_move_is_refused(http):
    game, tokens = first_move_made(http)
    refused = http.post(f"/v1/games/{game['id']}/abort", headers=bearer(tokens["red"]))
    assert refused.status_code == 409 and refused.json()["code"] == "abort_not_allowed"


def test_presence_follows_a_seats_stream_across_replicas_and_a_dead_worker(
    live_server, redis_server
):
    holder = LiveServer(["--redis-url", redis_server.url, "--workers", "1"])
    try:
        with httpx.Client(base_url=live_server.base_url, timeout=10) as http:
            game, tokens = first_move_made(http)
            presence = f"/v1/games/{game['id']}/presence"
            assert http.get(presence).json()["black"] == {"connected": False, "since": None}
            watcher = Stream(live_server.base_url, game["id"])  # anonymous: marks nobody
            watcher.start()
            wait_for(lambda: black_presence(watcher) == [False], 5)
            seat = Stream(holder.base_url, game["id"], tokens["black"])
            seat.start()
            wait_for(lambda: http.get(presence).json()["black"]["connected"], 5)
            assert http.get(presence).json()["red"]["connected"] is False
            os.kill(worker_pids(holder)[0], signal.SIGKILL)
            killed = time.time()
            wait_for(lambda: not http.get(presence).json()["black"]["connected"], 5)
            # The other replica's watcher heard both changes, without ids.
            wait_for(lambda: black_presence(watcher) == [False, True, False], 5)
            gone = http.get(presence).json()["black"]
            assert instant(gone["since"]) <= killed + 0.1
            assert all(i is None for _, n, i, _ in watcher.events if n == "presence")
            watcher.close()
    finally:
        holder.stop(quickly=True)


def black_presence(watcher: Stream) -> list[bool]:
    return [data["black"]["connected"] for _, name, _, data in watcher.events if name == "presence"]


def test_the_waiting_seat_claims_a_game_whose_opponent_went(live_server, http):
    """The suite's servers wait 1 s (BUTTONUP_ABANDON_SECONDS), not 60."""
    game, tokens = first_move_made(http)  # black to move
    claim = f"/v1/games/{game['id']}/claim-victory"
    seat = Stream(live_server.base_url, game["id"], tokens["black"])
    seat.start()
    wait_for(lambda: "presence" in seat.names(), 5)
    connected = http.post(claim, headers=bearer(tokens["red"]))
    assert connected.status_code == 409 and connected.json()["code"] == "claim_not_allowed"
    assert "connected" in connected.json()["detail"]
    seat.close()
    wait_for(
        lambda: not http.get(f"/v1/games/{game['id']}/presence").json()["black"]["connected"], 5
    )
    own_turn = http.post(claim, headers=bearer(tokens["black"]))
    assert own_turn.status_code == 409 and own_turn.json()["code"] == "claim_not_allowed"
    watcher = Stream(live_server.base_url, game["id"])
    watcher.start()
    wait_for(lambda: "presence" in watcher.names(), 5)
    time.sleep(1.1)
    claimed = http.post(claim, headers=bearer(tokens["red"]))
    assert claimed.status_code == 200, claimed.text
    assert (claimed.json()["end_reason"], claimed.json()["winner"]) == ("abandoned", "red")
    assert watcher.ended.wait(10)
    assert watcher.names()[-2:] == ["abandoned", "game_over"]
    assert watcher.events[-2][3]["color"] == "black"


def test_a_claim_too_soon_says_when_to_come_back(live_server, http):
    game, tokens = first_move_made(http)  # black never connected
    refused = http.post(f"/v1/games/{game['id']}/claim-victory", headers=bearer(tokens["red"]))
    body = refused.json()
    if refused.status_code == 200:  # a slow machine took the full second already
        assert body["end_reason"] == "abandoned"
        return
    assert refused.status_code == 409 and body["code"] == "claim_not_allowed"
    assert body["retry_after_seconds"] == 1 and refused.headers["Retry-After"] == "1"


def test_a_redis_restart_across_the_deadline_loses_no_timeout(own_redis):
    server = LiveServer(["--redis-url", own_redis.url, "--workers", "2"])
    try:
        with httpx.Client(base_url=server.base_url, timeout=10) as http:
            game, _ = first_move_made(http, clock=PER_MOVE_5S)
            deadline = instant(game["clock"]["deadline"])
            time.sleep(max(0.0, deadline - time.time() - 1.0))
            own_redis.stop()  # down while the deadline passes
            time.sleep(2.5)
            own_redis.start()
            time.sleep(2.0)  # the sweepers find it again; nobody reads the game
            stored = redis.Redis(port=own_redis.port).get(f"buttonup:{{{game['id']}}}:game")
            assert stored.decode().startswith(f"2 {game['version'] + 1} ")
            assert http.get(f"/v1/games/{game['id']}").json()["end_reason"] == "timeout"
    finally:
        server.stop(quickly=True)
