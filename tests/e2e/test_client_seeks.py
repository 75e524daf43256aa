"""Play anyone now through the generated client, as its README shows it:
two players follow their streams, seek once `games` came, and meet in one
game, each with their own seat's token."""

import json
import threading

from buttonup_client import AuthenticatedClient, Client
from buttonup_client.api.players import create_player, stream_my_events
from buttonup_client.api.seeks import create_seek
from buttonup_client.models import (
    CreatePlayer,
    FischerClockSettings,
    GameStartEvent,
    GameStartEventData,
    MyGamesEvent,
    SeekRequest,
)


def play_anyone(base_url: str, name: str, found: dict) -> None:
    made = create_player.sync(client=Client(base_url=base_url), body=CreatePlayer(name=name))
    with AuthenticatedClient(base_url=base_url, token=made.key) as player:
        blitz = FischerClockSettings(type_="fischer", initial_seconds=180, increment_seconds=2)
        for event in stream_my_events.follow(client=player):
            if isinstance(event, MyGamesEvent):
                create_seek.sync(client=player, body=SeekRequest(clock=blitz, rated=True))
            elif isinstance(event, GameStartEvent):
                found[name] = GameStartEventData.from_dict(json.loads(event.data))
                break


def test_two_clients_seeking_meet_in_one_game_as_the_readme_says(live_server):
    found: dict = {}
    players = [
        threading.Thread(target=play_anyone, args=(live_server.base_url, name, found))
        for name in ("Ana", "Bo")
    ]
    for thread in players:
        thread.start()
    for thread in players:
        thread.join(30)
    assert set(found) == {"Ana", "Bo"}
    assert found["Ana"].game_id == found["Bo"].game_id
    assert {found["Ana"].color, found["Bo"].color} == {"red", "black"}
    assert found["Ana"].token != found["Bo"].token
