"""Tournaments through `buttonup serve` (two workers, the suite's Redis): an
arena made, joined and started; its players paired within seconds by
whichever worker pairs, each told on their own stream with the tournament's
id and their seat's token; a game played to its end counted in the
standings (and listed among its games), its players paired again; a
par-scored Swiss's pairing played twice, seats swapped, on the same deals;
and each refusal a problem with its stable code."""

import random
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest

from buttonup.engine.notation import read_position, write_position
from buttonup.engine.solver import best_moves, move_margins
from buttonup.engine.symmetry import position_forms
from buttonup.redis_server import RedisServer
from buttonup.tournaments.model import (
    BERSERK_MIN_MOVES,
    WIN_POINTS,
    GameResult,
    Standing,
    System,
    bye_result,
    replayed,
)
from tests.conftest import LiveServer
from tests.e2e.test_seeks import LIMITS, Listener
from tests.e2e.test_time import wait_for
from tests.helpers.games import a_move_each, bearer, new_player
from tests.helpers.sse import sse_events

pytestmark = pytest.mark.e2e

BLITZ = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}
PLAIN = {"Content-Type": "text/plain"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """On a Redis of its own: any deployment's process on a Redis pairs its
    running tournaments, and the suite's other servers seal seats with
    secrets of their own."""
    redis_server = RedisServer(tmp_path_factory.mktemp("tournaments-redis"), persistent=False)
    redis_server.start()
    server = LiveServer(["--redis-url", redis_server.url, "--workers", "2"], env=LIMITS)
    yield server
    server.stop(quickly=True)
    redis_server.stop()


def arena(**changes) -> dict:
    return {"name": "Friday arena", "system": "arena", "clock": BLITZ, "minutes": 30, **changes}


def test_an_arena_pairs_its_players_counts_each_game_and_pairs_them_again(server):
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
        made = http.post("/v1/tournaments", json=arena(), headers=bearer(ana["key"]))
        assert made.status_code == 201, made.text
        tournament = made.json()
        assert tournament["status"] == "upcoming" and tournament["created_by"] == ana["id"]
        assert (tournament["category"], tournament["players"]) == ("blitz", 0)
        path = f"/v1/tournaments/{tournament['id']}"
        streams = [Listener(server.base_url, p["key"]).start_open() for p in (ana, bo)]
        try:
            for player in (ana, bo):
                joined = http.post(f"{path}/join", headers=bearer(player["key"]))
                assert joined.status_code == 200 and joined.json()["status"] == "upcoming"
            assert http.get(path).json()["players"] == 2
            started = http.post(f"{path}/start", headers=bearer(ana["key"]))
            assert started.status_code == 200 and started.json()["status"] == "running"
            listed = http.get("/v1/tournaments", params={"status": "running"}).json()
            assert tournament["id"] in {item["id"] for item in listed["items"]}

            paired_at = time.monotonic()
            first = [stream.game_start(10) for stream in streams]
            assert time.monotonic() - paired_at < 5, "paired within seconds"
            game_id = first[0]["game_id"]
            assert {start["game_id"] for start in first} == {game_id}
            assert {start["tournament_id"] for start in first} == {tournament["id"]}
            game = http.get(f"/v1/games/{game_id}").json()
            assert game["tournament_id"] == tournament["id"] and game["status"] == "playing"
            assert game["round"]["starting_player"] == "red"
            tokens = {start["color"]: start["token"] for start in first}
            # A move each (a game counts once played), then red resigns: black wins.
            moved: set[str] = set()
            while moved != {"red", "black"}:
                mover = game["round"]["to_move"]
                moved.add(mover)
                legal = {"position": game["round"]["legal_moves"][0]}
                made_move = http.post(
                    f"/v1/games/{game_id}/moves", json=legal, headers=bearer(tokens[mover])
                )
                assert made_move.status_code == 201, made_move.text
                game = made_move.json()["game"]
            red = bearer(tokens["red"])
            assert http.post(f"/v1/games/{game_id}/resign", headers=red).status_code == 200

            def counted() -> list[dict]:
                return http.get(f"{path}/standings").json()["items"]

            wait_for(lambda: sum(item["games"] for item in counted()) == 2, 10)
            leader, second = counted()
            winner = game["players"]["black"]["player_id"]
            assert (leader["rank"], leader["player"]["id"], leader["score"]) == (1, winner, 2)
            assert (leader["wins"], leader["streak"], leader["losses"]) == (1, 1, 0)
            assert (second["rank"], second["score"], second["losses"]) == (2, 0, 1)
            assert leader["performance"] > second["performance"]
            games = http.get(f"{path}/games").json()["items"]
            assert [item["id"] for item in games] == [game_id]
            assert games[0]["winner"] == "black" and games[0]["end_reason"] == "resignation"
            record = http.get(f"{path}/record")
            assert record.status_code == 200 and record.headers["content-type"].startswith(
                "text/plain"
            )
            assert record.text == http.get(f"/v1/games/{game_id}/record").text + "\n"
            assert '[Result "black"]' in record.text
            missing = http.get("/v1/tournaments/nope/record")
            assert missing.status_code == 404 and missing.json()["code"] == "tournament_not_found"

            # They met just now: not again at once, and nobody else waits.
            time.sleep(2.5)
            assert len(http.get(f"{path}/games").json()["items"]) == 1
        finally:
            for stream in streams:
                stream.close()


@contextmanager
def two_players_in(base_url: str, http: httpx.Client, body: dict) -> Iterator[tuple[str, list]]:
    """Ana makes a tournament of `body`; she and Bo join it, each with their
    stream open, and she starts it: its path, and their streams (Ana's first)."""
    ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
    made = http.post("/v1/tournaments", json=body, headers=bearer(ana["key"]))
    assert made.status_code == 201, made.text
    path = f"/v1/tournaments/{made.json()['id']}"
    streams = [Listener(base_url, player["key"]).start_open() for player in (ana, bo)]
    try:
        for player in (ana, bo):
            assert http.post(f"{path}/join", headers=bearer(player["key"])).status_code == 200
        assert http.post(f"{path}/start", headers=bearer(ana["key"])).status_code == 200
        yield path, streams
    finally:
        for stream in streams:
            stream.close()


def test_a_win_played_berserk_in_an_arena_scores_one_more(server):
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        with two_players_in(server.base_url, http, arena()) as (path, streams):
            starts = [stream.game_start(10) for stream in streams]
        game_id = starts[0]["game_id"]
        seats = {start["color"]: bearer(start["token"]) for start in starts}
        game = http.get(f"/v1/games/{game_id}").json()
        assert game["clock"]["berserk_open"] == ["red", "black"]
        gone = http.post(f"/v1/games/{game_id}/berserk", headers=seats["red"])
        assert gone.status_code == 200, gone.text
        clock = gone.json()["clock"]
        assert clock["berserk"] == ["red"] and clock["berserk_open"] == ["black"]
        assert 80_000 < clock["remaining_ms"]["red"] <= 90_000  # half of 180 s off
        again = http.post(f"/v1/games/{game_id}/berserk", headers=seats["red"])
        assert (again.status_code, again.json()["code"]) == (409, "berserk_not_allowed")

        red_moves = 0
        game = gone.json()
        while game["status"] == "playing":
            to_move = game["round"]["to_move"]
            if to_move == "black" and red_moves >= BERSERK_MIN_MOVES:
                game = http.post(f"/v1/games/{game_id}/resign", headers=seats["black"]).json()
                break
            position = {"position": game["round"]["legal_moves"][0]}
            moved = http.post(f"/v1/games/{game_id}/moves", json=position, headers=seats[to_move])
            assert moved.status_code == 201, moved.text
            red_moves += to_move == "red"
            game = moved.json()["game"]
        assert game["clock"]["increment_seconds"] == 2
        red_id = game["players"]["red"]["player_id"]
        red_won = game["winner"] == "red"
        bonus = red_won and red_moves >= BERSERK_MIN_MOVES
        expected = (WIN_POINTS + bonus) if red_won else 0

        def red_standing() -> dict:
            items = http.get(f"{path}/standings").json()["items"]
            return next(item for item in items if item["player"]["id"] == red_id)

        wait_for(lambda: red_standing()["games"] == 1, 10)
        assert (red_standing()["score"], red_standing()["berserks"]) == (expected, 1)


def perfect_move(game: dict) -> int:
    position = read_position(game["round"]["position"])
    return best_moves(move_margins(position.circle, position.to_move))[0]


def play_perfectly(
    http: httpx.Client, game_id: str, tokens: dict[str, str], seen: list[str] | None = None
) -> dict:
    """The game played to its end by perfect moves; `seen` gets each
    position it stood at."""
    game = http.get(f"/v1/games/{game_id}").json()
    while game["status"] == "playing":
        if seen is not None:
            seen.append(game["round"]["position"])
        mover = bearer(tokens[game["round"]["to_move"]])
        moved = http.post(
            f"/v1/games/{game_id}/moves", json={"position": perfect_move(game)}, headers=mover
        )
        assert moved.status_code == 201, moved.text
        game = http.get(f"/v1/games/{game_id}").json()
    return game


def test_a_par_swiss_pairing_plays_twice_seats_swapped_and_perfect_play_scores_zero(server):
    swiss = {"name": "Par", "system": "swiss", "scoring": "par", "clock": BLITZ, "rounds": 1}
    with (
        httpx.Client(base_url=server.base_url, timeout=10) as http,
        two_players_in(server.base_url, http, swiss) as (path, streams),
    ):
        assert http.get(path).json()["scoring"] == "par"
        played, openings, records = [], [], []
        for nth in (1, 2):  # seats as paired, then swapped
            starts = [stream.game_start(10, nth) for stream in streams]
            game_id = starts[0]["game_id"]
            tokens = {start["color"]: start["token"] for start in starts}
            analysis = http.get(f"/v1/games/{game_id}/analysis")
            assert analysis.json()["code"] == "hints_disabled", "no perfect play handed out"
            game = http.get(f"/v1/games/{game_id}").json()
            assert "seed" not in game
            openings.append({"position": game["round"]["position"]})
            reached: list[str] = []
            played.append(play_perfectly(http, game_id, tokens, reached))
            records.append(http.get(f"/v1/games/{game_id}/record").text)
            if nth == 2:  # the tournament ends with it (its seal let go: below)
                continue
            # Each position its games reached, kept too (a form of a few).
            for position in reached[1:4]:
                form = position_forms(read_position(position))[11]
                kept = http.post(
                    "/v1/analysis", json={"position": write_position(form.state(None))}
                )
                assert (kept.status_code, kept.json()["code"]) == (403, "position_in_play")
            # Over, yet its deals and its review kept from analysis while the
            # tournament runs: in every form, and through an imported record.
            for form in position_forms(read_position(openings[0]["position"])):
                sealed = http.post(
                    "/v1/analysis", json={"position": write_position(form.state(None))}
                )
                assert (sealed.status_code, sealed.json()["code"]) == (403, "position_in_play")
            review = http.get(f"/v1/games/{game_id}/analysis")
            assert (review.status_code, review.json()["code"]) == (403, "hints_disabled")
            record = http.get(f"/v1/games/{game_id}/record").text
            imported = http.post("/v1/games/import", content=record, headers=PLAIN)
            assert (imported.status_code, imported.json()["code"]) == (403, "position_in_play")
        first, second = played
        assert first["players"]["red"]["player_id"] == second["players"]["black"]["player_id"]
        assert first["players"]["black"]["player_id"] == second["players"]["red"]["player_id"]
        assert first["rounds"][0]["initial_circle"] == second["rounds"][0]["initial_circle"]

        wait_for(lambda: http.get(path).json()["status"] == "finished", 10)
        items = http.get(f"{path}/standings").json()["items"]
        assert [(item["score"], item["games"]) for item in items] == [(0, 2), (0, 2)]
        assert len(http.get(f"{path}/games").json()["items"]) == 2
        assert http.post("/v1/analysis", json=openings[0]).status_code == 200  # over: open
        assert http.post("/v1/analysis", json={"position": reached[2]}).status_code == 200
        for record in records:
            imported = http.post("/v1/games/import", content=record, headers=PLAIN)
            assert imported.status_code == 201
            assert http.get(f"/v1/games/{imported.json()['id']}/analysis").status_code == 200


def test_each_refusal_is_a_problem_with_its_code(server):
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
        key = bearer(ana["key"])
        assert http.post("/v1/tournaments", json=arena()).status_code == 401
        swiss = {"system": "swiss", "rounds": 3}
        wrong = {  # each 422 names its field in `errors`, as docs/api.md says every 422 does
            "rounds": arena(rounds=3),
            "scoring": arena(scoring="par"),
            "minutes": arena(minutes=5),
            "clock": arena(clock=None),
            "system": arena(system="knockout"),
        }
        cross = {  # fields that do not go together
            "minutes": {**arena(), **swiss},
            "rounds": {**arena(), "system": "swiss"},
        }
        for what, body in [*wrong.items(), *cross.items()]:
            refused = http.post("/v1/tournaments", json=body, headers=key)
            assert refused.status_code == 422, what
            assert refused.json()["code"] == "validation_error", what
            assert what in refused.json()["errors"], (what, refused.json())
        no_minutes = {k: v for k, v in arena().items() if k != "minutes"}
        refused = http.post("/v1/tournaments", json=no_minutes, headers=key)
        assert refused.status_code == 422 and "minutes" in refused.json()["errors"]
        assert http.get("/v1/tournaments/nope").json()["code"] == "tournament_not_found"
        strong = http.post(
            "/v1/tournaments", json=arena(conditions={"min_rating": 2000}), headers=key
        ).json()
        refused = http.post(f"/v1/tournaments/{strong['id']}/join", headers=bearer(bo["key"]))
        assert refused.status_code == 403 and refused.json()["code"] == "conditions_not_met"
        assert "2000 at least" in refused.json()["detail"]
        not_mine = http.post(f"/v1/tournaments/{strong['id']}/start", headers=bearer(bo["key"]))
        assert not_mine.status_code == 403 and not_mine.json()["code"] == "not_tournament_creator"
        for _ in range(4):
            assert http.post("/v1/tournaments", json=arena(), headers=key).status_code == 201
        over = http.post("/v1/tournaments", json=arena(), headers=key)
        assert over.status_code == 409 and over.json()["code"] == "too_many_tournaments"
        cursor = http.get("/v1/tournaments", params={"cursor": "nonsense"})
        assert cursor.status_code == 422


def test_a_create_sent_again_with_its_key_makes_one_tournament(server):
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        ana = new_player(http, "Ana")
        headers = {**bearer(ana["key"]), "Idempotency-Key": "tournament-create-0001"}
        first = http.post("/v1/tournaments", json=arena(), headers=headers)
        again = http.post("/v1/tournaments", json=arena(), headers=headers)
        assert first.status_code == again.status_code == 201
        assert first.json()["id"] == again.json()["id"]
        other = http.post("/v1/tournaments", json=arena(name="Other"), headers=headers)
        assert other.status_code == 422 and other.json()["code"] == "idempotency_key_reused"


class TournamentStream(threading.Thread):
    """A tournament's event stream, read until closed: (name, id, data)."""

    def __init__(self, base_url: str, path: str, last_event_id: str | None = None) -> None:
        super().__init__(daemon=True)
        self._client = httpx.Client(base_url=base_url, timeout=30)
        self._path = path
        self._headers = {"Last-Event-ID": last_event_id} if last_event_id else {}
        self.events: list[tuple[str, str | None, dict]] = []

    def run(self) -> None:
        try:
            with self._client.stream("GET", f"{self._path}/events", headers=self._headers) as got:
                assert got.status_code == 200
                for event in sse_events(got.iter_lines()):
                    self.events.append((event.name, event.id, event.data))
        except (httpx.HTTPError, OSError, RuntimeError):
            return

    def names(self) -> list[str]:
        return [name for name, _, _ in self.events]

    def close(self) -> None:
        self._client.close()


def test_a_tournaments_events_tell_its_pairings_results_and_leaders_and_resume(server):
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
        keys = {ana["id"]: ana["key"], bo["id"]: bo["key"]}
        tournament = http.post("/v1/tournaments", json=arena(), headers=bearer(ana["key"])).json()
        path = f"/v1/tournaments/{tournament['id']}"
        stream = TournamentStream(server.base_url, path)
        stream.start()
        wait_for(lambda: stream.names()[:1] == ["tournament"], 5)
        assert stream.events[0][2]["status"] == "upcoming" and stream.events[0][2]["players"] == 0
        for player in (ana, bo):
            http.post(f"{path}/join", headers=bearer(player["key"]))
        wait_for(lambda: stream.names().count("players") == 2, 5)
        assert [data for name, _, data in stream.events if name == "players"] == [
            {"players": 1},
            {"players": 2},
        ]
        http.post(f"{path}/start", headers=bearer(ana["key"]))
        wait_for(lambda: "pairing" in stream.names(), 10)
        pairing = next(data for name, _, data in stream.events if name == "pairing")
        assert {pairing["red"], pairing["black"]} == set(keys) and pairing["round"] is None
        a_move_each(http, pairing["game_id"], keys)
        http.post(f"/v1/games/{pairing['game_id']}/resign", headers=bearer(keys[pairing["red"]]))
        wait_for(lambda: "standings" in stream.names(), 10)
        stream.close()
        names = stream.names()
        assert names[:4] == ["tournament", "players", "players", "tournament"]  # then running
        assert names.index("pairing") < names.index("result") < names.index("standings")
        result = next(data for name, _, data in stream.events if name == "result")
        assert result == {
            "game_id": pairing["game_id"],
            "winner": pairing["black"],
            "points": {pairing["black"]: 2, pairing["red"]: 0},
        }
        standings = next(data for name, _, data in stream.events if name == "standings")
        assert standings["top"] == [pairing["black"], pairing["red"]]

        # Resumed after the pairing: a snapshot, then what came since, once.
        pairing_id = next(event_id for name, event_id, _ in stream.events if name == "pairing")
        resumed = TournamentStream(server.base_url, path, last_event_id=pairing_id)
        resumed.start()
        wait_for(lambda: "standings" in resumed.names(), 10)
        resumed.close()
        assert resumed.names()[:3] == ["tournament", "result", "standings"]
        refused = http.get(f"{path}/events", headers={"Last-Event-ID": "nonsense"})
        assert refused.status_code == 422 and refused.json()["code"] == "validation_error"
        missing = http.get("/v1/tournaments/nope/events")
        assert missing.status_code == 404 and missing.json()["code"] == "tournament_not_found"


def test_joining_and_withdrawing_are_metered_per_key(own_redis):
    """One key's withdraw-and-join cycles are refused past the meter (429,
    Retry-After); the address is metered too: another key from it waits."""
    limited = LiveServer(
        ["--redis-url", own_redis.url], env={"BUTTONUP_JOINS_RATE_LIMIT": "6/minute"}
    )
    try:
        with httpx.Client(base_url=limited.base_url, timeout=10) as http:
            ana, bo, cy = (new_player(http, name) for name in ("Ana", "Bo", "Cy"))
            made = http.post("/v1/tournaments", json=arena(), headers=bearer(ana["key"]))
            path = f"/v1/tournaments/{made.json()['id']}"
            answers = [
                http.post(f"{path}/{('join', 'withdraw')[n % 2]}", headers=bearer(bo["key"]))
                for n in range(8)
            ]
            assert [answer.status_code for answer in answers[:6]] == [200] * 6
            refused = answers[6]
            assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
            assert int(refused.headers["Retry-After"]) >= 1
            other = http.post(f"{path}/join", headers=bearer(cy["key"]))
            assert other.status_code == 429, "the address's count is full too"
    finally:
        limited.stop(quickly=True)


def test_a_swiss_bye_is_told_as_a_bye_with_no_game(server):
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        players = [new_player(http, name) for name in ("Ana", "Bo", "Cy")]
        swiss = {"name": "Odd", "system": "swiss", "clock": BLITZ, "rounds": 1}
        made = http.post("/v1/tournaments", json=swiss, headers=bearer(players[0]["key"])).json()
        path = f"/v1/tournaments/{made['id']}"
        stream = TournamentStream(server.base_url, path)
        stream.start()
        wait_for(lambda: stream.names()[:1] == ["tournament"], 5)
        for player in players:
            http.post(f"{path}/join", headers=bearer(player["key"]))
        http.post(f"{path}/start", headers=bearer(players[0]["key"]))
        wait_for(lambda: "bye" in stream.names(), 10)
        stream.close()
        [pairing] = [data for name, _, data in stream.events if name == "pairing"]
        [bye] = [data for name, _, data in stream.events if name == "bye"]
        (sat_out,) = {player["id"] for player in players} - {pairing["red"], pairing["black"]}
        assert bye == {"round": 1, "player_id": sat_out, "points": {sat_out: 1}}
        games = [game["id"] for game in http.get(f"{path}/games").json()["items"]]
        assert games == [pairing["game_id"]]  # a result names games alone
        assert all(data["game_id"] in games for name, _, data in stream.events if name == "result")


def can_all_meet_someone_new(players: list[str], met: set[frozenset[str]]) -> bool:
    """Whether `players` pair off, each with someone they have not met."""
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        frozenset((first, other)) not in met
        and can_all_meet_someone_new([p for p in rest if p != other], met)
        for other in rest
    )


def play_a_few_moves_then_resign(http: httpx.Client, game_id: str, keys: dict[str, str]) -> None:
    moves = random.choice((6, 7))  # then whoever is to move resigns: either may win
    path = f"/v1/games/{game_id}"
    found = http.get(path)
    assert found.status_code == 200, found.text  # a pairing is told once its game is made
    game = found.json()
    while game["status"] == "playing":
        mover = keys[game["players"][game["round"]["to_move"]]["player_id"]]
        if game["round"]["moves_played"] >= moves or game["rounds"]:
            http.post(f"/v1/games/{game_id}/resign", headers=bearer(mover))
            return
        move = {"position": random.choice(game["round"]["legal_moves"])}
        moved = http.post(f"/v1/games/{game_id}/moves", json=move, headers=bearer(mover))
        game = (
            moved.json()["game"]
            if moved.status_code == 201
            else http.get(f"/v1/games/{game_id}").json()
        )


def test_each_swiss_bye_goes_to_the_lowest_placed_of_the_fewest_byes_unless_a_rematch(server):
    """Seven players, five rounds: each round's bye, held to the standings
    replayed from the stream's results as they stood when it was paired."""
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        players = [new_player(http, f"S{n}") for n in range(7)]
        keys = {player["id"]: player["key"] for player in players}
        swiss = {"name": "Seven", "system": "swiss", "clock": BLITZ, "rounds": 5}
        made = http.post("/v1/tournaments", json=swiss, headers=bearer(players[0]["key"])).json()
        path = f"/v1/tournaments/{made['id']}"
        stream = TournamentStream(server.base_url, path)
        stream.start()
        wait_for(lambda: stream.names()[:1] == ["tournament"], 5)
        for player in players:
            joined = http.post(f"{path}/join", headers=bearer(player["key"]))
            assert joined.status_code == 200, joined.text
        started = http.post(f"{path}/start", headers=bearer(players[0]["key"]))
        assert started.status_code == 200, started.text
        played: set[str] = set()
        deadline = time.monotonic() + 120
        while "finished" not in stream.names():
            seen = Counter(stream.names())
            assert time.monotonic() < deadline, (seen, http.get(path).json())
            for name, _, data in list(stream.events):
                if name == "pairing" and data["game_id"] not in played:
                    played.add(data["game_id"])
                    play_a_few_moves_then_resign(http, data["game_id"], keys)
            time.sleep(0.05)
        stream.close()

    joined = [Standing(player["id"], "", 1500, 0) for player in players]
    rounds: dict[int, list[GameResult]] = {}
    games = {data["game_id"]: data for name, _, data in stream.events if name == "pairing"}
    for name, _, data in stream.events:
        if name == "result":
            pairing = games[data["game_id"]]
            result = GameResult(data["game_id"], pairing["red"], pairing["black"], data["winner"])
            rounds.setdefault(pairing["round"], []).append(result)
        elif name == "bye":
            rounds.setdefault(data["round"], []).append(
                bye_result(data["round"], data["player_id"])
            )
    assert sorted(rounds) == [1, 2, 3, 4, 5]
    before: list[GameResult] = []
    for number in sorted(rounds):
        standings = replayed(joined, before, System.SWISS)
        met = {frozenset((r.first, r.second)) for r in before if not r.bye}
        [bye] = [result.first for result in rounds[number] if result.bye]
        fewest = min(standing.byes for standing in standings.values())
        lowest_first = sorted(
            (s for s in standings.values() if s.byes == fewest),
            key=lambda s: (s.rank_key(System.SWISS), s.player_id),
        )
        everyone = list(standings)
        leaving_games = [
            s.player_id
            for s in lowest_first
            if can_all_meet_someone_new([p for p in everyone if p != s.player_id], met)
        ]
        expected = leaving_games[0] if leaving_games else lowest_first[0].player_id
        assert bye == expected, (number, bye, [s.player_id for s in lowest_first])
        before += rounds[number]


def test_a_bot_joins_only_a_tournament_that_allows_bots_and_is_marked_in_its_standings(server):
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        maker, robo = new_player(http, "Org"), new_player(http, "Robo")
        assert http.post("/v1/players/me/bot", headers=bearer(robo["key"])).status_code == 200
        people = http.post("/v1/tournaments", json=arena(), headers=bearer(maker["key"])).json()
        assert people["bots"] is False
        refused = http.post(f"/v1/tournaments/{people['id']}/join", headers=bearer(robo["key"]))
        assert (refused.status_code, refused.json()["code"]) == (403, "bots_not_allowed")
        open_to_bots = http.post(
            "/v1/tournaments", json=arena(bots=True), headers=bearer(maker["key"])
        ).json()
        assert open_to_bots["bots"] is True
        tid = open_to_bots["id"]
        assert http.post(f"/v1/tournaments/{tid}/join", headers=bearer(robo["key"])).is_success
        assert http.post(f"/v1/tournaments/{tid}/join", headers=bearer(maker["key"])).is_success
        standings = http.get(f"/v1/tournaments/{tid}/standings").json()["items"]
        marks = {entry["player"]["id"]: entry["player"]["bot"] for entry in standings}
        assert marks == {robo["id"]: True, maker["id"]: False}
