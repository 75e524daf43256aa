"""Games that format 1 stored (fixtures/format1.json, written by that code:
see fixtures/capture_format1.py) read, answer, play on and stream as they did,
and are upgraded to format 2 by their next change."""

import hashlib
import json
from pathlib import Path

import pytest

from buttonup.app import create_app
from buttonup.store import keys
from tests.helpers.games import bearer

FIXTURES = json.loads((Path(__file__).parent / "fixtures" / "format1.json").read_text())
GAMES = {game["label"]: game for game in FIXTURES["games"]}


def restore(redis_client, game: dict) -> None:
    """The game's keys as format 1 left them."""
    for key, stored in game["keys"].items():
        if stored["type"] == "hash":
            redis_client.hset(key, mapping=stored["value"])
        elif stored["type"] == "list":
            redis_client.rpush(key, *stored["value"])
        elif stored["type"] == "stream":
            for entry_id, fields in stored["value"]:
                redis_client.xadd(key, fields, id=entry_id)
        else:
            redis_client.set(key, stored["value"])
        redis_client.expire(key, 3600)


def events_text(client, game_id: str, after: int = 0) -> str:
    """The stream's text up to its end or `game_over` (a game finished now
    keeps its stream open for a rematch)."""
    response = client.get(f"/v1/games/{game_id}/events?after={after}", buffered=False)
    text = ""
    try:
        for chunk in response.response:
            text += chunk.decode()
            if "event: game_over\n" in text:
                break
    finally:
        response.close()
    return text


def parsed(text: str) -> list[tuple[int, str, dict]]:
    events = []
    for block in text.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.split("\n") if not line.startswith(":"))
        if lines.get("event") == "presence":  # who is connected: no id, no change
            continue
        events.append((int(lines["id"]), lines["event"], json.loads(lines["data"])))
    return events


def as_revision_2(events: list[tuple[int, str, dict]]) -> list[tuple[int, str, dict]]:
    """Events as format 1 streamed them, each game in them with revision 2's members."""
    shown = []
    for version, name, data in events:
        if name == "game_over":
            data = with_revision_2(data)
        elif "game" in data:
            data = {**data, "game": with_revision_2(data["game"])}
        shown.append((version, name, data))
    return shown


def with_revision_2(game: dict) -> dict:
    """A game as format 1 answered it, with the members revision 2 added."""
    if game["resigned"] is not None:
        end_reason = "resignation"
    else:
        end_reason = "target_score" if game["status"] == "finished" else None
    players = {
        color: {**seat, "player_id": None, "bot": False, "rating": None, "provisional": None}
        for color, seat in game["players"].items()
    }
    return {
        **game,
        "players": players,
        "rated": False,
        "unrated_reason": None,
        "tournament_id": None,
        "category": "untimed",
        "rating_diff": None,
        "end_reason": end_reason,
        "clock": None,
        "rematch": None,
        "review": None,
        "round": {**game["round"], "position": position_of(game)},
    }


def position_of(game: dict) -> str:
    """The position string of a game as format 1 showed it (docs/notation.md):
    nobody moves once it is over; while it waits, the round's starter will."""
    current = game["round"]
    letters = {"red": "R", "black": "B", "white": "W"}
    circle = ".".join("".join(letters[b] for b in stack) or "-" for stack in current["circle"])
    if game["status"] == "finished":
        mover = "-"
    else:
        mover = (current["to_move"] or current["starting_player"])[0]
    score = f"{game['score']['red']}-{game['score']['black']}"
    round_ = f"{current['number']}{current['starting_player'][0]}"
    return "_".join([circle, mover, score, str(game["target_score"]), round_])


@pytest.mark.parametrize("label", sorted(GAMES))
def test_a_format_1_game_reads_as_it_did(client, redis_client, label):
    game = GAMES[label]
    restore(redis_client, game)
    assert client.get(f"/v1/games/{game['id']}").get_json() == with_revision_2(game["game"])
    assert client.get(f"/v1/games/{game['id']}/moves").get_json() == game["moves"]
    if game["events"] is not None:
        # From version 0, as format 1 streamed it, less the snapshot that
        # revision 2 no longer sends first on a resumed connection: the same
        # events, the games in them with revision 2's members.
        _snapshot, _, every_event = game["events"].partition("\n\n")
        assert parsed(events_text(client, game["id"])) == as_revision_2(parsed(every_event))
        # A fresh connection still starts with the game as format 1 kept it,
        # with revision 2's members.
        fresh = client.get(f"/v1/games/{game['id']}/events").get_data(as_text=True)
        ((version, name, data),) = parsed(_snapshot)
        assert parsed(fresh)[0] == (version, name, with_revision_2(data))


@pytest.mark.parametrize("label", ["seeded, in play, moves with keys", "unseeded, in play"])
def test_a_format_1_game_in_play_plays_on_to_the_end_and_streams_whole(client, redis_client, label):
    game = GAMES[label]
    restore(redis_client, game)
    state = game["game"]
    played = 0
    while state["status"] == "playing":
        token = game["tokens"][state["round"]["to_move"]]
        answer = client.post(
            f"/v1/games/{game['id']}/moves",
            json={"position": state["round"]["legal_moves"][0]},
            headers=bearer(token),
        )
        assert answer.status_code == 201, answer.get_json()
        state = answer.get_json()["game"]
        played += 1
        if played == 1:  # upgraded by its first change
            key = keys.game_key(game["id"])
            assert redis_client.type(key) == b"string"
            assert redis_client.get(key).startswith(b"2 ")
    moves = client.get(f"/v1/games/{game['id']}/moves").get_json()
    assert moves[: len(game["moves"])] == game["moves"]
    assert [move["number"] for move in moves] == list(range(1, len(moves) + 1))
    assert len(moves) == 8 * len(state["rounds"])
    events = parsed(events_text(client, game["id"]))
    ids = [version for version, _, _ in events]
    assert ids == sorted(ids) and ids[-1] == state["version"]
    assert [name for _, name, _ in events].count("move") == len(moves)
    assert events[-1][1] == "game_over" and events[-1][2] == state
    # A process that never saw the game rebuilds the same answers.
    assert client.get(f"/v1/games/{game['id']}").get_json() == state


def test_a_format_1_waiting_game_takes_its_seats(client, redis_client):
    game = GAMES["waiting"]
    restore(redis_client, game)
    client.post(f"/v1/games/{game['id']}/players", json={"name": "Cy"})
    joined = client.post(f"/v1/games/{game['id']}/players", json={})
    assert joined.status_code == 201
    assert joined.get_json()["game"]["status"] == "playing"
    assert joined.get_json()["game"]["players"]["red"]["name"] == "Cy"


def test_a_format_1_game_against_a_bot_gets_its_replies(client, redis_client):
    game = GAMES["against a bot"]
    restore(redis_client, game)
    state = game["game"]
    answer = client.post(
        f"/v1/games/{game['id']}/moves",
        json={"position": state["round"]["legal_moves"][0]},
        headers=bearer(game["tokens"]["red"]),
    )
    assert answer.status_code == 201
    assert all(move["player"] == "black" for move in answer.get_json()["bot_moves"])


def test_a_move_retried_with_a_key_format_1_remembered_gets_that_answer(client, redis_client):
    game = GAMES["seeded, in play, moves with keys"]
    restore(redis_client, game)
    stored = next(
        json.loads(value["value"])
        for key, value in game["keys"].items()
        if ":reply:" in key and value["type"] == "string"
    )
    first = json.loads(stored["body"])
    mover = first["move"]["player"]
    key = next(
        f"move-{n}"
        for n in range(20)
        if keys.format1_reply_key(game["id"], mover, f"move-{n}") in game["keys"]
        and json.loads(
            game["keys"][keys.format1_reply_key(game["id"], mover, f"move-{n}")]["value"]
        )["body"]
        == stored["body"]
    )
    answer = client.post(
        f"/v1/games/{game['id']}/moves",
        json={"position": first["move"]["position"]},
        headers={**bearer(game["tokens"][mover]), "Idempotency-Key": key},
    )
    assert answer.status_code == 201
    assert answer.get_json() == {**first, "game": with_revision_2(first["game"])}
    assert client.get(f"/v1/games/{game['id']}").get_json()["version"] == game["game"]["version"]


def test_a_format_1_game_dealt_without_a_seed_keeps_its_deal_when_upgraded(
    client, redis_client, settings
):
    game = json.loads(json.dumps(GAMES["waiting"]))
    key = keys.game_key(game["id"])
    record = json.loads(game["keys"][key]["value"]["record"])
    record["game"]["seed"] = None  # as format 1 stored a game created without one
    game["keys"][key]["value"]["record"] = json.dumps(record)
    restore(redis_client, game)
    deal = game["game"]["round"]["initial_circle"]
    client.post(f"/v1/games/{game['id']}/players", json={})  # the upgrade
    other_process = create_app(settings).test_client()  # reads what was stored
    joined = other_process.post(f"/v1/games/{game['id']}/players", json={}).get_json()
    assert joined["game"]["round"]["initial_circle"] == deal


def test_a_create_retried_with_a_key_format_1_remembered_gets_that_game(client, redis_client):
    game = GAMES["waiting"]
    restore(redis_client, game)
    body = {"visibility": "public", "seed": 2}
    first = {
        "fingerprint": json.dumps(body, sort_keys=True),
        "body": json.dumps(game["game"]),
        "game_id": game["id"],
    }
    key = "create-before-the-upgrade"
    digest = hashlib.sha256(key.encode()).hexdigest()
    redis_client.set(f"buttonup:create-reply:{{{digest}}}", json.dumps(first), ex=3600)
    answer = client.post("/v1/games", json=body, headers={"Idempotency-Key": key})
    assert answer.status_code == 201
    assert answer.get_json() == with_revision_2(game["game"])
    assert answer.headers["Location"].endswith(game["id"])
    other = client.post("/v1/games", json={"seed": 3}, headers={"Idempotency-Key": key})
    assert other.get_json()["code"] == "idempotency_key_reused"


def test_migrate_rewrites_every_format_1_game_in_format_2_and_each_reads_as_it_did(
    client, redis_client, redis_server, capsys
):
    """`buttonup migrate`: each format-1 record still in Redis becomes a
    format-2 one at its version, keeping the time it had left, and the game
    answers as it did; a second run finds nothing to do."""
    from buttonup import cli

    for game in GAMES.values():
        restore(redis_client, game)
    assert cli.main(["migrate", "--redis-url", redis_server.url]) == 0
    assert f"{len(GAMES)} games upgraded" in capsys.readouterr().out
    for game in GAMES.values():
        key = keys.game_key(game["id"])
        assert redis_client.type(key) == b"string"
        assert redis_client.get(key).startswith(b"2 ")
        assert 0 < redis_client.pttl(key) <= 3600 * 1000, "the time it had left"
        assert client.get(f"/v1/games/{game['id']}").get_json() == with_revision_2(game["game"])
        assert client.get(f"/v1/games/{game['id']}/moves").get_json() == game["moves"]
    assert cli.main(["migrate", "--redis-url", redis_server.url]) == 0
    assert "0 games upgraded" in capsys.readouterr().out


def test_migrate_keeps_a_finished_format_1_games_stream_as_long_as_the_game(
    client, redis_client, redis_server
):
    from buttonup import cli

    finished = [game for game in GAMES.values() if game["game"]["status"] == "finished"]
    assert finished
    for game in finished:
        restore(redis_client, game)
    assert cli.main(["migrate", "--redis-url", redis_server.url]) == 0
    for game in finished:
        if redis_client.exists(keys.events_key(game["id"])):
            assert redis_client.pttl(keys.events_key(game["id"])) > 60_000
