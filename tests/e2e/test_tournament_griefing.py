"""Tournaments tried as griefers would, through `buttonup serve` (two
workers, a Redis of its own): running tournaments by the dozen do not keep
a later one from being paired; a create at the edge of Redis's maxmemory
is made whole or refused whole; a ring of accounts cannot farm one of
them; a dodger and a black no-show are paused, their games counting for
nobody; a player is in one tournament game at a time; a thrower's losses
stop counting."""

import time

import httpx
import pytest
import redis

from buttonup.engine import Color
from buttonup.engine.notation import read_position
from buttonup.engine.solver import move_margins
from buttonup.tournaments.model import WIN_POINTS
from buttonup.tournaments.store import MAX_OPEN_PER_CREATOR, key
from tests.conftest import LiveServer
from tests.e2e.test_time import wait_for
from tests.e2e.test_tournaments import arena
from tests.helpers.games import bearer, new_player

pytestmark = pytest.mark.e2e

# More running tournaments than one process's pass looks after (50).
IDLE_ARENAS = 60


def test_sixty_idle_arenas_do_not_keep_a_later_one_from_pairing(own_redis):
    live = LiveServer(["--redis-url", own_redis.url, "--workers", "2"])
    try:
        with httpx.Client(base_url=live.base_url, timeout=10) as http:
            creators = [new_player(http, f"Idle {n}") for n in range(12)]
            for creator in creators:
                for _ in range(MAX_OPEN_PER_CREATOR):
                    made = http.post(
                        "/v1/tournaments", json=arena(minutes=720), headers=bearer(creator["key"])
                    )
                    path = f"/v1/tournaments/{made.json()['id']}"
                    assert http.post(f"{path}/start", headers=bearer(creator["key"])).is_success
            honest = http.post("/v1/tournaments", json=arena(), headers=bearer(creators[0]["key"]))
            assert honest.status_code == 429 or honest.json()["code"] == "too_many_tournaments"
            host = new_player(http, "Host")
            made = http.post("/v1/tournaments", json=arena(), headers=bearer(host["key"])).json()
            path = f"/v1/tournaments/{made['id']}"
            assert http.post(f"{path}/start", headers=bearer(host["key"])).is_success
            for name in ("Ana", "Bo"):
                player = new_player(http, name)
                assert http.post(f"{path}/join", headers=bearer(player["key"])).is_success
            waited = wait_for(lambda: len(http.get(f"{path}/games").json()["items"]) == 1, 10)
            assert waited < 3
    finally:
        live.stop(quickly=True)


def test_creates_at_the_edge_of_maxmemory_are_whole_or_refused_whole(own_redis):
    live = LiveServer(["--redis-url", own_redis.url, "--workers", "2"])
    store = redis.Redis(port=own_redis.port)
    try:
        with httpx.Client(base_url=live.base_url, timeout=10) as http:
            creators = [new_player(http, f"Edge {n}") for n in range(80)]
            store.config_set("maxmemory-policy", "noeviction")
            made, refused = [], []
            # Each creator's create tried with a little more room than Redis
            # has used: at some margins its first write fits, the next not.
            for margin, creator in enumerate(creators):
                used = store.info("memory")["used_memory"]
                store.config_set("maxmemory", used + 25 * margin)
                answer = http.post("/v1/tournaments", json=arena(), headers=bearer(creator["key"]))
                store.config_set("maxmemory", 0)
                if answer.status_code == 201:
                    made.append(answer.json()["id"])
                else:
                    assert (answer.status_code, answer.json()["code"]) == (503, "storage_full")
                    refused.append(creator)
            assert refused, "no create met a full store"
            # No record is left of a refused create, listed or not.
            records = {name.decode() for name in store.scan_iter(match=key("*", "t"))}
            assert records == {key(tournament_id, "t") for tournament_id in made}
            # And each refused creator has all five of their slots.
            for creator in refused[:10]:
                for _ in range(MAX_OPEN_PER_CREATOR):
                    answer = http.post(
                        "/v1/tournaments", json=arena(), headers=bearer(creator["key"])
                    )
                    assert answer.status_code == 201, answer.text
    finally:
        store.config_set("maxmemory", 0)
        store.close()
        live.stop()


class Arena:
    """An arena through the API: made by a host, joined by `players`, started."""

    def __init__(self, http: httpx.Client, names: list[str], **changes) -> None:
        self.http = http
        host = new_player(http, "Host")
        made = http.post("/v1/tournaments", json=arena(**changes), headers=bearer(host["key"]))
        assert made.status_code == 201, made.text
        self.path = f"/v1/tournaments/{made.json()['id']}"
        self.players = {name: new_player(http, name) for name in names}
        self.keys = {player["id"]: player["key"] for player in self.players.values()}
        for player in self.players.values():
            assert self.join(player).status_code == 200
        assert http.post(f"{self.path}/start", headers=bearer(host["key"])).status_code == 200

    def join(self, player: dict) -> httpx.Response:
        return self.http.post(f"{self.path}/join", headers=bearer(player["key"]))

    def games(self) -> list[dict]:
        return self.http.get(f"{self.path}/games", params={"limit": 100}).json()["items"]

    def in_play(self) -> list[dict]:
        """Its games in play, each whole (the list's items are summaries)."""
        playing = [game["id"] for game in self.games() if game["status"] == "playing"]
        return [self.http.get(f"/v1/games/{game_id}").json() for game_id in playing]

    def standing(self, player: dict) -> dict:
        items = self.http.get(f"{self.path}/standings", params={"limit": 100}).json()["items"]
        return next(item for item in items if item["player"]["id"] == player["id"])

    def seat_of(self, game: dict, color: str) -> str:
        return self.keys[game["players"][color]["player_id"]]

    def play_out(self, game: dict) -> None:
        """A move each (the game counts), then whoever is to move resigns."""
        moved: set[str] = set()
        while game["status"] == "playing" and moved != {"red", "black"}:
            moved.add(game["round"]["to_move"])
            game = self.move(game["id"])
        if game["status"] == "playing":
            loser = self.seat_of(game, game["round"]["to_move"])
            self.http.post(f"/v1/games/{game['id']}/resign", headers=bearer(loser))

    def move(self, game_id: str) -> dict:
        """The player to move plays a legal move: the game after it."""
        game = self.http.get(f"/v1/games/{game_id}").json()
        key = self.seat_of(game, game["round"]["to_move"])
        move = {"position": game["round"]["legal_moves"][0]}
        moved = self.http.post(f"/v1/games/{game_id}/moves", json=move, headers=bearer(key))
        assert moved.status_code == 201, moved.text
        return moved.json()["game"]


def test_a_ring_of_three_alone_in_an_arena_cannot_farm_one_of_them(own_redis):
    """Two accounts lose to a third as fast as they can, each game played
    (a move each) so that it counts: each pair meets once in five minutes,
    so the third earns two wins, not dozens."""
    live = LiveServer(["--redis-url", own_redis.url, "--workers", "2"])
    try:
        with httpx.Client(base_url=live.base_url, timeout=10) as http:
            ring = Arena(http, ["Target", "Feeder 1", "Feeder 2"])
            target = ring.players["Target"]
            until = time.monotonic() + 10
            while time.monotonic() < until:
                for game in ring.in_play():
                    moved: set[str] = set()
                    while game["status"] == "playing" and moved != {"red", "black"}:
                        moved.add(game["round"]["to_move"])  # a move each: it counts
                        game = ring.move(game["id"])
                    if game["status"] == "playing":
                        feeder = next(
                            color
                            for color in ("red", "black")
                            if game["players"][color]["player_id"] != target["id"]
                        )
                        http.post(
                            f"/v1/games/{game['id']}/resign",
                            headers=bearer(ring.seat_of(game, feeder)),
                        )
                time.sleep(0.05)
            standing = ring.standing(target)
            assert len(ring.games()) <= 3, ring.games()  # each pair once
            assert standing["score"] <= 2 * WIN_POINTS, standing
    finally:
        live.stop(quickly=True)


def test_a_dodger_who_calls_games_off_is_paused_longer_each_time(own_redis):
    live = LiveServer(["--redis-url", own_redis.url, "--workers", "2"])
    try:
        with httpx.Client(base_url=live.base_url, timeout=10) as http:
            field = Arena(http, ["Dodger", "Ana", "Bo", "Cy"])
            dodger = field.players["Dodger"]

            def dodgers_game() -> dict | None:
                """The dodger's game in play; the others' played out meanwhile."""
                for game in field.in_play():
                    if dodger["id"] in str(game["players"]):
                        return game
                    field.play_out(game)
                return None

            for nth in (1, 2):
                wait_for(lambda: dodgers_game() is not None, 10)
                game = dodgers_game()
                assert game is not None
                called_off = http.post(
                    f"/v1/games/{game['id']}/abort", headers=bearer(dodger["key"])
                )
                assert called_off.status_code == 200, called_off.text
                wait_for(lambda: field.standing(dodger)["withdrawn"], 5)  # paused
                assert field.standing(dodger)["games"] == 0
                rejoined = field.join(dodger)
                if nth == 1:
                    assert rejoined.status_code == 200  # the first costs that pause alone
                else:
                    assert (rejoined.status_code, rejoined.json()["code"]) == (
                        409,
                        "tournament_paused",
                    )
                    assert 1 <= int(rejoined.headers["Retry-After"]) <= 60
            assert field.standing(dodger)["withdrawn"]
    finally:
        live.stop(quickly=True)


def test_a_black_player_who_never_moves_is_paused_and_the_game_counts_for_nobody(own_redis):
    live = LiveServer(
        ["--redis-url", own_redis.url, "--workers", "2"], env={"BUTTONUP_SWEEP_INTERVAL": "0.2"}
    )
    try:
        with httpx.Client(base_url=live.base_url, timeout=10) as http:
            quick = {"type": "per_move", "seconds": 5}
            field = Arena(http, ["Red", "Absent"], clock=quick)
            wait_for(lambda: len(field.in_play()) == 1, 5)
            [game] = field.in_play()
            while game["status"] == "playing" and game["round"]["to_move"] == "red":
                game = field.move(game["id"])
            black_id = game["players"]["black"]["player_id"]
            absent = next(p for p in field.players.values() if p["id"] == black_id)
            red = next(p for p in field.players.values() if p["id"] != black_id)
            wait_for(lambda: field.standing(absent)["withdrawn"], 15)
            assert http.get(f"/v1/games/{game['id']}").json()["end_reason"] == "timeout"
            assert (field.standing(red)["games"], field.standing(red)["score"]) == (0, 0)
            assert field.standing(absent)["games"] == 0
            assert not field.standing(red)["withdrawn"]
    finally:
        live.stop(quickly=True)


def test_a_player_in_two_arenas_plays_one_game_at_a_time(own_redis):
    live = LiveServer(["--redis-url", own_redis.url, "--workers", "2"])
    try:
        with httpx.Client(base_url=live.base_url, timeout=10) as http:
            first = Arena(http, ["Both", "One"])
            both = first.players["Both"]
            wait_for(lambda: len(first.in_play()) == 1, 5)
            second = Arena(http, ["Two", "Three"])
            wait_for(lambda: len(second.in_play()) == 1, 5)  # Two and Three
            four = new_player(http, "Four")
            for player in (both, four):  # both free there: they could meet
                second.keys[player["id"]] = player["key"]
                assert second.join(player).status_code == 200
            time.sleep(1.5)  # passes go by: Both is playing in the first
            assert len(second.games()) == 1
            first.play_out(first.in_play()[0])
            wait_for(lambda: len(second.in_play()) == 2, 5)  # now Both meets Four
            assert {both["id"], four["id"]} <= set(str(second.in_play()).split("'"))
    finally:
        live.stop(quickly=True)


def test_a_thrower_bot_losing_on_purpose_stops_scoring_for_its_opponents(own_redis):
    """A bot that plays the worst move each time meets eight of eleven others
    in turn, who play the best: within a few losses its losses count for
    nobody."""
    live = LiveServer(["--redis-url", own_redis.url, "--workers", "2"])
    try:
        with httpx.Client(base_url=live.base_url, timeout=10) as http:
            names = ["Thrower", *(f"Honest {n}" for n in range(11))]
            field = Arena(http, names, minutes=600)
            thrower = field.players["Thrower"]
            lost = 0
            until = time.monotonic() + 120
            while lost < 8 and time.monotonic() < until:
                for game in field.in_play():
                    if thrower["id"] not in str(game["players"]):
                        field.play_out(game)
                        continue
                    while game["status"] == "playing":
                        to_move = game["round"]["to_move"]
                        margins = move_margins(
                            read_position(game["round"]["position"]).circle, Color(to_move)
                        )
                        throwing = game["players"][to_move]["player_id"] == thrower["id"]
                        pick = (min if throwing else max)(margins, key=margins.get)
                        key = field.seat_of(game, to_move)
                        moved = http.post(
                            f"/v1/games/{game['id']}/moves",
                            json={"position": pick},
                            headers=bearer(key),
                        )
                        assert moved.status_code == 201, moved.text
                        game = moved.json()["game"]
                    assert game["players"][game["winner"]]["player_id"] != thrower["id"]
                    lost += 1
                time.sleep(0.05)
            assert lost == 8
            wait_for(lambda: field.standing(thrower)["games"] > 0, 5)
            time.sleep(0.5)  # the last count
            counted = field.standing(thrower)["losses"]
            assert 1 <= counted < lost, counted  # its later losses gave nobody anything
    finally:
        live.stop(quickly=True)
