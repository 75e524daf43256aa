"""A stream per player, through `buttonup serve`: the player's games first,
then what the player should hear of each (started, their turn, over, a
rematch asked for and made), resumable with Last-Event-ID, none missing and
none twice, across two processes, a worker killed and a Redis Cluster."""

import itertools
import os
import signal
import threading
import time

import httpx
import pytest
from buttonup_client import Client
from buttonup_client.api.players import stream_my_events

from buttonup.store.player_events import events_key, relayed_key
from tests.conftest import LiveServer
from tests.e2e.test_time import wait_for, worker_pids
from tests.helpers.games import bearer, new_player
from tests.helpers.sse import sse_events

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def second_server(redis_server):
    """Another `buttonup serve` on the same Redis."""
    server = LiveServer(["--redis-url", redis_server.url, "--workers", "1"])
    yield server
    server.stop(quickly=True)


class PlayerStream(threading.Thread):
    """A player's stream read in the background: [(id, event, data)]."""

    def __init__(self, base_url: str, key: str, last_event_id: str | None = None) -> None:
        super().__init__(daemon=True)
        self.url = f"{base_url}/v1/players/me/events"
        self.headers = bearer(key)
        if last_event_id is not None:
            self.headers["Last-Event-ID"] = last_event_id
        self.events: list[tuple[str, str, object]] = []
        self.opened = threading.Event()
        self._stop = threading.Event()

    def run(self) -> None:
        try:
            self._read()
        except (httpx.HTTPError, OSError):  # the server went away at the end of the tests
            return

    def _read(self) -> None:
        with httpx.stream("GET", self.url, headers=self.headers, timeout=30) as response:
            assert response.status_code == 200, response.read()
            self.opened.set()
            lines = itertools.takewhile(lambda _: not self._stop.is_set(), response.iter_lines())
            for event in sse_events(lines):
                self.events.append((event.id, event.name, event.data))

    def names(self) -> list[str]:
        return [name for _, name, _ in self.events]

    def wait_names(self, count: int, seconds: float = 10) -> list[str]:
        wait_for(lambda: len(self.events) >= count, seconds)
        return self.names()

    def stop(self) -> None:
        """Stops at the next line (a keep-alive comes within the interval)."""
        self._stop.set()


def seat(http: httpx.Client, game_id: str, color: str, key: str) -> dict:
    joined = http.post(f"/v1/games/{game_id}/players", json={"color": color}, headers=bearer(key))
    assert joined.status_code == 201, joined.text
    return joined.json()["game"]


def play_until_turn_of(http: httpx.Client, game: dict, keys: dict, color: str) -> dict:
    """Moves by whoever is to move until it is `color`'s turn (or the end)."""
    while game["status"] == "playing" and game["round"]["to_move"] != color:
        to_move = game["round"]["to_move"]
        moved = http.post(
            f"/v1/games/{game['id']}/moves",
            json={"position": game["round"]["legal_moves"][0]},
            headers=bearer(keys[to_move]),
        )
        assert moved.status_code == 201, moved.text
        game = moved.json()["game"]
    return game


def a_game_and_its_rematch(http: httpx.Client, ana: dict, bo: dict) -> tuple[dict, dict]:
    """Ana (red) and Bo (black): Ana's turn, Ana moves, Bo resigns, Bo asks
    for a rematch, Ana agrees and Bo takes his seat in the next game, which
    starts then. The game, and Ana's seat in the next."""
    game = http.post("/v1/games", json={"first_player": "red"}).json()
    seat(http, game["id"], "red", ana["key"])
    started = seat(http, game["id"], "black", bo["key"])
    keys = {"red": ana["key"], "black": bo["key"]}
    play_until_turn_of(http, started, keys, "black")
    assert http.post(f"/v1/games/{game['id']}/resign", headers=bearer(bo["key"])).is_success
    assert (
        http.post(f"/v1/games/{game['id']}/rematch", headers=bearer(bo["key"])).status_code == 202
    )
    again = http.post(f"/v1/games/{game['id']}/rematch", headers=bearer(ana["key"]))
    assert again.status_code == 201, again.text
    assert again.json()["game"]["status"] == "waiting", "until Bo holds his token too"
    bo_seat = http.post(f"/v1/games/{game['id']}/rematch", headers=bearer(bo["key"]))
    assert bo_seat.status_code == 201 and bo_seat.json()["game"]["status"] == "playing"
    return game, again.json()


def test_a_players_stream_tells_each_thing_once_across_two_processes(
    http, live_server, second_server
):
    ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
    stream = PlayerStream(second_server.base_url, ana["key"])  # the other process
    stream.start()
    assert stream.opened.wait(10)
    stream.wait_names(1)
    game, next_seat = a_game_and_its_rematch(http, ana, bo)
    following = next_seat["game"]
    expected = [
        "games",
        "game_started",
        "your_turn",
        "game_over",
        "rematch_offered",
        "rematch",
        # Once both seats of the next game hold their tokens; Ana started the
        # first game, so Bo starts this one (red, colours swapped): no your_turn.
        "game_started",
    ]
    assert stream.wait_names(len(expected)) == expected
    time.sleep(0.3)
    assert stream.names() == expected, "nothing more, nothing twice"
    stream.stop()
    (_, _, listed), *heard = stream.events
    assert listed == []  # no game yet when the stream opened
    by_name = {name: data for _, name, data in heard if data["game_id"] == game["id"]}
    assert by_name["game_started"] == {"game_id": game["id"], "color": "red", "version": 2}
    assert by_name["game_over"] == {
        "game_id": game["id"],
        "winner": "red",
        "end_reason": "resignation",
        "rating_diff": None,
    }
    assert by_name["rematch_offered"] == {"game_id": game["id"], "by": "black"}
    assert by_name["rematch"] == {"game_id": game["id"], "next_game_id": following["id"]}
    assert heard[5][2] == {"game_id": following["id"], "color": "black", "version": 2}
    ids = [position for position, _, _ in heard]
    assert len(set(ids)) == len(ids)


def test_a_player_stream_starts_with_the_games_that_need_the_player_first(http, live_server):
    ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
    waiting = http.post("/v1/games", json={}).json()
    seat(http, waiting["id"], "red", ana["key"])
    mine = http.post("/v1/games", json={"first_player": "black"}).json()
    seat(http, mine["id"], "red", ana["key"])
    seat(http, mine["id"], "black", bo["key"])
    game = play_until_turn_of(
        http, http.get(f"/v1/games/{mine['id']}").json(), {"black": bo["key"]}, "red"
    )
    assert game["round"]["to_move"] == "red"
    stream = PlayerStream(live_server.base_url, ana["key"])
    stream.start()
    stream.wait_names(1)
    stream.stop()
    position, name, listed = stream.events[0]
    assert name == "games" and position
    assert [item["id"] for item in listed] == [mine["id"], waiting["id"]]
    assert listed[0]["my_turn"] and not listed[1]["my_turn"]


def test_a_resumed_player_stream_gets_every_later_event_once(http, live_server, second_server):
    ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
    first = PlayerStream(live_server.base_url, ana["key"])
    first.start()
    first.wait_names(1)
    game = http.post("/v1/games", json={"first_player": "red"}).json()
    seat(http, game["id"], "red", ana["key"])
    started = seat(http, game["id"], "black", bo["key"])
    assert first.wait_names(3) == ["games", "game_started", "your_turn"]
    first.stop()
    last_seen = first.events[2][0]
    # While nobody listens: moves, the end, a rematch.
    keys = {"red": ana["key"], "black": bo["key"]}
    after_moves = play_until_turn_of(http, started, keys, "black")
    after_moves = play_until_turn_of(http, after_moves, keys, "red")
    http.post(f"/v1/games/{game['id']}/resign", headers=bearer(bo["key"]))
    resumed = PlayerStream(second_server.base_url, ana["key"], last_event_id=last_seen)
    resumed.start()
    assert resumed.wait_names(2) == ["your_turn", "game_over"], "no list first, nothing twice"
    time.sleep(0.3)
    assert len(resumed.events) == 2
    resumed.stop()
    # From the list's own position: every event since, in the same order.
    whole = PlayerStream(live_server.base_url, ana["key"], last_event_id=first.events[0][0])
    whole.start()
    whole.wait_names(4)
    time.sleep(0.3)
    whole.stop()
    assert whole.events == first.events[1:] + resumed.events


def test_a_position_the_stream_does_not_keep_starts_afresh_with_the_games(http, live_server):
    ana = new_player(http, "Ana")
    stream = PlayerStream(live_server.base_url, ana["key"], last_event_id="99999999999999-0")
    stream.start()
    stream.wait_names(1)
    stream.stop()
    assert stream.names() == ["games"]
    bad = http.get("/v1/players/me/events", headers={**bearer(ana["key"]), "Last-Event-ID": "x"})
    assert bad.status_code == 422 and bad.json()["code"] == "validation_error"
    nobody = http.get("/v1/players/me/events", headers=bearer("not-a-key"))
    assert nobody.status_code == 401 and nobody.json()["code"] == "unauthorized"


def test_a_relay_lost_with_its_process_is_made_when_the_stream_opens(
    http, live_server, redis_client
):
    """A process that died between a commit and its relay leaves the
    player's relayed version behind the game's: the next stream relays it."""
    ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
    game = http.post("/v1/games", json={"first_player": "red"}).json()
    seat(http, game["id"], "red", ana["key"])
    started = seat(http, game["id"], "black", bo["key"])
    moved = play_until_turn_of(http, started, {"red": ana["key"]}, "black")
    # As if Bo's relay of the last move had not happened.
    stream, relayed = events_key(bo["id"]), relayed_key(bo["id"])
    (last_id, fields), (before_id, _) = redis_client.xrevrange(stream, count=2)
    assert fields[b"e"] == b"your_turn"
    redis_client.xdel(stream, last_id)
    redis_client.hset(relayed, game["id"], 2)
    resumed = PlayerStream(live_server.base_url, bo["key"], last_event_id=before_id.decode())
    resumed.start()
    assert resumed.wait_names(1) == ["your_turn"]
    assert resumed.events[0][2]["version"] == moved["version"]
    time.sleep(0.3)
    resumed.stop()
    assert len(resumed.events) == 1
    assert int(redis_client.hget(relayed, game["id"])) == moved["version"]


def test_a_players_stream_loses_nothing_when_its_worker_is_killed(http, live_server):
    """The generated client's follow() resumes with Last-Event-ID by itself."""
    ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
    heard: list = []

    def follow() -> None:
        with Client(base_url=live_server.base_url, timeout=httpx.Timeout(10)) as client:
            client = client.with_headers(bearer(ana["key"]))
            for event in stream_my_events.follow(client=client, idle_timeout=3):
                heard.append((event.id, event.event))
                if event.event == "rematch":
                    return

    follower = threading.Thread(target=follow, daemon=True)
    follower.start()
    wait_for(lambda: heard, 10)
    for pid in worker_pids(live_server):  # whichever holds the stream
        os.kill(pid, signal.SIGKILL)
    wait_for(lambda: len(worker_pids(live_server)) == 2, 20)
    with httpx.Client(base_url=live_server.base_url, timeout=10) as fresh:  # http's died too
        a_game_and_its_rematch(fresh, ana, bo)
    follower.join(30)
    assert not follower.is_alive()
    names = [name for _, name in heard]
    assert names.count("games") == 1, "resumed, not started afresh"
    assert names[1:] == [
        "game_started",
        "your_turn",
        "game_over",
        "rematch_offered",
        "rematch",
    ]
    assert len({position for position, _ in heard}) == len(heard)
