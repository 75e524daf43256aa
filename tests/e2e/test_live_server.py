"""`buttonup serve` over real HTTP: whole games, races, restarts."""

import subprocess
import sys
import threading
import time
from collections import Counter

import httpx

from tests.conftest import LiveServer
from tests.helpers.games import bearer, start_game

JSON_HEADERS = {"Content-Type": "application/json"}


def test_a_complete_game_over_http(http):
    game, tokens = start_game(http, seed=12)
    while game["status"] == "playing":
        response = http.post(
            f"/v1/games/{game['id']}/moves",
            json={"position": game["round"]["legal_moves"][-1]},
            headers=bearer(tokens[game["round"]["to_move"]]),
        )
        assert response.status_code == 201
        game = response.json()["game"]
    assert game["status"] == "finished" and game["winner"]
    moves = http.get(f"/v1/games/{game['id']}/moves").json()
    assert len(moves) == 8 * len(game["rounds"])
    assert http.get("/nope").headers["content-type"] == "application/problem+json"


def race_move(
    base_urls: list[str], path: str, position: int, token: str, headers: dict | None = None
) -> list:
    """The same move sent at the same instant through each of base_urls."""
    barrier = threading.Barrier(len(base_urls))
    answers: list[tuple[int, dict]] = []

    def send(base_url: str) -> None:
        with httpx.Client(base_url=base_url, timeout=10) as client:
            client.get("/healthz")
            barrier.wait()
            response = client.post(
                path, json={"position": position}, headers={**bearer(token), **(headers or {})}
            )
            answers.append((response.status_code, response.json()))

    threads = [threading.Thread(target=send, args=(url,)) for url in base_urls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def race(live_server: LiveServer, game: dict, token: str, position: int, headers: dict) -> Counter:
    """Eight clients send the same move at the same instant."""
    answers = race_move(
        [live_server.base_url] * 8, f"/v1/games/{game['id']}/moves", position, token, headers
    )
    return Counter(
        (status, body.get("code") if status != 201 else None) for status, body in answers
    )


def test_eight_clients_racing_the_same_move_apply_it_once(http, live_server):
    for seed in range(6):
        game, tokens = start_game(http, seed=seed)
        pinned = {"If-Match": f'"{game["version"]}"'} if seed % 2 else {}
        token = tokens[game["round"]["to_move"]]
        outcome = race(live_server, game, token, game["round"]["legal_moves"][0], pinned)
        assert outcome[(201, None)] == 1, outcome
        losers = {status for status, _ in outcome.elements() if status != 201}
        assert losers <= {409, 412}, outcome
        if pinned:
            assert outcome[(412, "version_mismatch")] == 7, outcome
        moves = http.get(f"/v1/games/{game['id']}/moves").json()
        assert len(moves) == 1
        assert http.get(f"/v1/games/{game['id']}").json()["version"] == game["version"] + 1


def test_eight_clients_racing_for_seats_fill_each_seat_once(http, live_server):
    game = http.post("/v1/games", json={}).json()
    barrier = threading.Barrier(8)
    results: list[int] = []

    def join() -> None:
        with httpx.Client(base_url=live_server.base_url, timeout=10) as client:
            client.get("/healthz")
            barrier.wait()
            results.append(client.post(f"/v1/games/{game['id']}/players", json={}).status_code)

    threads = [threading.Thread(target=join) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [201, 201] + [409] * 6
    final = http.get(f"/v1/games/{game['id']}").json()
    assert final["version"] == 2 and final["status"] == "playing"


def test_the_embedded_redis_keeps_games_across_a_restart(tmp_path):
    data_dir = tmp_path / "var"
    first = LiveServer(["--data-dir", str(data_dir)])
    try:
        with httpx.Client(base_url=first.base_url) as http:
            game, tokens = start_game(http, seed=4)
            moved = http.post(
                f"/v1/games/{game['id']}/moves",
                json={"position": game["round"]["legal_moves"][0]},
                headers=bearer(tokens[game["round"]["to_move"]]),
            ).json()["game"]
    finally:
        assert first.stop() == 0
    assert (data_dir / "appendonly.aof").exists() or (data_dir / "appendonlydir").exists()
    second = LiveServer(["--data-dir", str(data_dir)])
    try:
        with httpx.Client(base_url=second.base_url) as http:
            again = http.get(f"/v1/games/{game['id']}").json()
            assert again == moved
            assert len(http.get(f"/v1/games/{game['id']}/moves").json()) == 1
    finally:
        second.stop()


def test_two_services_cannot_share_one_data_dir(tmp_path):
    first = LiveServer(["--data-dir", str(tmp_path)])
    try:
        clash = subprocess.run(
            [sys.executable, "-m", "buttonup.cli", "serve", "--data-dir", str(tmp_path)],
            capture_output=True,
            text=True,
            timeout=30,
            env={"PATH": "/usr/bin:/bin"},
        )
        assert clash.returncode == 2
        assert "in use" in clash.stderr
    finally:
        first.stop()


def test_the_lobby_stays_right_under_concurrent_joins(http, live_server):
    games = [http.post("/v1/games", json={"visibility": "public"}).json()["id"] for _ in range(12)]
    # Three joiners race for each of the first eight games, one for the rest.
    attempts = [g for g in games[:8] for _ in range(3)] + games[8:]
    barrier = threading.Barrier(len(attempts))
    outcomes: list[tuple[str, int]] = []

    def join(game_id: str) -> None:
        with httpx.Client(base_url=live_server.base_url, timeout=10) as client:
            client.get("/healthz")
            barrier.wait()
            response = client.post(f"/v1/games/{game_id}/players", json={})
            outcomes.append((game_id, response.status_code))

    threads = [threading.Thread(target=join, args=(g,)) for g in attempts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for game_id in games[:8]:
        assert sorted(s for g, s in outcomes if g == game_id) == [201, 201, 409]
    listed = http.get("/v1/games", params={"status": "waiting", "limit": 100}).json()["items"]
    still_open = [g for g in games if g in {item["id"] for item in listed}]
    assert still_open == games[8:]
    assert all(item["open_seats"] == ["black"] for item in listed if item["id"] in games)


def test_bodies_are_read_whole_with_a_length_or_chunked_and_refused_past_the_limit(http):
    """gunicorn's input, not the test client's: a body with a Content-Length,
    a chunked one, and one declared larger than BUTTONUP_MAX_BODY_BYTES."""
    sized = http.post("/v1/games", content=b'{"target_score": 7}', headers=JSON_HEADERS)
    assert sized.status_code == 201
    assert sized.json()["target_score"] == 7
    chunked = http.post(
        "/v1/games", content=iter([b'{"target_', b'score": 9}']), headers=JSON_HEADERS
    )
    assert chunked.request.headers.get("transfer-encoding") == "chunked"
    assert chunked.status_code == 201
    assert chunked.json()["target_score"] == 9
    padding = " " * (16 * 1024)
    too_large = http.post("/v1/games", content=f"{{{padding}}}".encode(), headers=JSON_HEADERS)
    assert too_large.status_code == 413
    assert too_large.headers["content-type"] == "application/problem+json"
    assert too_large.json()["code"] == "payload_too_large"


def test_an_idempotency_key_reused_with_another_body_is_refused(http):
    game, tokens = start_game(http, seed=21)
    first, second = game["round"]["legal_moves"][:2]
    headers = {**bearer(tokens[game["round"]["to_move"]]), "Idempotency-Key": "move-1"}
    path = f"/v1/games/{game['id']}/moves"
    applied = http.post(path, json={"position": first}, headers=headers)
    replayed = http.post(path, json={"position": first}, headers=headers)
    other = http.post(path, json={"position": second}, headers=headers)
    assert applied.status_code == 201
    assert replayed.status_code == 201
    assert replayed.json() == applied.json()
    assert other.status_code == 422
    assert other.json()["code"] == "idempotency_key_reused"


def test_concurrent_creates_with_one_key_make_exactly_one_game(live_server, redis_client):
    """20 clients at once, on two workers: one game, and every answer is its
    201 with the same body."""
    body = {"target_score": 15, "players": {"black": {"type": "bot", "level": "greedy"}}}
    for attempt in range(10):
        headers = {"Idempotency-Key": f"race-{attempt}-0123456789abcdef"}
        barrier = threading.Barrier(20)
        answers: list[httpx.Response] = []

        def create(headers=headers, barrier=barrier, answers=answers) -> None:
            with httpx.Client(base_url=live_server.base_url, timeout=10) as client:
                barrier.wait()
                answers.append(client.post("/v1/games", json=body, headers=headers))

        threads = [threading.Thread(target=create) for _ in range(20)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert [answer.status_code for answer in answers] == [201] * 20
        assert len({answer.content for answer in answers}) == 1, {a.content for a in answers}
        assert len({answer.headers["Location"] for answer in answers}) == 1
    assert len(redis_client.keys("buttonup:{*}:game")) == 10


def test_a_server_told_to_stop_ends_its_event_streams_at_once_each_whole(redis_server):
    """SIGTERM: each stream ends as a stream does (its last chunk written),
    not cut by the graceful timeout (10 s) long after; the client resumes
    elsewhere with Last-Event-ID."""
    server = LiveServer(["--redis-url", redis_server.url, "--workers", "2"])
    ended: list[str] = []
    opened = threading.Barrier(3)

    def follow(game_id: str) -> None:
        with httpx.stream(
            "GET", f"{server.base_url}/v1/games/{game_id}/events", timeout=30
        ) as answer:
            lines = answer.iter_lines()
            next(lines)  # the stream is open
            opened.wait()
            try:
                for _ in lines:
                    pass
                ended.append("whole")
            except httpx.HTTPError as error:
                ended.append(type(error).__name__)

    try:
        games = [httpx.post(f"{server.base_url}/v1/games", json={}).json()["id"] for _ in range(2)]
        followers = [threading.Thread(target=follow, args=(game_id,)) for game_id in games]
        for follower in followers:
            follower.start()
        opened.wait(10)
    finally:
        stopping = time.monotonic()
        assert server.stop() == 0
        stopped_in = time.monotonic() - stopping
    for follower in followers:
        follower.join(10)
    assert ended == ["whole", "whole"]
    assert stopped_in < 5, f"{stopped_in:.1f} s: the streams held the workers"
