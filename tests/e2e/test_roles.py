"""A deployment split by role (api.roles): an api process and a streams
process, each `buttonup serve` on one Redis with one secret, together
serve a game end to end (seats and moves on the api, its stream and a
player's own on the streams process, each refusing the other's requests);
a streams process restarted mid-game, with moves made while it is down,
and both streams resumed with Last-Event-ID hear every event once."""

import secrets
import threading

import httpx
import pytest

from tests.conftest import LiveServer
from tests.e2e.test_time import wait_for
from tests.helpers.games import bearer, body, create_game, new_player, play_out
from tests.helpers.sse import sse_events

pytestmark = pytest.mark.e2e


class Follower(threading.Thread):
    """A stream read until its connection ends (its server stopped) or the
    event `until` names arrives: each event as (id, name, data)."""

    def __init__(self, url: str, headers: dict[str, str], until: str | None = None) -> None:
        super().__init__(daemon=True)
        self.url, self.headers, self.until = url, headers, until
        self.events: list[tuple[str, str, object]] = []
        self.opened = threading.Event()

    def run(self) -> None:
        try:
            with httpx.stream("GET", self.url, headers=self.headers, timeout=30) as answer:
                assert answer.status_code == 200, answer.read()
                self.opened.set()
                for event in sse_events(answer.iter_lines()):
                    self.events.append((event.id, event.name, event.data))
                    if event.name == self.until:
                        return
        except httpx.HTTPError:
            return  # cut by the server's restart: the test resumes it


def test_an_api_and_a_streams_process_serve_a_game_and_a_restart_loses_nothing(redis_server):
    env = {"BUTTONUP_SECRET_KEY": secrets.token_urlsafe(32)}  # the deployment's one secret
    common = ["--redis-url", redis_server.url, "--workers", "1"]
    api = LiveServer([*common, "--role", "api"], env=env)
    streams = LiveServer([*common, "--role", "streams"], env=env)
    try:
        with httpx.Client(base_url=api.base_url, timeout=10) as http:
            ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
            game = create_game(http, seed=5, target_score=5)
            path = f"/v1/games/{game['id']}/events"
            # Each process refuses what the other serves.
            assert http.get(path).status_code == 421
            assert httpx.post(f"{streams.base_url}/v1/games", json={}).json()["code"] == (
                "served_elsewhere"
            )
            watching = Follower(streams.base_url + path, {}, until="game_over")
            inbox = Follower(streams.base_url + "/v1/players/me/events", bearer(ana["key"]))
            for follower in (watching, inbox):
                follower.start()
                assert follower.opened.wait(10)
            tokens = {}
            for color, player in (("red", ana), ("black", bo)):
                seated = http.post(
                    f"/v1/games/{game['id']}/players",
                    json={"color": color},
                    headers=bearer(player["key"]),
                )
                assert seated.status_code == 201, body(seated)
                tokens[color], game = seated.json()["token"], seated.json()["game"]
            game = play_out(http, game, tokens, moves=3)
            heard = lambda: [v for _, name, v in watching.events if name == "move"]  # noqa: E731
            wait_for(lambda: len(heard()) == 3, 10)

            streams.stop()  # a deploy: both streams cut; moves go on meanwhile
            watching.join(10)
            inbox.join(10)
            game = play_out(http, game, tokens, moves=3)
            streams = LiveServer([*common, "--role", "streams"], env=env)
            resumed = Follower(
                streams.base_url + path, {"Last-Event-ID": watching.events[-1][0]}, "game_over"
            )
            inbox_resumed = Follower(
                streams.base_url + "/v1/players/me/events",
                {**bearer(ana["key"]), "Last-Event-ID": inbox.events[-1][0]},
                until="game_over",
            )
            for follower in (resumed, inbox_resumed):
                follower.start()
                assert follower.opened.wait(10)
            final = play_out(http, game, tokens)
            resumed.join(30)
            inbox_resumed.join(30)

            # The game's stream: every version, in order, to its end (a
            # commit's events share its version; a seat's presence, said as
            # it changes, has none), and no event twice.
            told = [(i, n) for i, n, _ in watching.events + resumed.events if i is not None]
            versions = [int(i) for i, _ in told]
            assert versions == sorted(versions) and len(set(told)) == len(told)
            assert set(versions) == set(range(versions[0], final["version"] + 1))
            assert resumed.events[-1][1] == "game_over"
            # Ana's own: once each, in order, as one reading from the start hears it.
            ids = [i for i, _, _ in inbox.events + inbox_resumed.events]
            whole = Follower(
                streams.base_url + "/v1/players/me/events",
                {**bearer(ana["key"]), "Last-Event-ID": inbox.events[0][0]},
                until="game_over",
            )
            whole.start()
            whole.join(30)
            assert ids[1:] == [i for i, _, _ in whole.events]
            assert len(set(ids)) == len(ids)
            turns = [data for _, name, data in whole.events if name == "your_turn"]
            assert turns and all(turn["game_id"] == game["id"] for turn in turns)
    finally:
        api.stop(quickly=True)
        streams.stop(quickly=True)
