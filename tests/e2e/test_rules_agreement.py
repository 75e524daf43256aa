"""Hundreds of random complete games over HTTP, checked move by move against
an independent reading of RULES.md (tests/reference_rules.py)."""

import random
from concurrent.futures import ThreadPoolExecutor

import httpx

from tests import reference_rules as ref
from tests.helpers.games import bearer, start_game

GAMES = 160


def check_one_game(base_url: str, game_seed: int) -> int:
    rng = random.Random(game_seed)
    options = {"seed": game_seed, "target_score": rng.randint(1, 20)}
    if rng.random() < 0.5:
        options["first_player"] = rng.choice(["red", "black"])
    with httpx.Client(base_url=base_url, timeout=10) as http:
        game, tokens = start_game(http, **options)
        if "first_player" in options:
            assert game["round"]["starting_player"] == options["first_player"]
        circle = ref.to_letters(game["round"]["circle"])
        to_move = game["round"]["starting_player"]
        total = {"red": 0, "black": 0}
        moves_played = 0
        while True:
            assert game["round"]["to_move"] == to_move
            assert game["round"]["legal_moves"] == ref.legal(circle)
            position = rng.choice(ref.legal(circle))
            response = http.post(
                f"/v1/games/{game['id']}/moves",
                json={"position": position},
                headers=bearer(tokens[to_move]),
            )
            assert response.status_code == 201, response.text
            move, game = response.json()["move"], response.json()["game"]
            moves_played += 1
            circle, extra, overflow = ref.play(circle, position)
            remaining = [stack for stack in circle if stack]
            assert move["player"] == to_move and move["position"] == position
            assert (move["extra_turn"], move["overflow"]) == (extra, overflow)
            assert move["round_over"] == (len(remaining) == 1)
            if len(remaining) > 1:
                assert ref.to_letters(game["round"]["circle"]) == circle
                if not extra:
                    to_move = "black" if to_move == "red" else "red"
                continue
            red, black = ref.score(remaining[0])
            summary = game["rounds"][-1]
            assert ref.to_letters([summary["final_stack"]]) == remaining
            assert summary["strength"] == {"red": red, "black": black}
            total["red"] += max(red - black, 0)
            total["black"] += max(black - red, 0)
            assert game["score"] == total
            if max(total.values()) >= options["target_score"]:
                assert game["status"] == "finished"
                assert game["winner"] == max(total, key=total.get)
                break
            to_move = ref.next_starter(
                total["red"], total["black"], red, black, summary["starting_player"]
            )
            assert game["round"]["starting_player"] == to_move
            circle = ref.to_letters(game["round"]["circle"])
            assert sorted("".join(circle)) == sorted("RRRBBBWWW")
        assert len(http.get(f"/v1/games/{game['id']}/moves").json()) == moves_played
        return moves_played


def test_random_games_over_http_follow_the_rules(live_server):
    with ThreadPoolExecutor(max_workers=4) as pool:
        moves = list(pool.map(lambda s: check_one_game(live_server.base_url, s), range(GAMES)))
    assert len(moves) == GAMES
    assert sum(moves) > GAMES * 8
