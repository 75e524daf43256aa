"""An idle stream carries keep-alive comments."""

from dataclasses import replace

from buttonup.app import create_app
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
