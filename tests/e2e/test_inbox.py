"""The player inbox through `buttonup serve`, with a wing of the tests' own
(tests/helpers/inbox_wing.py) installed beside the built-in ones: its
notices reach the player's stream among their games' events, a stream
resumed with Last-Event-ID misses none and repeats none, and one that
stands is sent again on every stream opened afresh until withdrawn."""

import itertools
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from tests.conftest import LiveServer
from tests.helpers.games import bearer, new_player
from tests.helpers.sse import Event, sse_events

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def server(redis_server):
    wings = "ratings,seeks,tournaments,tests.helpers.inbox_wing"
    server = LiveServer(
        ["--redis-url", redis_server.url, "--workers", "2"], env={"BUTTONUP_WINGS": wings}
    )
    yield server
    server.stop(quickly=True)


def first_events(server: LiveServer, key: str, count: int, after: str | None = None) -> list:
    """The first `count` events of the player's stream (resumed after `after`)."""
    headers = bearer(key)
    if after is not None:
        headers["Last-Event-ID"] = after
    url = f"{server.base_url}/v1/players/me/events"
    with httpx.stream("GET", url, headers=headers, timeout=10) as answer:
        assert answer.status_code == 200
        return list(itertools.islice(sse_events(answer.iter_lines()), count))


def tell(http: httpx.Client, player_id: str, text: str, stands: str | None = None) -> bool:
    body = {"text": text, **({"stands": stands} if stands else {})}
    answer = http.post(f"/v1/test-inbox/{player_id}", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()["stands"]


def notes(events: list[Event]) -> list[str]:
    return [event.data["text"] for event in events if event.name == "test_note"]


def test_a_wings_notices_reach_the_player_resume_and_stand_until_withdrawn(server):
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        player = new_player(http, "Ana")
        (opened,) = first_events(server, player["key"], 1)
        assert opened.name == "games"
        assert tell(http, player["id"], "one") is False
        assert tell(http, player["id"], "two", stands="challenge-1") is True
        heard = first_events(server, player["key"], 2, after=opened.id)
        assert notes(heard) == ["one", "two"], heard
        assert tell(http, player["id"], "three") is False
        # Resumed after "one": the rest, once each, and no list of games.
        resumed = first_events(server, player["key"], 2, after=heard[0].id)
        assert [event.name for event in resumed] == ["test_note", "test_note"]
        assert notes(resumed) == ["two", "three"]
        # Opened afresh: the games, then what stands (as of the same position).
        fresh = first_events(server, player["key"], 2)
        assert [event.name for event in fresh] == ["games", "test_note"]
        assert notes(fresh) == ["two"] and fresh[1].id == fresh[0].id
        withdrawn = http.delete(f"/v1/test-inbox/{player['id']}/challenge-1")
        assert withdrawn.json() == {"withdrawn": True}
        # Withdrawn, it stands no more: after the games comes what is new.
        with ThreadPoolExecutor(1) as reader:
            fresh_read = reader.submit(first_events, server, player["key"], 2)
            time.sleep(1)  # the stream opened: what is told now comes after its list
            assert tell(http, player["id"], "four") is False
            fresh = fresh_read.result(timeout=15)
        assert [event.name for event in fresh] == ["games", "test_note"]
        assert notes(fresh) == ["four"] and fresh[1].id != fresh[0].id


def test_another_players_notices_never_reach_the_player(server):
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
        tell(http, bo["id"], "for Bo, standing", stands="c")
        with ThreadPoolExecutor(1) as reader:
            read = reader.submit(first_events, server, ana["key"], 2)
            time.sleep(1)  # Ana's stream is open
            tell(http, bo["id"], "for Bo")
            tell(http, ana["id"], "for Ana")
            (games, note) = read.result(timeout=15)
        assert games.name == "games" and notes([note]) == ["for Ana"]
