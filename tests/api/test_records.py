"""Games as text over HTTP: a game's record, a player's records, a record
imported as a game for review, and games started from a position."""

import pytest

from buttonup.engine.notation import Reason
from tests.helpers.games import bearer, create_game, play, started_game

REASONS = {reason.value for reason in Reason}

TEXT = {"Content-Type": "text/plain; charset=utf-8"}


def play_out(client, game, tokens):
    """Plays the first legal move until the game is over."""
    while game["status"] == "playing":
        answer = play(client, game, tokens, game["round"]["legal_moves"][0])
        assert answer.status_code == 201, answer.get_json()
        game = answer.get_json()["game"]
    return game


def record_of(client, game_id: str) -> str:
    answer = client.get(f"/v1/games/{game_id}/record")
    assert answer.status_code == 200
    assert answer.headers["Content-Type"] == "text/plain; charset=utf-8"
    return answer.get_data(as_text=True)


def test_a_finished_game_exported_imported_and_exported_again_is_the_same_text(client):
    game, tokens = started_game(client, target_score=5, seed=3, first_player="red")
    game = play_out(client, game, tokens)
    text = record_of(client, game["id"])
    assert '[Red "Ana"]\n[Black "Bo"]\n' in text and '[Result "' in text
    assert all(token not in text for token in tokens.values())
    imported = client.post("/v1/games/import", data=text, headers=TEXT)
    assert imported.status_code == 201, imported.get_json()
    copy = imported.get_json()
    assert imported.headers["Location"].endswith(copy["id"])
    assert copy["status"] == "finished" and copy["visibility"] == "private"
    assert (copy["score"], copy["winner"]) == (game["score"], game["winner"])
    assert record_of(client, copy["id"]) == text
    moves = client.get(f"/v1/games/{game['id']}/moves").get_json()
    copied = client.get(f"/v1/games/{copy['id']}/moves").get_json()
    assert [(m["player"], m["position"]) for m in copied] == [
        (m["player"], m["position"]) for m in moves
    ]
    analysis = client.get(f"/v1/games/{copy['id']}/analysis").get_json()
    assert len(analysis["review"]) == len(game["rounds"])


def test_a_game_in_play_is_recorded_up_to_its_last_move(client):
    game, tokens = started_game(client, seed=8, first_player="black")
    game = play(client, game, tokens, game["round"]["legal_moves"][0]).get_json()["game"]
    text = record_of(client, game["id"])
    assert '[Result "*"]\n' in text and "[End" not in text
    assert text.endswith(f"1. b {deal(game)} {game_moves(client, game)}\n")


def deal(game) -> str:
    letters = {"red": "R", "black": "B", "white": "W"}
    return "".join(letters[stack[0]] for stack in game["round"]["initial_circle"])


def game_moves(client, game) -> str:
    moves = client.get(f"/v1/games/{game['id']}/moves").get_json()
    return " ".join(f"{m['position']}{'+' if m['extra_turn'] else ''}" for m in moves)


def test_a_resigned_game_imports_with_its_end_and_winner(client):
    game, tokens = started_game(client, seed=5, first_player="red")
    game = play(client, game, tokens, game["round"]["legal_moves"][0]).get_json()["game"]
    resigned = client.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens["red"]))
    assert resigned.status_code == 200
    text = record_of(client, game["id"])
    assert '[Result "black"]\n[End "resignation"]\n' in text
    copy = client.post("/v1/games/import", data=text, headers=TEXT).get_json()
    assert (copy["end_reason"], copy["winner"], copy["resigned"]) == ("resignation", "black", "red")
    assert record_of(client, copy["id"]) == text


@pytest.mark.parametrize(
    ("body", "line", "column", "reason"),
    [
        ("", 1, 1, "blank line"),
        ('[Red "Ana"]\n', 2, 1, "blank line"),
        ("1. r WWWRRRBBB\n", 1, 1, "a tag is"),
        ('[Red "Ana"]\n[Red "Bo"]\n\n', 2, 2, "given twice"),
    ],
)
def test_a_record_that_does_not_read_is_refused_with_where(client, body, line, column, reason):
    answer = client.post("/v1/games/import", data=body, headers=TEXT)
    assert answer.status_code == 422
    problem = answer.get_json()
    assert problem["code"] == "invalid_record"
    assert (problem["line"], problem["column"]) == (line, column)
    assert reason in problem["detail"] and problem["reason"] in REASONS


def test_an_illegal_move_in_a_record_is_refused_at_its_column(client):
    game, tokens = started_game(client, seed=3, first_player="red")
    game = play_out(client, game, tokens)
    text = record_of(client, game["id"])
    lines = text.split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    words = lines[index].split(" ")
    words[4] = words[3].rstrip("+")  # the second move: the stack the first one emptied
    lines[index] = " ".join(words)
    answer = client.post("/v1/games/import", data="\n".join(lines), headers=TEXT)
    assert answer.status_code == 422
    problem = answer.get_json()
    assert problem["code"] == "invalid_record" and problem["line"] == index + 1
    assert problem["column"] == len(" ".join(words[:4])) + 2


@pytest.mark.parametrize(
    ("body", "headers", "status", "code"),
    [
        (b'{"record": "x"}', {"Content-Type": "application/json"}, 415, "unsupported_media_type"),
        (b"\xff\xfe[Red", TEXT, 422, "invalid_record"),
        (b"x" * (16 * 1024 + 1), TEXT, 413, "payload_too_large"),
    ],
)
def test_an_import_that_is_no_text_record_is_refused_as_such(client, body, headers, status, code):
    answer = client.post("/v1/games/import", data=body, headers=headers)
    assert answer.status_code == status
    assert answer.get_json()["code"] == code


def test_a_record_of_a_game_in_play_is_not_imported(client):
    game, tokens = started_game(client, seed=8)
    play(client, game, tokens, game["round"]["legal_moves"][0])
    answer = client.post("/v1/games/import", data=record_of(client, game["id"]), headers=TEXT)
    assert answer.status_code == 422 and "Result is *" in answer.get_json()["detail"]
    assert answer.get_json()["reason"] == "not_over"


def test_a_players_games_come_as_one_download_of_records(client):
    key = client.post("/v1/players", json={"name": "Ana"}).get_json()["key"]
    ids = []
    for seed in (1, 2, 3):
        game = create_game(client, seed=seed)
        client.post(f"/v1/games/{game['id']}/players", json={}, headers=bearer(key))
        ids.append(game["id"])
    answer = client.get("/v1/players/me/games/record", headers=bearer(key))
    assert answer.status_code == 200
    assert answer.headers["Content-Type"] == "text/plain; charset=utf-8"
    body = answer.get_data(as_text=True)
    assert body == "".join(record_of(client, game_id) + "\n" for game_id in ids)
    assert key not in body
    assert client.get("/v1/players/me/games/record").status_code == 401


def test_a_game_starts_from_a_position_and_plays_on(client):
    position = "-.WW.W.R.R.R.B.B.B_b_3-5_15_2b"
    game, tokens = started_game(client, position=position, seed=4)
    assert game["round"]["position"] == position
    assert (game["score"], game["round"]["number"]) == ({"red": 3, "black": 5}, 2)
    assert game["target_score"] == 15 and game["round"]["to_move"] == "black"
    game = play_out(client, game, tokens)
    text = record_of(client, game["id"])
    assert f'[Position "{position}"]\n' in text and "\n2. b @ " in text
    copy = client.post("/v1/games/import", data=text, headers=TEXT)
    assert copy.status_code == 201, copy.get_json()
    assert record_of(client, copy.get_json()["id"]) == text


@pytest.mark.parametrize(
    ("body", "field", "reason"),
    [
        ({"position": "W.W.W"}, "position", "five parts"),
        ({"position": "W.W.W.R.R.R.B.B.B_b_0-0_15_1r"}, "position", "no deal and legal moves"),
        ({"position": "RWRBWWRBB.-.-.-.-.-.-.-.-_-_0-15_15_3b"}, "position", "nobody moves"),
        ({"position": "W.W.W.R.R.R.B.B.B_r_0-0_15_1r", "target_score": 9}, "target_score", "15"),
    ],
)
def test_a_position_no_game_can_start_from_is_refused_with_the_reason(client, body, field, reason):
    answer = client.post("/v1/games", json=body)
    assert answer.status_code == 422
    problem = answer.get_json()
    assert problem["code"] == "validation_error"
    assert reason in " ".join(problem["errors"][field])


def test_a_game_against_a_bot_round_trips_with_its_bot(client):
    game = create_game(
        client,
        target_score=3,
        seed=6,
        first_player="red",
        players={"black": {"type": "bot", "level": "greedy"}},
    )
    token = client.post(f"/v1/games/{game['id']}/players", json={"color": "red"}).get_json()[
        "token"
    ]
    game = client.get(f"/v1/games/{game['id']}").get_json()
    while game["status"] == "playing":
        answer = play(client, game, {"red": token}, game["round"]["legal_moves"][0])
        game = answer.get_json()["game"]
    text = record_of(client, game["id"])
    assert '[Black "Greedy bot"]\n[BlackBot "greedy"]\n' in text and '[Red "?"]\n' in text
    copy = client.post("/v1/games/import", data=text, headers=TEXT).get_json()
    assert (
        copy["players"]["black"]["type"] == "bot" and copy["players"]["black"]["level"] == "greedy"
    )
    assert record_of(client, copy["id"]) == text


@pytest.mark.parametrize(
    ("tag", "value", "reason"),
    [
        ("Target", "0", "Target: 1 to 100"),
        ("Target", "101", "Target: 1 to 100"),
        ("Target", str(2**64), "Target: 1 to 100"),
        ("Seed", str(2**63), "Seed: -9223372036854775808 to 9223372036854775807"),
        ("Seed", str(-(2**63) - 1), "Seed: -9223372036854775808"),
        ("Seed", "1" + "0" * 39, "Seed: a whole number"),
    ],
)
def test_a_number_in_a_record_beyond_its_range_is_refused_at_its_tag(client, tag, value, reason):
    game, tokens = started_game(client, target_score=5, seed=3, first_player="red")
    text = record_of(client, play_out(client, game, tokens)["id"])
    lines = text.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith(("[Seed ", "[Target ")))
    tagged = [line for line in lines if not line.startswith(f"[{tag} ")]
    tagged.insert(at, f'[{tag} "{value}"]\n')
    answer = client.post("/v1/games/import", data="".join(tagged), headers=TEXT)
    assert answer.status_code == 422, answer.get_json()
    problem = answer.get_json()
    assert (problem["code"], problem["line"]) == ("invalid_record", at + 1)
    assert reason in problem["detail"] and problem["reason"] in REASONS


def test_a_game_with_a_negative_seed_exports_and_imports_again(client):
    game, tokens = started_game(client, target_score=5, seed=-(2**63), first_player="red")
    text = record_of(client, play_out(client, game, tokens)["id"])
    assert f'[Seed "{-(2**63)}"]' in text
    copy = client.post("/v1/games/import", data=text, headers=TEXT)
    assert copy.status_code == 201, copy.get_json()
    assert record_of(client, copy.get_json()["id"]) == text


@pytest.mark.parametrize("target", [101, 999999])
def test_a_position_beyond_the_largest_target_is_refused(client, target):
    answer = client.post("/v1/games", json={"position": f"W.W.W.R.R.R.B.B.B_r_0-0_{target}_1r"})
    assert answer.status_code == 422
    assert "the target is 1 to 100" in " ".join(answer.get_json()["errors"]["position"])


def test_an_imported_game_is_kept_a_week_a_played_one_thirty_days(client, redis_client):
    game, tokens = started_game(client, target_score=5, seed=3, first_player="red")
    played = play_out(client, game, tokens)
    copy = client.post("/v1/games/import", data=record_of(client, played["id"]), headers=TEXT)
    day_ms = 24 * 3600 * 1000

    def kept_days(game_id: str) -> float:
        return redis_client.pttl(f"buttonup:{{{game_id}}}:game") / day_ms

    assert 29.9 < kept_days(played["id"]) <= 30
    assert 6.9 < kept_days(copy.get_json()["id"]) <= 7


@pytest.mark.parametrize(
    "name",
    ["a" * 8000, "Ana\u0085", "Ana\u009b", "Ana\u202eBo", "A\u200bna", "   "],
    ids=["8000 characters", "NEL", "CSI", "RLO", "ZWSP", "spaces"],
)
def test_an_imported_name_follows_the_one_name_rule(client, name):
    game, tokens = started_game(client, target_score=5, seed=3, first_player="red")
    text = record_of(client, play_out(client, game, tokens)["id"])
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("[Red "))
    lines[at] = f'[Red "{name}"]'
    answer = client.post("/v1/games/import", data="\n".join(lines).encode(), headers=TEXT)
    assert answer.status_code == 422, answer.get_json()
    problem = answer.get_json()
    assert (problem["code"], problem["line"], problem["column"]) == ("invalid_record", at + 1, 7)
    assert "a name" in problem["detail"] and problem["reason"] == "name_tag"


def test_an_imported_name_is_kept_in_nfc(client):
    game, tokens = started_game(client, target_score=5, seed=3, first_player="red")
    text = record_of(client, play_out(client, game, tokens)["id"])
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("[Red "))
    lines[at] = '[Red "Zoe\u0308"]'
    made = client.post("/v1/games/import", data="\n".join(lines).encode(), headers=TEXT)
    assert made.status_code == 201, made.get_json()
    assert made.get_json()["players"]["red"]["name"] == "Zoë"


def test_text_that_is_not_utf8_is_refused_at_its_bad_bytes_line_and_column(client):
    body = '[Red "Ana"]\n[Black "Zoë"]\n[Date "2026-12-05"]\n'.encode() + b'[Target "\xff"]\n'
    answer = client.post("/v1/games/import", data=body, headers=TEXT)
    problem = answer.get_json()
    assert (answer.status_code, problem["code"]) == (422, "invalid_record")
    assert (problem["line"], problem["column"]) == (4, 10)


def test_a_record_of_a_game_in_play_is_refused_at_its_result_tag(client):
    game, tokens = started_game(client, target_score=5, seed=3, first_player="red")
    play(client, game, tokens, game["round"]["legal_moves"][0])
    text = record_of(client, game["id"])
    at = text.split("\n").index('[Result "*"]')
    answer = client.post("/v1/games/import", data=text, headers=TEXT)
    problem = answer.get_json()
    assert (answer.status_code, problem["line"], problem["column"]) == (422, at + 1, 10)
