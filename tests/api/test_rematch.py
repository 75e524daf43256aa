"""Rematch over HTTP: an offer, then one new game with colours swapped and
both seats reserved, each token only in its own asker's answer; a bot agrees
at once; the window."""

import threading
import time
from dataclasses import replace

import pytest

from buttonup.app import create_app
from tests.helpers.games import bearer, create_game, join, started_game


def finished_game(client, **options):
    game, tokens = started_game(client, **options)
    resigned = client.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens["black"]))
    assert resigned.status_code == 200
    return resigned.get_json(), tokens


def rematch(client, game_id: str, credential: str):
    return client.post(f"/v1/games/{game_id}/rematch", headers=bearer(credential))


def test_the_first_seat_offers_and_the_second_makes_the_new_game(client):
    old, tokens = finished_game(client, target_score=20)
    offered = rematch(client, old["id"], tokens["red"])
    assert offered.status_code == 202 and offered.get_json() == {"offered_by": ["red"]}
    seen = client.get(f"/v1/games/{old['id']}").get_json()
    assert seen["rematch"] == {"offered_by": ["red"], "game_id": None}
    assert seen["version"] == old["version"] + 1
    assert rematch(client, old["id"], tokens["red"]).status_code == 202, "asked again: same"

    accepted = rematch(client, old["id"], tokens["black"])
    assert accepted.status_code == 201
    black_seat = accepted.get_json()
    new = black_seat["game"]
    assert black_seat["color"] == "red", "the old black seat plays red"
    assert new["status"] == "waiting", "until the first asker holds its token too"
    assert new["players"]["red"]["joined"] and not new["players"]["black"]["joined"]
    assert new["visibility"] == "private"
    assert new["target_score"] == 20 and new["id"] != old["id"]
    assert (new["players"]["red"]["name"], new["players"]["black"]["name"]) == ("Bo", "Ana")
    first_round = old["rounds"][0] if old["rounds"] else old["round"]
    old_starter = old["players"][first_round["starting_player"]]["name"]
    new_starter = new["players"][new["round"]["starting_player"]]["name"]
    assert {old_starter, new_starter} == {"Ana", "Bo"}, "whoever did not start, starts"
    after = client.get(f"/v1/games/{old['id']}").get_json()
    assert after["rematch"] == {"offered_by": ["red", "black"], "game_id": new["id"]}

    red_seat = rematch(client, old["id"], tokens["red"]).get_json()
    assert red_seat["color"] == "black" and red_seat["game"]["id"] == new["id"]
    new = red_seat["game"]
    assert new["status"] == "playing" and new["version"] == 2
    assert red_seat["token"] != black_seat["token"]
    again = rematch(client, old["id"], tokens["black"]).get_json()
    assert (again["color"], again["token"]) == ("red", black_seat["token"])
    # Each token works for its own seat of the new game.
    to_move = new["round"]["to_move"]
    mover = black_seat if to_move == "red" else red_seat
    position = new["round"]["legal_moves"][0]
    moved = client.post(
        f"/v1/games/{new['id']}/moves", json={"position": position}, headers=bearer(mover["token"])
    )
    assert moved.status_code == 201


def test_the_seats_of_the_new_game_are_reserved(client):
    old, tokens = finished_game(client)
    rematch(client, old["id"], tokens["red"])
    new = rematch(client, old["id"], tokens["black"]).get_json()["game"]
    taken = client.post(f"/v1/games/{new['id']}/players", json={})
    assert taken.status_code == 409 and taken.get_json()["code"] == "game_full"


def test_a_rematch_needs_a_seat_and_a_finished_game(client):
    game, tokens = started_game(client)
    playing = rematch(client, game["id"], tokens["red"])
    assert playing.status_code == 409 and playing.get_json()["code"] == "game_not_in_progress"
    old, tokens = finished_game(client)
    stranger = rematch(client, old["id"], "not-a-seat-token")
    assert stranger.status_code == 401 and stranger.get_json()["code"] == "unauthorized"
    missing = rematch(client, "nosuchgame0000000000", tokens["red"])
    assert missing.status_code == 404


def test_a_bot_agrees_at_once_with_colours_swapped(client):
    game = create_game(client, players={"black": {"type": "bot", "level": "random"}})
    seat = join(client, game["id"], name="Ana")
    client.post(f"/v1/games/{game['id']}/resign", headers=bearer(seat["token"]))
    made = rematch(client, game["id"], seat["token"])
    assert made.status_code == 201
    answer = made.get_json()
    assert answer["color"] == "black"
    new = answer["game"]
    assert new["players"]["red"]["type"] == "bot" and new["status"] == "playing"
    assert new["round"]["to_move"] == "black", "the bot replied when it started"


def test_both_seats_asking_at_once_make_one_game(app):
    client = app.test_client()
    old, tokens = finished_game(client)
    answers: dict[str, object] = {}

    def ask(color: str) -> None:
        answers[color] = rematch(app.test_client(), old["id"], tokens[color])

    threads = [threading.Thread(target=ask, args=(color,)) for color in ("red", "black")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    statuses = sorted(answer.status_code for answer in answers.values())
    assert statuses == [201, 202]
    made = rematch(client, old["id"], tokens["red"]).get_json()
    other = rematch(client, old["id"], tokens["black"]).get_json()
    assert made["game"]["id"] == other["game"]["id"]
    assert {made["color"], other["color"]} == {"red", "black"}


@pytest.fixture
def short_window_client(settings):
    app = create_app(replace(settings, rematch_seconds=1))
    app.testing = True
    return app.test_client()


def test_past_the_window_a_rematch_is_closed(short_window_client):
    old, tokens = finished_game(short_window_client)
    time.sleep(1.1)
    closed = rematch(short_window_client, old["id"], tokens["red"])
    assert closed.status_code == 409 and closed.get_json()["code"] == "rematch_closed"


def test_a_rematch_clock_starts_once_both_seats_hold_their_tokens(client):
    clock = {"type": "fischer", "initial_seconds": 60, "increment_seconds": 0}
    old, tokens = finished_game(client, clock=clock)
    rematch(client, old["id"], tokens["red"])
    made = rematch(client, old["id"], tokens["black"]).get_json()["game"]
    assert made["clock"]["running"] is None and made["clock"]["deadline"] is None
    time.sleep(0.3)  # the first asker takes its time to come back
    taken = rematch(client, old["id"], tokens["red"]).get_json()["game"]
    assert taken["clock"]["running"] == taken["round"]["to_move"]
    assert taken["clock"]["remaining_ms"] == {"red": 60_000, "black": 60_000}
    assert taken["clock"]["deadline"] is not None


def test_an_aborted_game_has_no_rematch(client):
    game, tokens = started_game(client)
    aborted = client.post(f"/v1/games/{game['id']}/abort", headers=bearer(tokens["red"]))
    assert aborted.status_code == 200
    refused = rematch(client, game["id"], tokens["black"])
    assert refused.status_code == 409 and refused.get_json()["code"] == "rematch_closed"
    assert client.get(f"/v1/games/{game['id']}").get_json()["rematch"] is None


@pytest.mark.parametrize("first_player", ["red", "black"])
def test_the_rematch_is_started_by_the_person_who_did_not_start_the_old_game(client, first_player):
    """Ana (red) and Bo (black), either of them starting: in the rematch the
    other one starts, whatever colour each holds now."""
    old, tokens = finished_game(client, first_player=first_player)
    assert old["round"]["starting_player"] == first_player
    old_starter = old["players"][first_player]["name"]
    rematch(client, old["id"], tokens["red"])
    new = rematch(client, old["id"], tokens["black"]).get_json()["game"]
    new = rematch(client, old["id"], tokens["red"]).get_json()["game"]
    new_starter = new["players"][new["round"]["starting_player"]]["name"]
    assert new_starter == {"Ana": "Bo", "Bo": "Ana"}[old_starter]
    assert new["round"]["to_move"] == new["round"]["starting_player"]


@pytest.mark.parametrize("first_player", ["red", "black"])
def test_a_rematch_against_a_bot_is_started_by_whoever_did_not_start(client, first_player):
    game = create_game(
        client,
        first_player=first_player,
        players={"black": {"type": "bot", "level": "random"}},
    )
    seat = join(client, game["id"], name="Ana")
    client.post(f"/v1/games/{game['id']}/resign", headers=bearer(seat["token"]))
    new = rematch(client, game["id"], seat["token"]).get_json()["game"]
    starter = new["players"][new["round"]["starting_player"]]
    ana_started = first_player == "red"  # Ana holds red, the bot black
    assert (starter["type"] == "bot") is ana_started, (first_player, starter)
