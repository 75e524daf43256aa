"""What one player's keys hold stays bounded however many games the player
plays, through `buttonup serve`: the index keeps the newest GAMES_KEPT games
and what is kept beside it for each (the version relayed, whether its end
was heard) leaves with it; a game's deadline entry leaves when it ends."""

from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
import redis

from buttonup.store.deadlines import DUE_KEY, MARKS_KEY
from buttonup.store.player_events import EVENTS_KEPT, events_key, finished_key, relayed_key
from buttonup.store.player_games import GAMES_KEPT, games_key
from buttonup.store.players import record_key
from tests.conftest import LiveServer
from tests.helpers.games import bearer

pytestmark = pytest.mark.e2e
# A fifth more games than the player's index keeps: each of its keys has
# had to let go of the oldest (the stream, several events a game, long since).
GAMES = GAMES_KEPT * 6 // 5
# MEMORY USAGE of all the player's keys after GAMES games, GAMES_KEPT of them
# kept (measured: 310 to 318 KB on the embedded Redis 6.2: the index 105 KB,
# the player's stream 92 KB, relayed versions 64 KB, games heard over 56 KB),
# with room for other allocators and Redis versions.
PLAYER_BYTES_BOUND = 400_000


def play_one(base_url: str, key: str) -> None:
    """A timed game against a bot, joined with the player's key, resigned."""
    body = {
        "first_player": "red",
        "clock": {"type": "per_move", "seconds": 60},
        "players": {"black": {"type": "bot", "level": "random"}},
    }
    with httpx.Client(base_url=base_url, timeout=10) as http:
        game = http.post("/v1/games", json=body).json()
        joined = http.post(f"/v1/games/{game['id']}/players", headers=bearer(key))
        assert joined.status_code == 201, joined.text
        resigned = http.post(f"/v1/games/{game['id']}/resign", headers=bearer(key))
        assert resigned.status_code == 200, resigned.text


def test_more_games_than_a_player_keeps_leave_the_players_keys_bounded(own_redis):
    """A Redis and a server of this test's own: no other test's games in the
    deadline index."""
    server = LiveServer(["--redis-url", own_redis.url, "--workers", "2"])
    redis_client = redis.Redis.from_url(own_redis.url)
    try:
        ana = httpx.post(f"{server.base_url}/v1/players", json={"name": "Ana"}).json()
        with ThreadPoolExecutor(4) as pool:
            for done in pool.map(lambda _: play_one(server.base_url, ana["key"]), range(GAMES)):
                assert done is None
    finally:
        server.stop(quickly=True)
    player = ana["id"]
    assert redis_client.zcard(games_key(player)) == GAMES_KEPT
    assert redis_client.hlen(relayed_key(player)) <= GAMES_KEPT
    assert redis_client.scard(finished_key(player)) <= GAMES_KEPT
    assert redis_client.xlen(events_key(player)) <= EVENTS_KEPT + 200  # MAXLEN ~ trims by node
    keys = [record_key(player), games_key(player), relayed_key(player)]
    keys += [finished_key(player), events_key(player)]
    sizes = {key: redis_client.memory_usage(key) or 0 for key in keys}
    assert sum(sizes.values()) < PLAYER_BYTES_BOUND, sizes
    # Every game ended: none is left in the deadline index.
    assert redis_client.zcard(DUE_KEY) == 0
    assert redis_client.hlen(MARKS_KEY) == 0


def wait_in(base_url: str, key: str) -> None:
    """A game with the player in red and black's seat open: it waits."""
    with httpx.Client(base_url=base_url, timeout=10) as http:
        game = http.post("/v1/games", json={}).json()
        joined = http.post(
            f"/v1/games/{game['id']}/players", json={"color": "red"}, headers=bearer(key)
        )
        assert joined.status_code == 201, joined.text


def keys_read(redis_client: redis.Redis, request) -> int:
    """The keys Redis looked up while `request` ran (keyspace hits and misses)."""

    def looked_up() -> int:
        stats = redis_client.info("stats")
        return stats["keyspace_hits"] + stats["keyspace_misses"]

    before = looked_up()
    request()
    return looked_up() - before


def test_a_players_list_and_stream_cost_their_page_not_the_games_left_waiting(own_redis):
    """A player sits in games nobody else joins: listing one game, or opening
    the player's stream (which shows the first 50), reads as many keys with
    300 such games as with 150 (every one of them was read each time)."""
    server = LiveServer(["--redis-url", own_redis.url, "--workers", "1"])
    redis_client = redis.Redis.from_url(own_redis.url)
    try:
        key = httpx.post(f"{server.base_url}/v1/players", json={"name": "Ana"}).json()["key"]
        with httpx.Client(base_url=server.base_url, timeout=10, headers=bearer(key)) as http:

            def list_one() -> None:
                page = http.get("/v1/players/me/games", params={"limit": 1}).json()
                assert len(page["items"]) == 1 and page["next"] is not None

            def open_stream() -> None:
                with http.stream("GET", "/v1/players/me/events") as stream:
                    for line in stream.iter_lines():
                        if line.startswith("event: games"):
                            break

            costs = {}
            made = 0
            for waiting in (150, 300):
                with ThreadPoolExecutor(4) as pool:
                    list(pool.map(lambda _: wait_in(server.base_url, key), range(waiting - made)))
                made = waiting
                list_one()  # the first listing of a player may build its agenda
                costs[waiting] = (
                    keys_read(redis_client, list_one),
                    keys_read(redis_client, open_stream),
                )
    finally:
        server.stop(quickly=True)
    # Room for the server's own beats and sweeps, which Redis counts meanwhile;
    # reading every game would add 150 and more.
    assert costs[300][0] <= costs[150][0] + 20, costs
    assert costs[300][1] <= costs[150][1] + 20, costs
