"""Every event the service emits validates against its own schema in the
published spec, through a live server: the spec's event types are the
stream's, field for field."""

import json
import time
from pathlib import Path

import httpx
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from tests.e2e.test_tournaments import BLITZ, two_players_in
from tests.helpers.games import bearer, play_out, start_game
from tests.helpers.sse import sse_frames

ROOT = Path(__file__).resolve().parents[2]
SPEC = json.loads((ROOT / "openapi" / "openapi.json").read_text())
REGISTRY = Registry().with_resource("urn:spec", Resource(contents=SPEC, specification=DRAFT202012))
STREAM = SPEC["paths"]["/v1/games/{game_id}/events"]["get"]["responses"]["200"]
MAPPING = STREAM["content"]["text/event-stream"]["schema"]["discriminator"]["mapping"]


def validator(event: str) -> Draft202012Validator:
    """The event as sent: `data` a string."""
    pointer = MAPPING[event].removeprefix("#")
    return Draft202012Validator({"$ref": f"urn:spec#{pointer}"}, registry=REGISTRY)


def data_validator(event: str) -> Draft202012Validator:
    """Its data once parsed, by the frame's `contentSchema`."""
    component = MAPPING[event].rsplit("/", 1)[1]
    content = SPEC["components"]["schemas"][component]["properties"]["data"]["contentSchema"]
    pointer = content["$ref"].removeprefix("#")
    return Draft202012Validator({"$ref": f"urn:spec#{pointer}"}, registry=REGISTRY)


def stream(
    base_url: str,
    game_id: str,
    after: int | None = None,
    count: int | None = None,
    until: str = "game_over",
) -> list[dict]:
    """The stream's events as {event, id, data (parsed)}, until it ends, `count`
    came or the event `until` (a finished game's stream stays open while a
    rematch can be arranged)."""
    query = f"?after={after}" if after is not None else ""
    events: list[dict] = []
    with httpx.stream("GET", f"{base_url}/v1/games/{game_id}/events{query}", timeout=30) as r:
        for fields in sse_frames(r.iter_lines()):
            events.append(fields)
            if (count is not None and len(events) == count) or fields.get("event") == until:
                break
    return events


def played_out(http: httpx.Client, *, resign: bool) -> str:
    game, tokens = start_game(http, target_score=3, seed=11)
    game = play_out(http, game, tokens, moves=3 if resign else None)
    if resign:
        to_move = tokens[game["round"]["to_move"]]
        http.post(f"/v1/games/{game['id']}/resign", headers=bearer(to_move))
    return game["id"]


def ended_otherwise(http: httpx.Client) -> list[str]:
    """Games that end by a timeout, an abort and a claim (the suite's servers
    let a claim in after 1 s)."""
    moved = []
    for options in ({"clock": {"type": "per_move", "seconds": 5}}, {}):
        game, tokens = start_game(http, first_player="red", **options)
        moved.append((play_out(http, game, tokens, moves=1), tokens))
    (timed, _), (claimed, tokens) = moved
    aborted, aborted_tokens = start_game(http)
    http.post(f"/v1/games/{aborted['id']}/abort", headers=bearer(aborted_tokens["red"]))
    time.sleep(1.1)
    by = tokens[{"red": "black", "black": "red"}[claimed["round"]["to_move"]]]
    assert http.post(f"/v1/games/{claimed['id']}/claim-victory", headers=bearer(by)).is_success
    time.sleep(max(0.0, 5.2 - 1.1))
    return [timed["id"], aborted["id"], claimed["id"]]


def rematched(http: httpx.Client) -> str:
    """A finished game whose seats both asked for a rematch: its stream ends."""
    game, tokens = start_game(http, target_score=1, seed=5)
    play_out(http, game, tokens)
    for color in ("red", "black"):
        http.post(f"/v1/games/{game['id']}/rematch", headers=bearer(tokens[color]))
    return game["id"]


def berserked(http: httpx.Client, base_url: str) -> str:
    """An arena's game (the only ones that allow berserk) whose red goes berserk."""
    arena = {"name": "Schemas", "system": "arena", "clock": BLITZ, "minutes": 10}
    with two_players_in(base_url, http, arena) as (_, streams):
        start = streams[0].game_start(10)
    answer = http.post(f"/v1/games/{start['game_id']}/berserk", headers=bearer(start["token"]))
    assert answer.status_code == 200 and answer.json()["clock"]["berserk"] == [start["color"]]
    return start["game_id"]


def test_every_event_emitted_validates_against_its_schema(http, live_server):
    seen = set()
    in_play, _ = start_game(http)
    # A stream of a game in play: the snapshot, then who is connected.
    events = stream(live_server.base_url, in_play["id"], count=2)
    game_ids = [played_out(http, resign=False), played_out(http, resign=True)]
    for game_id in [*game_ids, *ended_otherwise(http)]:
        # From version 0 every change; a fresh connection adds the snapshot.
        events += stream(live_server.base_url, game_id, after=0)
        events += stream(live_server.base_url, game_id)
    events += stream(live_server.base_url, rematched(http), after=0, until="rematch")
    events += stream(
        live_server.base_url, berserked(http, live_server.base_url), after=0, until="berserk"
    )
    for event in events:
        errors = list(validator(event["event"]).iter_errors(event))
        errors += data_validator(event["event"]).iter_errors(json.loads(event["data"]))
        assert not errors, (event["event"], [error.message for error in errors[:3]])
        seen.add(event["event"])
    assert seen == set(MAPPING), seen


def test_an_event_of_the_wrong_shape_fails_its_schema():
    """The check can fail: a move event without its game, or named otherwise."""
    assert list(data_validator("move").iter_errors({"move": {}}))
    assert list(validator("game").iter_errors({"event": "move", "id": "3", "data": "{}"}))
    assert list(validator("game").iter_errors({"event": "game", "id": "3", "data": {}}))
