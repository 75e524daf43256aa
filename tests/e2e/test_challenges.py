"""Challenges through `buttonup serve` (two workers on the suite's Redis): a
player invites another, who hears it on their stream (again on every
stream opened while it stands) and accepts, declines or lets it lapse; its
maker cancels it or hears its outcome; an accepted one makes the game,
both players hearing `game_start`; an open one seats its first two takers;
a real-time one lapses once its maker's stream closes; blocks, the bound on
pending challenges and the rating rules hold."""

import json
import time

import httpx
import pytest

from buttonup.engine.symmetry import position_forms
from tests.conftest import LiveServer
from tests.e2e.test_fair_play_gate import (
    made_protected,
    protected_candidate,
    refused,
    refused_while_protected,
    text,
)
from tests.e2e.test_seeks import Listener
from tests.e2e.test_time import wait_for
from tests.helpers.games import bearer, new_player

pytestmark = pytest.mark.e2e

BLITZ = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}
LIMITS = {
    "BUTTONUP_SEAT_RATE_LIMIT": "100000/minute",
    "BUTTONUP_MAX_STREAMS_PER_CLIENT": "1000",
    "BUTTONUP_MAX_CONNECTIONS_PER_CLIENT": "2000",
}


@pytest.fixture(scope="module")
def server(redis_server):
    server = LiveServer(["--redis-url", redis_server.url, "--workers", "2"], env=LIMITS)
    yield server
    server.stop(quickly=True)


@pytest.fixture
def http(server):
    with httpx.Client(base_url=server.base_url, timeout=10) as client:
        yield client


def challenge(http: httpx.Client, maker: dict, **body) -> httpx.Response:
    return http.post("/v1/challenges", json=body, headers=bearer(maker["key"]))


def act(http: httpx.Client, player: dict, challenge_id: str, verb: str, **body):
    path = f"/v1/challenges/{challenge_id}/{verb}"
    return http.post(path, json=body or None, headers=bearer(player["key"]))


def heard(stream: Listener, challenge_id: str, status: str, seconds: float = 10) -> dict:
    """The `challenge` notice of this challenge in this status (waiting for it)."""

    def found() -> list[dict]:
        return [
            data
            for name, data in stream.events
            if name == "challenge" and data["id"] == challenge_id and data["status"] == status
        ]

    wait_for(lambda: bool(found()), seconds)
    return found()[0]


def test_a_challenge_is_heard_replayed_accepted_and_played_by_both(server, http):
    ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
    ana_stream = Listener(server.base_url, ana["key"]).start_open()
    try:
        made = challenge(http, ana, to=bo["id"], clock=BLITZ, color="red", message="A game?")
        assert made.status_code == 201, made.text
        pending = made.json()
        assert pending["status"] == "pending" and pending["game_id"] is None
        assert (pending["from"], pending["to"], pending["from_name"]) == (
            ana["id"],
            bo["id"],
            "Ana",
        )
        assert pending["category"] == "blitz" and pending["color"] == "red"
        # Bo opens his stream after it was made: it stands, so it is sent first.
        bo_stream = Listener(server.base_url, bo["key"]).start_open()
        try:
            told = heard(bo_stream, pending["id"], "pending")
            assert told["message"] == "A game?" and told["from_name"] == "Ana"
            mine = http.get("/v1/challenges", headers=bearer(bo["key"])).json()
            assert [c["id"] for c in mine["incoming"]] == [pending["id"]]
            theirs = http.get("/v1/challenges", headers=bearer(ana["key"])).json()
            assert [c["id"] for c in theirs["outgoing"]] == [pending["id"]]

            accepted = act(http, bo, pending["id"], "accept")
            assert accepted.status_code == 200, accepted.text
            game_id = accepted.json()["game_id"]
            assert accepted.json()["status"] == "accepted" and game_id
            red, black = ana_stream.game_start(), bo_stream.game_start()
            assert (red["game_id"], red["color"]) == (game_id, "red")
            assert (black["game_id"], black["color"]) == (game_id, "black")
            assert red["token"] not in json.dumps(bo_stream.events)
            assert heard(ana_stream, pending["id"], "accepted")["game_id"] == game_id
            game = http.get(f"/v1/games/{game_id}").json()
            assert game["status"] == "playing" and game["clock"]["initial_seconds"] == 180
            assert game["players"]["red"]["player_id"] == ana["id"]
            # Answered: no longer pending anywhere, and not accepted twice.
            assert http.get("/v1/challenges", headers=bearer(bo["key"])).json()["incoming"] == []
            again = act(http, bo, pending["id"], "accept")
            assert (again.status_code, again.json()["code"]) == (409, "challenge_closed")
        finally:
            bo_stream.close()
    finally:
        ana_stream.close()


def test_a_decline_gives_its_reason_and_only_the_invitee_or_maker_answers(server, http):
    ana, bo, cy = (new_player(http, name) for name in ("Ana", "Bo", "Cy"))
    ana_stream = Listener(server.base_url, ana["key"]).start_open()
    try:
        untimed = challenge(http, ana, to=bo["id"]).json()
        assert untimed["category"] == "untimed"
        refused = act(http, cy, untimed["id"], "accept")
        assert (refused.status_code, refused.json()["code"]) == (403, "not_your_challenge")
        not_hers = act(http, bo, untimed["id"], "cancel")
        assert (not_hers.status_code, not_hers.json()["code"]) == (403, "not_your_challenge")
        unknown = act(http, bo, untimed["id"], "decline", reason="bored")
        assert unknown.status_code == 422
        declined = act(http, bo, untimed["id"], "decline", reason="too_slow")
        assert declined.json()["status"] == "declined"
        assert heard(ana_stream, untimed["id"], "declined")["decline_reason"] == "too_slow"

        second = challenge(http, ana, to=bo["id"]).json()
        assert act(http, ana, second["id"], "cancel").json()["status"] == "canceled"
        late = act(http, bo, second["id"], "accept")
        assert (late.status_code, late.json()["code"]) == (409, "challenge_closed")
        seen = http.get(f"/v1/challenges/{second['id']}", headers=bearer(bo["key"]))
        assert seen.json()["status"] == "canceled"
        hidden = http.get(f"/v1/challenges/{second['id']}", headers=bearer(cy["key"]))
        assert (hidden.status_code, hidden.json()["code"]) == (404, "challenge_not_found")
    finally:
        ana_stream.close()


def test_a_real_time_challenge_needs_its_makers_stream_and_lapses_once_it_closes(server, http):
    ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
    refused = challenge(http, ana, to=bo["id"], clock=BLITZ)
    assert (refused.status_code, refused.json()["code"]) == (409, "stream_required")
    bo_stream = Listener(server.base_url, bo["key"]).start_open()
    ana_stream = Listener(server.base_url, ana["key"]).start_open()
    try:
        made = challenge(http, ana, to=bo["id"], clock=BLITZ).json()
        heard(bo_stream, made["id"], "pending")
        ana_stream.close()
        # Its maker gone: it lapses within the grace of a closed stream.
        assert heard(bo_stream, made["id"], "expired", seconds=20)["status"] == "expired"
        late = act(http, bo, made["id"], "accept")
        assert (late.status_code, late.json()["code"]) == (409, "challenge_closed")
    finally:
        bo_stream.close()


def test_a_blocked_players_challenge_is_declined_at_once_and_never_heard(server, http):
    ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
    assert (
        http.post(f"/v1/players/me/blocks/{ana['id']}", headers=bearer(bo["key"])).status_code
        == 204
    )
    assert http.get("/v1/players/me/blocks", headers=bearer(bo["key"])).json()["items"] == [
        ana["id"]
    ]
    bo_stream = Listener(server.base_url, bo["key"]).start_open()
    try:
        blocked = challenge(http, ana, to=bo["id"]).json()
        assert (blocked["status"], blocked["decline_reason"]) == ("declined", "generic")
        time.sleep(0.5)
        assert not [name for name, _ in bo_stream.events if name == "challenge"]
        assert http.get("/v1/challenges", headers=bearer(bo["key"])).json()["incoming"] == []
        http.delete(f"/v1/players/me/blocks/{ana['id']}", headers=bearer(bo["key"]))
        welcome = challenge(http, ana, to=bo["id"]).json()
        assert heard(bo_stream, welcome["id"], "pending")["from"] == ana["id"]
    finally:
        bo_stream.close()


def test_pending_challenges_are_bounded_and_bad_ones_refused_clearly(http):
    ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
    for _ in range(20):
        assert challenge(http, ana, to=bo["id"]).status_code == 201
    full = challenge(http, ana, to=bo["id"])
    assert (full.status_code, full.json()["code"]) == (409, "too_many_challenges")
    itself = challenge(http, bo, to=bo["id"])
    assert (itself.status_code, itself.json()["code"]) == (422, "validation_error")
    nobody = challenge(http, bo, to="nobody-at-all")
    assert (nobody.status_code, nobody.json()["code"]) == (404, "player_not_found")
    rated_position = challenge(
        http, bo, to=ana["id"], rated=True, position="-.WW.W.R.R.R.B.B.B_r_0-0_15_1r"
    )
    assert rated_position.status_code == 422
    assert challenge(http, bo, to=ana["id"], message="x" * 141).status_code == 422
    assert http.post("/v1/challenges", json={"to": ana["id"]}).status_code == 401


def test_an_open_challenge_seats_its_first_two_takers(server, http):
    organiser, cy, di, ed = (new_player(http, name) for name in ("Org", "Cy", "Di", "Ed"))
    made = challenge(http, organiser, to=None, clock=BLITZ, color="black").json()
    assert made["status"] == "pending" and made["url"] == f"/?challenge={made['id']}"
    assert http.get(f"/v1/challenges/{made['id']}").json()["id"] == made["id"], "a link: no key"
    cy_stream = Listener(server.base_url, cy["key"]).start_open()
    di_stream = Listener(server.base_url, di["key"]).start_open()
    try:
        first = act(http, cy, made["id"], "accept").json()
        assert (first["status"], first["takers"]) == ("pending", [cy["id"]])
        assert act(http, cy, made["id"], "accept").json()["takers"] == [cy["id"]], "once"
        second = act(http, di, made["id"], "accept").json()
        assert second["status"] == "accepted"
        black, red = cy_stream.game_start(), di_stream.game_start()
        assert (black["game_id"], black["color"]) == (second["game_id"], "black")
        assert (red["game_id"], red["color"]) == (second["game_id"], "red")
        late = act(http, ed, made["id"], "accept")
        assert (late.status_code, late.json()["code"]) == (409, "challenge_closed")
    finally:
        cy_stream.close()
        di_stream.close()

    named = challenge(http, organiser, to=None, **{"for": [cy["id"], di["id"]]}).json()
    stranger = act(http, ed, named["id"], "accept")
    assert (stranger.status_code, stranger.json()["code"]) == (403, "not_your_challenge")


def test_a_challenge_from_a_position_starts_its_game_there(server, http):
    ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
    position = "-.WW.W.R.R.R.B.B.B_r_0-0_15_1r"
    made = challenge(http, ana, to=bo["id"], position=position).json()
    assert (made["position"], made["target_score"]) == (position, 15)
    game_id = act(http, bo, made["id"], "accept").json()["game_id"]
    game = http.get(f"/v1/games/{game_id}").json()
    assert game["status"] == "playing" and game["round"]["position"] == position


def test_a_protected_position_is_refused_in_every_form_as_made_and_as_accepted(http):
    position = protected_candidate()
    ana, bo = new_player(http, "Ana"), new_player(http, "Bo")

    def make(form: str) -> httpx.Response:
        return challenge(http, ana, to=bo["id"], position=form)

    refused_while_protected(http, position, make, 201)
    # Made while open, then protected before it is accepted: the accept asks again.
    made = challenge(http, ana, to=bo["id"], position=text(position_forms(position)[7])).json()
    protected = made_protected(http, position)
    assert refused(act(http, bo, made["id"], "accept"))
    protected.end(http)
    assert act(http, bo, made["id"], "accept").json()["status"] == "accepted"
    for _ in range(20):  # those the walk above made, cleared for the next tests
        mine = http.get("/v1/challenges", headers=bearer(ana["key"])).json()["outgoing"]
        if not mine:
            break
        for pending in mine:
            act(http, ana, pending["id"], "cancel")


def test_a_rated_challenge_waits_for_a_free_maker_and_taker(server, http):
    ana, bo, cy = (new_player(http, name) for name in ("Ana", "Bo", "Cy"))
    streams = [Listener(server.base_url, p["key"]).start_open() for p in (ana, bo, cy)]
    try:
        to_bo = challenge(http, ana, to=bo["id"], clock=BLITZ, rated=True).json()
        to_cy = challenge(http, ana, to=cy["id"], clock=BLITZ, rated=True).json()
        playing = act(http, cy, to_cy["id"], "accept").json()
        assert playing["status"] == "accepted"
        game = http.get(f"/v1/games/{playing['game_id']}").json()
        assert game["rated"] and game["unrated_reason"] is None
        # Ana plays a real-time rated game now: Bo's accept is refused for her.
        busy = act(http, bo, to_bo["id"], "accept")
        assert (busy.status_code, busy.json()["code"]) == (409, "rated_game_in_progress")
        assert act(http, bo, to_bo["id"], "decline", reason="later").json()["status"] == "declined"
        again = challenge(http, ana, to=bo["id"], clock=BLITZ, rated=True)
        assert (again.status_code, again.json()["code"]) == (409, "rated_game_in_progress")
        casual = challenge(http, ana, to=bo["id"], clock=BLITZ)
        assert casual.status_code == 201, "an unrated one is no rated game"
    finally:
        for stream in streams:
            stream.close()


RAPID = {"type": "fischer", "initial_seconds": 600, "increment_seconds": 5}
CLASSICAL = {"type": "fischer", "initial_seconds": 1800, "increment_seconds": 20}


def a_bot(http: httpx.Client, name: str) -> dict:
    bot = new_player(http, name)
    became = http.post("/v1/players/me/bot", headers=bearer(bot["key"]))
    assert became.status_code == 200 and became.json()["bot"] is True
    return bot


def test_a_bot_declines_at_once_what_it_does_not_accept_and_plays_what_it_does(server, http):
    bot, ana = a_bot(http, "Robo"), new_player(http, "Ana")
    accepts = {"categories": ["rapid"], "rated": False, "casual": True, "positions": False}
    said = http.put("/v1/players/me/accepts", json=accepts, headers=bearer(bot["key"]))
    assert said.status_code == 200 and said.json() == accepts
    assert http.get("/v1/players/me/accepts", headers=bearer(bot["key"])).json() == accepts
    ana_stream = Listener(server.base_url, ana["key"]).start_open()
    bot_stream = Listener(server.base_url, bot["key"]).start_open()
    try:
        position = "-.WW.W.R.R.R.B.B.B_r_0-0_15_1r"
        for body, reason in (
            ({"clock": BLITZ}, "too_fast"),
            ({"clock": CLASSICAL}, "too_slow"),
            ({"clock": None}, "too_slow"),
            ({"clock": RAPID, "rated": True}, "casual"),
            ({"clock": RAPID, "position": position}, "position"),
        ):
            refused = challenge(http, ana, to=bot["id"], **body).json()
            assert (refused["status"], refused["decline_reason"]) == ("declined", reason), body
        assert http.get("/v1/challenges", headers=bearer(bot["key"])).json()["incoming"] == []
        welcome = challenge(http, ana, to=bot["id"], clock=RAPID).json()
        assert welcome["status"] == "pending"
        heard(bot_stream, welcome["id"], "pending")
        game_id = act(http, bot, welcome["id"], "accept").json()["game_id"]
        seats = http.get(f"/v1/games/{game_id}").json()["players"]
        by_player = {seat["player_id"]: seat["bot"] for seat in seats.values()}
        assert by_player == {bot["id"]: True, ana["id"]: False}
    finally:
        ana_stream.close()
        bot_stream.close()


def test_a_bot_plays_challenges_not_seeks(server, http):
    bot = a_bot(http, "Robo")
    stream = Listener(server.base_url, bot["key"]).start_open()
    try:
        sought = http.post("/v1/seeks", json={"clock": BLITZ}, headers=bearer(bot["key"]))
        assert (sought.status_code, sought.json()["code"]) == (403, "bots_not_allowed")
    finally:
        stream.close()
