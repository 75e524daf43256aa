"""Play anyone now through `buttonup serve` (two workers on the suite's Redis,
and on the test cluster): seeks wait while their player's stream is open and
are paired at once with one that suits them, each player told on their own
stream with their seat's token; a seek that answers a listed one is paired
with that one or refused; a burst of seekers pairs exactly, nobody twice and
nobody left waiting beside a seek that suits them."""

import json
import threading
import time
from collections import Counter

import httpx
import pytest
import redis

from tests.conftest import LiveServer
from tests.e2e.test_cluster import cluster  # noqa: F401  (the module's cluster, shared)
from tests.e2e.test_player_bounds import keys_read
from tests.e2e.test_time import wait_for
from tests.helpers.games import bearer, new_player
from tests.helpers.sse import sse_events

pytestmark = pytest.mark.e2e

BLITZ = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}
RAPID = {"type": "fischer", "initial_seconds": 600, "increment_seconds": 5}
LIMITS = {
    "BUTTONUP_SEAT_RATE_LIMIT": "100000/minute",
    "BUTTONUP_MAX_STREAMS_PER_CLIENT": "1000",
    "BUTTONUP_MAX_CONNECTIONS_PER_CLIENT": "2000",
}


@pytest.fixture(scope="module")
def server(redis_server):
    server = LiveServer(["--redis-url", redis_server.url, "--workers", "2"], env=LIMITS)
    yield server
    server.stop(quickly=True)


class Listener(threading.Thread):
    """A player's stream, open until `close()`: its events, as (name, data)."""

    def __init__(self, base_url: str, key: str) -> None:
        super().__init__(daemon=True)
        self._client = httpx.Client(base_url=base_url, timeout=60)
        self._key = key
        self.events: list[tuple[str, dict]] = []
        self.opened = threading.Event()
        self._response: httpx.Response | None = None

    def run(self) -> None:
        try:
            with self._client.stream(
                "GET", "/v1/players/me/events", headers=bearer(self._key)
            ) as response:
                self._response = response
                assert response.status_code == 200
                for event in sse_events(response.iter_lines()):
                    self.events.append((event.name, event.data))
                    if event.name == "games":
                        self.opened.set()
        except (httpx.HTTPError, OSError, RuntimeError):
            return

    def start_open(self) -> "Listener":
        self.start()
        assert self.opened.wait(10)
        return self

    def game_start(self, seconds: float = 10, nth: int = 1) -> dict:
        """The `nth` game_start heard (waiting for it)."""

        def heard() -> list[dict]:
            return [data for name, data in self.events if name == "game_start"]

        wait_for(lambda: len(heard()) >= nth, seconds)
        return heard()[nth - 1]

    def close(self) -> None:
        if self._response is not None:
            self._response.close()
        self._client.close()


def seek(http: httpx.Client, player: dict, **body) -> httpx.Response:
    return http.post("/v1/seeks", json=body, headers=bearer(player["key"]))


def open_seeks(http: httpx.Client) -> list[dict]:
    return http.get("/v1/seeks").json()["items"]


def test_two_compatible_seeks_make_one_game_each_told_on_their_own_stream(server):
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
        ana_stream = Listener(server.base_url, ana["key"]).start_open()
        bo_stream = Listener(server.base_url, bo["key"]).start_open()
        try:
            waiting = seek(http, ana, clock=BLITZ, color="red")
            assert waiting.status_code == 201 and waiting.json()["game_id"] is None
            listed = [item for item in open_seeks(http) if item["id"] == waiting.json()["id"]]
            assert listed == [
                {
                    "id": waiting.json()["id"],
                    "name": "Ana",
                    "rating": 1500,
                    "provisional": True,
                    "category": "blitz",
                    "clock": BLITZ,
                    "rated": False,
                    "rating_range": None,
                    "color": "red",
                    "created_at": listed[0]["created_at"],
                }
            ]
            assert ana["id"] not in http.get("/v1/seeks").text, "never who owns it"

            paired = seek(http, bo, clock=BLITZ)
            assert paired.status_code == 201
            game_id = paired.json()["game_id"]
            assert game_id is not None
            red, black = ana_stream.game_start(), bo_stream.game_start()
            assert (red["game_id"], red["color"]) == (game_id, "red")
            assert (black["game_id"], black["color"]) == (game_id, "black")
            assert red["token"] != black["token"]
            assert red["token"] not in json.dumps(bo_stream.events)
            assert black["token"] not in json.dumps(ana_stream.events)

            game = http.get(f"/v1/games/{game_id}").json()
            assert game["status"] == "playing" and game["visibility"] == "private"
            assert game["players"]["red"]["player_id"] == ana["id"]
            assert game["players"]["black"]["player_id"] == bo["id"]
            assert game["clock"]["initial_seconds"] == 180 and not game["rated"]
            mover = {"red": red, "black": black}[game["round"]["to_move"]]
            moved = http.post(
                f"/v1/games/{game_id}/moves",
                json={"position": game["round"]["legal_moves"][0]},
                headers=bearer(mover["token"]),
            )
            assert moved.status_code == 201, "the streamed token holds the seat"
            assert all(item["id"] != waiting.json()["id"] for item in open_seeks(http))
        finally:
            ana_stream.close()
            bo_stream.close()


def test_a_seek_needs_its_players_stream_and_goes_with_it(server):
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        cy, di = new_player(http, "Cy"), new_player(http, "Di")
        refused = seek(http, cy, clock=RAPID)
        assert refused.status_code == 409 and refused.json()["code"] == "stream_required"
        assert http.post("/v1/seeks", json={}).status_code == 401

        cy_stream = Listener(server.base_url, cy["key"]).start_open()
        placed = seek(http, cy, clock=RAPID).json()
        assert any(item["id"] == placed["id"] for item in open_seeks(http))
        cy_stream.close()
        closed_at = time.monotonic()
        wait_for(lambda: all(item["id"] != placed["id"] for item in open_seeks(http)), 5)
        assert time.monotonic() - closed_at < 5

        # Nobody is paired with someone who left: Di's seek waits.
        di_stream = Listener(server.base_url, di["key"]).start_open()
        try:
            assert seek(http, di, clock=RAPID).json()["game_id"] is None
        finally:
            di_stream.close()


def test_a_seek_that_answers_a_listed_one_is_paired_with_it_or_refused(server):
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        players = [new_player(http, name) for name in ("Ivy", "Jo", "Kit")]
        streams = [Listener(server.base_url, p["key"]).start_open() for p in players]
        per_move = {"type": "per_move", "seconds": 86400}
        try:
            ivy, jo, kit = players
            # Both ask for black: they do not suit each other, and both wait.
            for player in (ivy, jo):
                assert seek(http, player, clock=per_move, color="black").json()["game_id"] is None
            jos = next(item for item in open_seeks(http) if item["name"] == "Jo")
            wrong = seek(http, kit, clock=BLITZ, answers=jos["id"])
            assert wrong.status_code == 404 and wrong.json()["code"] == "seek_not_found"
            assert all(item["name"] != "Kit" for item in open_seeks(http)), "nothing placed"
            # Kit answers Jo's, the newer of the two that suit him.
            paired = seek(http, kit, clock=per_move, answers=jos["id"])
            assert paired.status_code == 201, paired.text
            game = http.get(f"/v1/games/{paired.json()['game_id']}").json()
            assert game["players"]["black"]["player_id"] == jo["id"]
            assert game["players"]["red"]["player_id"] == kit["id"]
            assert streams[1].game_start()["game_id"] == game["id"]
            gone = seek(http, kit, clock=per_move, answers=jos["id"])
            assert gone.status_code == 404, "answered once"
            ivys = next(item["id"] for item in open_seeks(http) if item["name"] == "Ivy")
            assert http.delete(f"/v1/seeks/{ivys}", headers=bearer(ivy["key"])).status_code == 204
        finally:
            for stream in streams:
                stream.close()


def test_seeks_that_do_not_suit_each_other_both_wait(server):
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        players = [new_player(http, name) for name in ("Ed", "Flo", "Gus", "Hal")]
        streams = [Listener(server.base_url, p["key"]).start_open() for p in players]
        per_move = {"type": "per_move", "seconds": 86400}
        try:
            ed, flo, gus, hal = players
            assert seek(http, ed, clock=per_move, color="black").json()["game_id"] is None
            assert seek(http, flo, clock=per_move, color="black").json()["game_id"] is None
            assert seek(http, gus, clock=per_move, rated=True).json()["game_id"] is None
            narrow = seek(http, hal, clock=per_move, rating_range=[1600, 1800])
            assert narrow.json()["game_id"] is None, "everyone else is at 1500"
            assert sum(item["category"] == "daily" for item in open_seeks(http)) == 4

            # A second seek of a category replaces the first: Hal now takes anyone,
            # and is paired with the oldest that suits him, Ed.
            paired = seek(http, hal, clock=per_move).json()
            assert paired["game_id"] is not None
            game = http.get(f"/v1/games/{paired['game_id']}").json()
            assert game["players"]["black"]["player_id"] == ed["id"]
            assert {item["name"] for item in open_seeks(http) if item["category"] == "daily"} == {
                "Flo",
                "Gus",
            }
            gone = http.delete(f"/v1/seeks/{narrow.json()['id']}", headers=bearer(hal["key"]))
            assert gone.status_code == 404 and gone.json()["code"] == "seek_not_found"
            flo_seek = next(item["id"] for item in open_seeks(http) if item["name"] == "Flo")
            not_hers = http.delete(f"/v1/seeks/{flo_seek}", headers=bearer(gus["key"]))
            assert not_hers.status_code == 404
            assert (
                http.delete(f"/v1/seeks/{flo_seek}", headers=bearer(flo["key"])).status_code == 204
            )
            assert all(item["name"] != "Flo" for item in open_seeks(http))
        finally:
            for stream in streams:
                stream.close()


def burst(base_url: str, count: int) -> None:
    """`count` players seek at once, half blitz and half rapid: exactly
    count / 2 games, nobody in two, nobody left waiting."""
    with httpx.Client(base_url=base_url, timeout=30) as http:
        players = [new_player(http, f"S{number}") for number in range(count)]
    streams = [Listener(base_url, player["key"]) for player in players]
    for stream in streams:
        stream.start()
    for stream in streams:
        assert stream.opened.wait(30)
    answers: list[dict] = []

    def seek_now(player: dict, clock: dict) -> None:
        with httpx.Client(base_url=base_url, timeout=30) as http:
            answer = seek(http, player, clock=clock, rated=True)
            assert answer.status_code == 201, answer.text
            answers.append(answer.json())

    threads = [
        threading.Thread(target=seek_now, args=(player, (BLITZ, RAPID)[number % 2]))
        for number, player in enumerate(players)
    ]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert len(answers) == count
        for stream in streams:
            stream.game_start(30)
        starts = [
            data for stream in streams for name, data in stream.events if name == "game_start"
        ]
        assert len(starts) == count, "each player told once"
        per_game = Counter(start["game_id"] for start in starts)
        assert len(per_game) == count // 2 and set(per_game.values()) == {2}
        made = {answer["game_id"] for answer in answers if answer["game_id"]}
        assert made == set(per_game), "each game made by the seek that found its opponent"
        with httpx.Client(base_url=base_url, timeout=30) as http:
            assert not [item for item in open_seeks(http) if item["name"].startswith("S")]
            for game_id in per_game:
                game = http.get(f"/v1/games/{game_id}").json()
                assert game["rated"] and game["status"] == "playing"
                seated = {game["players"][color]["player_id"] for color in ("red", "black")}
                assert len(seated) == 2
    finally:
        for stream in streams:
            stream.close()


def test_a_burst_of_seekers_on_two_workers_pairs_exactly(server):
    burst(server.base_url, 200)


def test_a_burst_of_seekers_on_a_cluster_pairs_exactly(cluster):  # noqa: F811
    server = LiveServer(["--redis-url", cluster.url, "--workers", "2"], env=LIMITS)
    try:
        burst(server.base_url, 200)
    finally:
        server.stop(quickly=True)


def probe_reads(http, store, live, listeners: list, name: str) -> int:
    """The keys a new player's seek for anyone (same clock, no range) reads;
    the seek is then taken back, so that the next probe meets the same."""
    probe = new_player(http, name)
    listeners.append(Listener(live.base_url, probe["key"]).start_open())
    placed: list[httpx.Response] = []
    reads = keys_read(store, lambda: placed.append(seek(http, probe, clock=BLITZ, rated=False)))
    answer = placed[0].json()
    assert answer["game_id"] is None, "a probe never pairs"
    taken = http.delete(f"/v1/seeks/{answer['id']}", headers=bearer(probe["key"]))
    assert taken.status_code == 204, taken.text
    return reads


def test_a_seek_costs_what_it_reads_not_how_many_wait(own_redis):
    """Seekers whose rating range takes nobody never pair and pile up:
    placing one more with the same clock and no range, which reads them as
    candidates, reads as many keys with 300 waiting as with 100 (every one
    was read before); and the list of seeks is a page."""
    live = LiveServer(["--redis-url", own_redis.url, "--workers", "2"], env=LIMITS)
    store = redis.Redis(port=own_redis.port)
    listeners: list[Listener] = []
    try:
        with httpx.Client(base_url=live.base_url, timeout=30) as http:
            nobody = {"clock": BLITZ, "rated": False, "rating_range": [0, 1]}
            costs = {}
            for waiting in (100, 300):
                while len(listeners) < waiting:
                    player = new_player(http, f"P{len(listeners)}")
                    listeners.append(Listener(live.base_url, player["key"]).start_open())
                    placed = seek(http, player, **nobody)
                    assert placed.status_code == 201 and placed.json()["game_id"] is None
                # The least of three: the server's own beats and sweeps only add
                # reads to a window they fall in (more likely on a busy machine).
                costs[waiting] = min(
                    probe_reads(http, store, live, listeners, f"Probe{waiting}-{attempt}")
                    for attempt in range(3)
                )
            page = http.get("/v1/seeks", params={"limit": 10, "category": "blitz"}).json()
            assert len(page["items"]) == 10 and page["next"] is not None
            following = http.get("/v1/seeks", params={"limit": 10, "cursor": page["next"]}).json()
            assert {i["id"] for i in page["items"]}.isdisjoint(i["id"] for i in following["items"])
            assert http.get("/v1/seeks", params={"category": "rapid"}).json()["items"] == []
        assert costs[300] <= costs[100] + 20, costs  # room for the server's beats and sweeps
    finally:
        for listener in listeners:
            listener.close()
        store.close()
        live.stop()
