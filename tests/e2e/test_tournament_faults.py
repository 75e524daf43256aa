"""An arena through `buttonup serve` (two workers, a Redis of its own) while
a worker is killed by SIGKILL and Redis restarts: its players, each
following their stream (resumed with Last-Event-ID), play every game they
are paired into; once they withdraw and their last games end, each game's
end is counted once, and the standings equal a replay of the finished
games under the documented scoring (tournaments.model.replayed); and on
the test Redis Cluster with a worker killed."""

import os
import random
import signal
import threading
import time

import httpx
import pytest

from buttonup.games.consequences import CATCH_UP_LEASE_MS, OVERDUE_AFTER_MS
from buttonup.games.player_streams import PLAYER_CATCH_UP_SECONDS
from buttonup.tournaments.model import GameResult, Standing, System, replayed
from buttonup.tournaments.running import IDLE_MS
from tests.conftest import LiveServer
from tests.e2e.test_cluster import cluster  # noqa: F401  (the module's cluster)
from tests.e2e.test_ratings import retried
from tests.e2e.test_seeks import LIMITS
from tests.e2e.test_time import wait_for, worker_pids
from tests.helpers.games import bearer
from tests.helpers.sse import sse_events

pytestmark = pytest.mark.e2e

BLITZ = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}
# What a fault may hold up, at worst, before the service has recovered: a
# game_start relayed by a process that died is relayed by its players'
# streams' catch-up; a game end's count it left, by the sweep once the mark
# is overdue (after the dead process's catch-up lease); a lost poke, by the
# tournament's idle look. Then the games the test waits for are played.
RECOVERY_SECONDS = PLAYER_CATCH_UP_SECONDS + (OVERDUE_AFTER_MS + CATCH_UP_LEASE_MS + IDLE_MS) / 1000
PLAYED_SECONDS = 60


class Player(threading.Thread):
    """A player of the arena: their stream followed and resumed through a
    worker's death or Redis's restart; in each game they are paired into,
    a move each, then whoever is to move resigns (the game counts)."""

    def __init__(self, base_url: str, player: dict) -> None:
        super().__init__(daemon=True)
        self.base_url = base_url
        self.player = player
        self.stopping = threading.Event()
        self.games: set[str] = set()
        self.playing: tuple[str, str] | None = None  # the game in play, and what it waits on
        self.refusals: list[int] = []  # answers to reading a game other than 200
        self.failure: BaseException | None = None  # what stopped the player, if anything

    def run(self) -> None:
        try:
            self.follow()
        except BaseException as error:  # told by the test, not lost with the thread
            self.failure = error
            raise

    def follow(self) -> None:
        last_id = None
        with httpx.Client(base_url=self.base_url, timeout=httpx.Timeout(10, read=2)) as http:
            while not self.stopping.is_set():
                headers = bearer(self.player["key"])
                if last_id is not None:
                    headers["Last-Event-ID"] = last_id
                try:
                    with http.stream("GET", "/v1/players/me/events", headers=headers) as answer:
                        if answer.status_code != 200:
                            time.sleep(0.1)
                            continue
                        for event in sse_events(answer.iter_lines()):
                            last_id = event.id or last_id
                            if event.name == "game_start":
                                self.play(event.data)
                            if event.name == "games":  # paired before the stream opened
                                for game in event.data:
                                    start = {"game_id": game["id"], "color": game["color"]}
                                    self.play({**start, "token": self.player["key"]})
                            if self.stopping.is_set():
                                return
                except (httpx.HTTPError, OSError):
                    time.sleep(0.05)  # read again from the last event heard

    def play(self, start: dict) -> None:
        game_id, color = start["game_id"], start["color"]
        if game_id in self.games:
            return
        self.games.add(game_id)
        seat = bearer(start["token"])
        self.playing = (game_id, "starting")
        # A game counts once each player made a move: resign only after a
        # move of one's own and a turn of the opponent's seen to pass.
        moved = their_turn_seen = False
        with httpx.Client(base_url=self.base_url, timeout=10) as http:
            while not self.stopping.is_set():  # the test over: not left to the next one
                answer = retried(lambda: http.get(f"/v1/games/{game_id}"))
                if answer.status_code != 200:  # a 429 or a 500 says so in the log: read again
                    self.refusals.append(answer.status_code)
                    time.sleep(0.05)
                    continue
                game = answer.json()
                if game["status"] != "playing":
                    self.playing = None
                    return
                if game["round"]["to_move"] != color:
                    self.playing = (game_id, "waiting for the opponent")
                    their_turn_seen = moved
                    time.sleep(0.02)
                    continue
                if their_turn_seen and (game["round"]["moves_played"] >= 2 or game["rounds"]):
                    retried(lambda: http.post(f"/v1/games/{game_id}/resign", headers=seat))
                else:
                    moved = True
                    move = {"position": random.choice(game["round"]["legal_moves"])}
                    retried(
                        lambda m=move: http.post(f"/v1/games/{game_id}/moves", json=m, headers=seat)
                    )


def all_games(http: httpx.Client, path: str) -> list[dict]:
    found, cursor = [], None
    while True:
        params = {"limit": 100, **({"cursor": cursor} if cursor else {})}
        page = retried(lambda p=params: http.get(f"{path}/games", params=p)).json()
        found += page["items"]
        cursor = page["next"]
        if cursor is None:
            return found[::-1]  # oldest first: each player's games in the order they played


def play_an_arena_through(server: LiveServer, faults: list) -> None:
    """Eight players in an arena, each fault in `faults` done once 8 more
    games have finished; then everyone withdraws, their last games end, and
    the standings are held to a replay of the finished games."""
    players: list[Player] = []
    try:
        with httpx.Client(base_url=server.base_url, timeout=10) as http:
            people = [http.post("/v1/players", json={"name": f"P{n}"}).json() for n in range(8)]
            arena = {"name": "Storm", "system": "arena", "clock": BLITZ, "minutes": 30}
            made = http.post("/v1/tournaments", json=arena, headers=bearer(people[0]["key"]))
            path = f"/v1/tournaments/{made.json()['id']}"
            for person in people:
                assert http.post(f"{path}/join", headers=bearer(person["key"])).status_code == 200
            players = [Player(server.base_url, person) for person in people]
            for player in players:
                player.start()
            assert http.post(f"{path}/start", headers=bearer(people[0]["key"])).status_code == 200

            def finished() -> int:
                return sum(game["status"] == "finished" for game in all_games(http, path))

            def waited(check, seconds: float) -> None:
                try:
                    wait_for(check, seconds)
                except AssertionError:
                    raise AssertionError(diagnosis(server, http, path, players)) from None

            def played_on(count: int, seconds: float) -> None:
                waited(lambda: finished() >= count, seconds)

            played_on(8, PLAYED_SECONDS)
            for done, fault in enumerate(faults, start=1):
                fault()
                played_on(8 * (done + 1), RECOVERY_SECONDS + PLAYED_SECONDS)
            for person in people:  # nobody paired again; their games in play go on
                retried(
                    lambda person=person: http.post(
                        f"{path}/withdraw", headers=bearer(person["key"])
                    )
                )
            waited(
                lambda: all(g["status"] == "finished" for g in all_games(http, path)),
                RECOVERY_SECONDS + PLAYED_SECONDS,
            )
            check_against_replay(http, path)
    finally:
        for player in players:
            player.stopping.set()
        for player in players:
            player.join(5)


def diagnosis(server: LiveServer, http: httpx.Client, path: str, players: list) -> tuple:
    """What a test that waited in vain says: each player's game in play and
    what it waits on, each game not finished (who is to move, with how
    many moves played), the players stopped or refused, the log's warnings."""
    names = {p.player["id"]: p.player["name"] for p in players}
    in_play = {p.player["name"]: (p.playing, p.is_alive()) for p in players}
    unfinished = []
    for game in all_games(http, path):
        if game["status"] != "finished":
            full = retried(lambda g=game: http.get(f"/v1/games/{g['id']}")).json()
            seats = {c: names.get(full["players"][c]["player_id"]) for c in ("red", "black")}
            turn = full.get("round") or {}
            unfinished.append(
                (game["id"], full["status"], seats, turn.get("to_move"), turn.get("moves_played"))
            )
    stopped = {p.player["name"]: repr(p.failure) for p in players if p.failure}
    refused = {p.player["name"]: p.refusals for p in players if p.refusals}
    problems = [
        line
        for line in server.log_text().splitlines()
        if '"level":"warning"' in line or '"level":"error"' in line
    ]
    return in_play, unfinished, stopped, refused, problems[-20:]


def check_against_replay(http: httpx.Client, path: str) -> None:
    games = all_games(http, path)
    counted = [game for game in games if game["end_reason"] != "aborted"]

    def standings() -> list[dict]:
        answer = retried(lambda: http.get(f"{path}/standings", params={"limit": 100}))
        return answer.json()["items"]

    wait_for(lambda: sum(item["games"] for item in standings()) == 2 * len(counted), 30)
    time.sleep(1)  # a count told twice would show now
    shown = {item["player"]["id"]: item for item in standings()}
    assert sum(item["games"] for item in shown.values()) == 2 * len(counted)
    joined = [
        Standing(item["player"]["id"], item["player"]["name"], item["player"]["rating"], 0)
        for item in shown.values()
    ]
    results = [
        GameResult(
            game["id"],
            game["red"]["id"],
            game["black"]["id"],
            game[game["winner"]]["id"] if game["end_reason"] != "aborted" else None,
        )
        for game in games
    ]
    replay = replayed(joined, results, System.ARENA)
    for player_id, item in shown.items():
        expected = replay[player_id]
        assert (item["score"], item["games"], item["wins"], item["losses"]) == (
            expected.score,
            expected.games,
            expected.wins,
            expected.losses,
        ), player_id
        assert (item["streak"], item["performance"]) == (expected.streak, expected.performance)


def test_a_killed_worker_and_a_restarted_redis_count_each_end_once(own_redis):
    server = LiveServer(
        ["--redis-url", own_redis.url, "--workers", "2"],
        env={**LIMITS, "BUTTONUP_SWEEP_INTERVAL": "0.5"},
    )

    def restart_redis() -> None:
        own_redis.stop()
        time.sleep(0.5)
        own_redis.start()

    try:
        play_an_arena_through(
            server, [lambda: os.kill(worker_pids(server)[0], signal.SIGKILL), restart_redis]
        )
    finally:
        server.stop(quickly=True)


def test_a_killed_worker_on_a_cluster_counts_each_end_once(cluster):  # noqa: F811
    """On the test Redis Cluster: the tournament's scripts on its one slot,
    its games on theirs, a worker killed mid-arena."""
    server = LiveServer(
        ["--redis-url", cluster.url, "--workers", "2"],
        env={**LIMITS, "BUTTONUP_SWEEP_INTERVAL": "0.5"},
    )
    try:
        play_an_arena_through(server, [lambda: os.kill(worker_pids(server)[0], signal.SIGKILL)])
    finally:
        server.stop(quickly=True)
