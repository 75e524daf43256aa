"""Ratings earned by play and no perfect play during a game without hints,
through `buttonup serve`, tried as a farmer and a cheater would:

- a player who sits down to twenty rated games against twenty puppets is
  seated in one real-time game at a time and ten untimed ones, a puppet who
  resigns before any move rates nobody, and twenty won games leave the
  farmer where Glicko-2 puts twenty games played one after another:
  provisional and off the leaderboard;
- the same two players' rated games past the day's limit are played unrated;
- creating players is metered per address;
- the position a rated or no-hints game in play stands at is not analysed.
"""

from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from tests.conftest import LiveServer
from tests.glicko2_reference import START, glicko2
from tests.helpers.games import bearer, new_player, open_rated

pytestmark = pytest.mark.e2e

BLITZ = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}


def seat(base_url: str, game_id: str, color: str, player: dict) -> httpx.Response:
    with httpx.Client(base_url=base_url, timeout=30) as http:
        return http.post(
            f"/v1/games/{game_id}/players", json={"color": color}, headers=bearer(player["key"])
        )


def waiting_games(http: httpx.Client, puppets: list[dict], **options) -> list[str]:
    """A rated game per puppet, the puppet seated black."""
    games = []
    for puppet in puppets:
        game = http.post("/v1/games", json={"rated": True, **options}).json()
        assert game["hints"] is False, "a rated game has no hints"
        assert seat(http.base_url, game["id"], "black", puppet).status_code == 201
        games.append(game["id"])
    return games


def farmer_sits_at_once(base_url: str, farmer: dict, games: list[str]) -> list[str]:
    """The farmer joins every game at once: the games it was seated in."""
    with ThreadPoolExecutor(len(games)) as pool:
        answers = list(pool.map(lambda game_id: seat(base_url, game_id, "red", farmer), games))
    refused = [answer for answer in answers if answer.status_code != 201]
    assert all(answer.status_code == 409 for answer in refused), [a.text for a in refused]
    assert {answer.json()["code"] for answer in refused} <= {"rated_game_in_progress"}
    return [game_id for game_id, answer in zip(games, answers, strict=True) if answer.is_success]


def resign_at_once(base_url: str, games: dict[str, dict]) -> None:
    def resign(game_id: str) -> int:
        with httpx.Client(base_url=base_url, timeout=30) as http:
            headers = bearer(games[game_id]["key"])
            return http.post(f"/v1/games/{game_id}/resign", headers=headers).status_code

    with ThreadPoolExecutor(len(games)) as pool:
        assert set(pool.map(resign, games)) == {200}


def test_twenty_puppets_leave_a_farmer_provisional_off_the_board_and_where_glicko2_puts_them(
    live_server,
):
    base_url = live_server.base_url
    with httpx.Client(base_url=base_url, timeout=30) as http:
        farmer = new_player(http, "Farmer")
        puppets = [new_player(http, f"Puppet {number}") for number in range(20)]

        # Twenty real-time rated games at once: the farmer is seated in one.
        blitz_games = waiting_games(http, puppets, clock=BLITZ)
        (seated,) = farmer_sits_at_once(base_url, farmer, blitz_games)
        puppet = puppets[blitz_games.index(seated)]
        sought = http.post(
            "/v1/seeks", json={"clock": BLITZ, "rated": True}, headers=bearer(farmer["key"])
        )
        assert sought.status_code == 409 and sought.json()["code"] == "rated_game_in_progress"
        # Its puppet resigns before any move: an abort, and nobody is rated.
        over = http.post(f"/v1/games/{seated}/resign", headers=bearer(puppet["key"])).json()
        assert (over["end_reason"], over["winner"], over["rating_diff"]) == ("aborted", None, None)
        ratings = http.get(f"/v1/players/{farmer['id']}").json()["ratings"]
        assert ratings["blitz"]["games"] == 0

        # Twenty untimed ones: ten at a time, each won once both have moved.
        untimed = waiting_games(http, puppets)
        left = list(untimed)
        while left:
            started = farmer_sits_at_once(base_url, farmer, left)
            assert len(started) == min(10, len(left))
            for game_id in started:
                keys = {"red": farmer["key"], "black": puppets[untimed.index(game_id)]["key"]}
                open_rated(http, game_id, keys)
            resign_at_once(base_url, {g: puppets[untimed.index(g)] for g in started})
            left = [game_id for game_id in left if game_id not in started]

        history = http.get(
            f"/v1/players/{farmer['id']}/ratings", params={"category": "untimed"}
        ).json()["items"]
        assert sorted(item["game_id"] for item in history) == sorted(untimed)
        expected = START
        for item in history:  # in the order the games ended, each puppet fresh
            expected = glicko2(expected, START, 1.0)
            assert (item["rating"], item["deviation"]) == (round(expected[0]), round(expected[1]))
        profile = http.get(f"/v1/players/{farmer['id']}").json()["ratings"]["untimed"]
        assert (profile["rating"], profile["deviation"], profile["games"]) == (
            round(expected[0]),
            round(expected[1]),
            20,
        )
        assert profile["provisional"] and profile["rating"] <= 2100  # 4,746 when summed
        board = http.get("/v1/leaderboards/untimed").json()["items"]
        assert farmer["id"] not in [entry["player_id"] for entry in board]


def test_rated_games_past_the_pairs_daily_limit_are_played_unrated_and_say_so(own_redis):
    server = LiveServer(
        ["--redis-url", own_redis.url], env={"BUTTONUP_RATED_GAMES_PER_PAIR_PER_DAY": "2"}
    )
    try:
        with httpx.Client(base_url=server.base_url, timeout=30) as http:
            ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
            played = []
            for _ in range(3):
                game_id = http.post("/v1/games", json={"rated": True}).json()["id"]
                assert seat(server.base_url, game_id, "red", ana).status_code == 201
                game = seat(server.base_url, game_id, "black", bo).json()["game"]
                open_rated(http, game_id, {"red": ana["key"], "black": bo["key"]})
                over = http.post(f"/v1/games/{game_id}/resign", headers=bearer(bo["key"])).json()
                played.append((game["rated"], game["unrated_reason"], over["rating_diff"]))
            assert [(rated, reason) for rated, reason, _ in played] == [
                (True, None),
                (True, None),
                (False, "pair_limit"),
            ]
            assert played[2][2] is None
            untimed = http.get(f"/v1/players/{ana['id']}").json()["ratings"]["untimed"]
            assert untimed["games"] == 2
    finally:
        server.stop(quickly=True)


def test_creating_players_is_metered_per_address(own_redis):
    server = LiveServer(
        ["--redis-url", own_redis.url], env={"BUTTONUP_PLAYERS_RATE_LIMIT": "60/minute;300/hour"}
    )
    try:
        with httpx.Client(base_url=server.base_url, timeout=30) as http:
            codes = [http.post("/v1/players", json={}).status_code for _ in range(61)]
        assert codes == [201] * 60 + [429]
    finally:
        server.stop(quickly=True)


@pytest.mark.parametrize("options", [{"rated": True, "clock": BLITZ}, {"hints": False}])
def test_the_position_of_a_game_in_play_without_hints_is_not_analysed(live_server, options):
    with httpx.Client(base_url=live_server.base_url, timeout=30) as http:
        ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
        game_id = http.post("/v1/games", json=options).json()["id"]
        seat(live_server.base_url, game_id, "red", ana)
        game = seat(live_server.base_url, game_id, "black", bo).json()["game"]
        keys = {"red": ana["key"], "black": bo["key"]}

        def analysed(position: str) -> httpx.Response:
            return http.post("/v1/analysis", json={"position": position})

        assert http.get(f"/v1/games/{game_id}/analysis").json()["code"] == "hints_disabled"
        refused = analysed(game["round"]["position"])
        assert refused.status_code == 403 and refused.json()["code"] == "position_in_play"
        before = game["round"]["position"]
        moved = http.post(
            f"/v1/games/{game_id}/moves",
            json={"position": game["round"]["legal_moves"][0]},
            headers=bearer(keys[game["round"]["to_move"]]),
        ).json()["game"]
        assert analysed(before).status_code == 200, "the game moved on"
        assert analysed(moved["round"]["position"]).json()["code"] == "position_in_play"
        open_rated(http, game_id, keys)
        http.post(f"/v1/games/{game_id}/resign", headers=bearer(ana["key"]))
        final = http.get(f"/v1/games/{game_id}").json()
        assert final["status"] == "finished"
        last = http.get(f"/v1/games/{game_id}/moves").json()
        assert last, "moves were played"
        assert analysed(moved["round"]["position"]).status_code == 200, "the game is over"


def test_a_game_with_hints_is_analysed_in_play(live_server):
    with httpx.Client(base_url=live_server.base_url, timeout=30) as http:
        game_id = http.post("/v1/games", json={}).json()["id"]
        http.post(f"/v1/games/{game_id}/players", json={"color": "red"})
        game = http.post(f"/v1/games/{game_id}/players", json={"color": "black"}).json()["game"]
        assert game["hints"] and game["status"] == "playing"
        answer = http.post("/v1/analysis", json={"position": game["round"]["position"]})
        assert answer.status_code == 200
