"""An idle stream carries keep-alive comments."""

from dataclasses import replace

from buttonup.app import create_app
from buttonup.games.game_streams import VERSION_LOOK_EVERY
from tests.helpers.games import create_game


def test_an_idle_stream_sends_keep_alive_comments(settings):
    app = create_app(replace(settings, events_keepalive_seconds=0.1))
    client = app.test_client()
    game = create_game(client)
    response = client.get(f"/v1/games/{game['id']}/events", buffered=False)
    chunks = response.response
    first = next(chunks).decode()
    assert first.startswith("id: 0\nevent: game\ndata: ")
    assert next(chunks) == b": keep-alive\n\n"
    assert next(chunks) == b": keep-alive\n\n"
    response.close()


def game_reads(redis_client) -> int:
    """GETRANGEs Redis has answered: how a game's version is read."""
    return redis_client.info("commandstats").get("cmdstat_getrange", {}).get("calls", 0)


def idle_stream(settings):
    """A new game's stream with a keep-alive every 50 ms, past its first two
    events (the game, then who is connected): the game, the response."""
    app = create_app(replace(settings, events_keepalive_seconds=0.05))
    client = app.test_client()
    game = create_game(client)
    response = client.get(f"/v1/games/{game['id']}/events", buffered=False)
    next(response.response)
    next(response.response)
    return game, response


def test_an_idle_stream_looks_at_its_game_once_in_several_keep_alives(settings, redis_client):
    _, response = idle_stream(settings)
    chunks = response.response
    before = game_reads(redis_client)
    for _ in range(2 * VERSION_LOOK_EVERY):
        assert next(chunks) == b": keep-alive\n\n"
    assert game_reads(redis_client) - before == 2
    response.close()


def test_the_stream_of_a_game_gone_while_watched_ends(settings, redis_client):
    game, response = idle_stream(settings)
    chunks = response.response
    redis_client.delete(*redis_client.keys(f"*{game['id']}*"))  # as if it expired
    rest = list(chunks)  # ends by itself
    assert 0 < len(rest) <= VERSION_LOOK_EVERY
    assert all(chunk == b": keep-alive\n\n" for chunk in rest)
    response.close()
