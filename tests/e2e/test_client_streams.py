"""The generated client follows a game's events with `follow()`: typed
events, resumed with Last-Event-ID after a dropped or silent connection,
through a live `buttonup serve`."""

import json
import threading
import time

import httpx
from buttonup_client import Client
from buttonup_client.api.events import stream_events
from buttonup_client.models import (
    GameEvent,
    GameOverEvent,
    JoinedEvent,
    MoveEvent,
    MoveEventData,
    PresenceEvent,
    RematchEvent,
    RematchOfferedEvent,
    RoundOverEvent,
)

from tests.helpers.games import play_out, take_seats


def new_game(http: httpx.Client) -> str:
    return http.post(
        "/v1/games", json={"target_score": 2, "seed": 5, "first_player": "red"}
    ).json()["id"]


def seated_and_played_out(http: httpx.Client, game_id: str, pause: float = 0.0) -> dict:
    return play_out(http, *take_seats(http, game_id), pause=pause)


def follow_in_background(base_url: str, game_id: str, **options) -> tuple[threading.Thread, list]:
    events: list = []

    def run() -> None:
        with Client(base_url=base_url, timeout=httpx.Timeout(10)) as client:
            for event in stream_events.follow(game_id, client=client, **options):
                # Presence (no id) is followed too; these tests look at the changes.
                if not isinstance(event, PresenceEvent):
                    events.append(event)
                if isinstance(event, GameOverEvent):
                    break  # the stream stays open for a rematch: done with the game

    thread = threading.Thread(target=run)
    thread.start()
    return thread, events


def test_a_whole_game_is_followed_as_typed_events(http, live_server):
    game_id = new_game(http)
    thread, events = follow_in_background(live_server.base_url, game_id)
    time.sleep(0.5)
    final = seated_and_played_out(http, game_id)
    thread.join(30)
    assert not thread.is_alive()
    assert isinstance(events[0], GameEvent)
    assert isinstance(events[-1], GameOverEvent)
    kinds = {type(event) for event in events}
    assert {JoinedEvent, MoveEvent, RoundOverEvent} <= kinds
    ids = [int(event.id) for event in events]
    assert ids == sorted(ids) and ids[-1] == final["version"]
    moves = [
        MoveEventData.from_dict(json.loads(e.data)) for e in events if isinstance(e, MoveEvent)
    ]
    assert [move.move.number for move in moves] == list(range(1, len(moves) + 1))
    assert json.loads(events[-1].data) == final


def test_a_silent_connection_is_resumed_and_loses_nothing(http, live_server):
    """Silence longer than idle_timeout (the keep-alive is 10 s away) drops the
    connection; follow() resumes after the last event it had."""
    game_id = new_game(http)
    thread, events = follow_in_background(live_server.base_url, game_id, idle_timeout=0.3)
    time.sleep(1.0)  # a few silent connections, each resumed
    final = seated_and_played_out(http, game_id, pause=0.4)
    thread.join(60)
    assert not thread.is_alive()
    ids = [int(event.id) for event in events]
    assert ids == sorted(ids)
    # No change missed and none twice: each version once, the events of one
    # change sharing it.
    changes = [int(e.id) for e in events if isinstance(e, (JoinedEvent, MoveEvent))]
    assert changes == list(range(1, final["version"] + 1))
    assert sum(isinstance(event, GameEvent) for event in events) == 1


def test_a_finished_game_gives_its_state_and_its_end(http, live_server):
    game_id = new_game(http)
    seats = take_seats(http, game_id)
    play_out(http, *seats)
    for token in seats[1].values():  # a rematch made: nothing more can come, the stream ends
        http.post(f"/v1/games/{game_id}/rematch", headers={"Authorization": f"Bearer {token}"})
    final = http.get(f"/v1/games/{game_id}").json()
    with Client(base_url=live_server.base_url, timeout=httpx.Timeout(10)) as client:
        events = list(stream_events.follow(game_id, client=client))  # until the stream ends
        # The plain function no longer chokes on the stream.
        assert stream_events.sync(game_id, client=client) is None
    assert [type(event) for event in events] == [GameEvent, GameOverEvent]
    assert json.loads(events[0].data) == final


def test_follow_ends_at_game_over_unless_it_waits_for_the_rematch(http, live_server):
    """The stream itself stays open for the rematch window (600 s here):
    follow() ends at `game_over` by default, and with `wait_for_rematch`
    goes on to `rematch_offered` and `rematch`."""
    game_id = new_game(http)
    seats = take_seats(http, game_id)
    play_out(http, *seats)
    heard: dict[str, list] = {"plain": [], "waiting": []}

    def follow(name: str, **options) -> None:
        with Client(base_url=live_server.base_url, timeout=httpx.Timeout(10)) as client:
            for event in stream_events.follow(game_id, client=client, **options):
                heard[name].append(type(event))

    plain = threading.Thread(target=follow, args=("plain",), daemon=True)
    plain.start()
    plain.join(10)
    assert not plain.is_alive(), "follow() still open after game_over"
    assert heard["plain"][-1] is GameOverEvent
    waiting = threading.Thread(
        target=follow, args=("waiting",), kwargs={"wait_for_rematch": True}, daemon=True
    )
    waiting.start()
    deadline = time.monotonic() + 10
    while GameOverEvent not in heard["waiting"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert waiting.is_alive(), "it waits for the rematch"
    for token in seats[1].values():
        http.post(f"/v1/games/{game_id}/rematch", headers={"Authorization": f"Bearer {token}"})
    waiting.join(10)
    assert not waiting.is_alive()
    changes = [kind for kind in heard["waiting"] if kind is not PresenceEvent]
    assert changes[-2:] == [RematchOfferedEvent, RematchEvent]
