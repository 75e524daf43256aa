"""What players hear of their games, relayed by the use cases on the suite's
real Redis: the notices of a commit, a paired game's create relaying in the
same call, and the catch-up of versions that no process relayed (one that
died between commit and relay)."""

import pytest

from buttonup.engine import PLAYERS, Color, Options, Origin
from buttonup.engine.player import Player, PlayerEventName
from buttonup.engine.ratings import Rating
from buttonup.games import Games, NewGame
from buttonup.games import player_streams as player_streams_module
from buttonup.games.pairing import PairedPlayer, Pairings
from buttonup.games.relays import Relayer
from buttonup.store import GameStore, connect, new_game_id
from buttonup.store.player_events import agenda_keys, events_key, relayed_key
from tests.games.clock import Clock


@pytest.fixture
def games(redis_server, redis_client) -> Games:
    store = GameStore(connect(redis_server.url), game_ttl_seconds=600, reply_ttl_seconds=60)
    return Games(store, clock=Clock())


def heard(redis_client, player_id: str) -> list[tuple[int, str]]:
    return [
        (int(fields[b"v"]), fields[b"e"].decode())
        for _, fields in redis_client.xrange(events_key(player_id))
    ]


def two_players_game(games: Games) -> tuple[str, dict[Color, str], dict[Color, Player]]:
    keys = {color: games.create_player(color.value, None).key for color in PLAYERS}
    game_id = games.create(NewGame(Options(seed=3, first_player=Color.RED)), None).match.id
    tokens = {
        color: games.join(game_id, color, None, credential=keys[color]).token for color in PLAYERS
    }
    return game_id, tokens, {color: games.player(keys[color]) for color in PLAYERS}


def open_stream(games: Games, player: Player) -> None:
    """A player's stream opened and closed (it catches up first)."""
    stream = games.watch_player(player, None, 100)
    next(stream)
    stream.close()


def test_each_seated_player_hears_the_start_and_their_turns(games, redis_client):
    game_id, tokens, players = two_players_game(games)
    match = games.get(game_id)
    games.play(game_id, tokens[Color.RED], match.game.legal_moves()[0])
    red = heard(redis_client, players[Color.RED].id)
    black = heard(redis_client, players[Color.BLACK].id)
    assert PlayerEventName.GAME_STARTED.value in [name for _, name in red]
    assert PlayerEventName.GAME_STARTED.value in [name for _, name in black]
    assert [version for version, _ in red] == sorted(version for version, _ in red)


def test_versions_nobody_relayed_are_caught_up_from_the_log_once(games, redis_client):
    game_id, tokens, players = two_players_game(games)
    black = players[Color.BLACK].id
    before = heard(redis_client, black)
    version = games.get(game_id).version
    for _ in range(3):
        match = games.get(game_id)
        games.play(game_id, tokens[match.game.to_move], match.game.legal_moves()[0])
    told = heard(redis_client, black)[len(before) :]
    assert told, "the moves were relayed as they were made"
    # As if the process that made them died before relaying them.
    redis_client.xtrim(events_key(black), maxlen=len(before), approximate=False)
    redis_client.hset(relayed_key(black), game_id, version)
    open_stream(games, players[Color.BLACK])
    assert heard(redis_client, black)[len(before) :] == told
    open_stream(games, players[Color.BLACK])
    assert heard(redis_client, black)[len(before) :] == told, "caught up once"


def test_a_game_whose_maker_died_before_its_first_relay_is_caught_up(games, redis_client):
    """Its seat is in the player's index (written before the commit) but on
    no agenda (the first relay puts it there): the stream's catch-up finds
    it among the newest seats and tells all of it, once."""
    game_id, _, players = two_players_game(games)
    black = players[Color.BLACK].id
    told = heard(redis_client, black)
    assert told
    # As if the process that seated the players died before relaying anything.
    redis_client.delete(events_key(black))
    redis_client.hset(relayed_key(black), game_id, told[0][0] - 1)
    for key in agenda_keys(black):
        redis_client.zrem(key, game_id)
    open_stream(games, players[Color.BLACK])
    assert heard(redis_client, black) == told
    open_stream(games, players[Color.BLACK])
    assert heard(redis_client, black) == told, "caught up once"


def test_a_paired_games_create_relays_to_its_players_in_the_same_call(
    games, redis_client, monkeypatch
):
    """On one Redis a create writes what its players hear with the game: a
    process that died right after it, before any relay of its own, leaves
    nothing for a catch-up to find."""
    monkeypatch.setattr(Relayer, "committed", lambda self, relays: None)
    players = {color: games.create_player(color.value, None) for color in PLAYERS}
    pairings = Pairings(games.store, games.pipeline, games.clock, games.ports)
    paired = {
        color: PairedPlayer(player.player.id, color.value, Rating())
        for color, player in players.items()
    }
    match = pairings.start(new_game_id(), Options(seed=3, origin=Origin("seeks", "s1")), paired)
    for color in PLAYERS:
        told = heard(redis_client, players[color].player.id)
        names = [name for _, name in told]
        assert PlayerEventName.GAME_START.value in names
        assert PlayerEventName.GAME_STARTED.value in names
        assert int(redis_client.hget(relayed_key(players[color].player.id), match.id)) == (
            match.version
        )


def test_on_one_redis_a_players_stream_catches_up_only_as_it_opens(
    redis_server, redis_client, monkeypatch
):
    """Nothing is ever left to relay there, so an idle stream's periodic
    catch-up, a tenth of a core at 6,667 streams, is not made."""
    caught_up: list[str] = []
    catch_up = Relayer.catch_up_player
    monkeypatch.setattr(
        Relayer, "catch_up_player", lambda self, id: caught_up.append(id) or catch_up(self, id)
    )
    monkeypatch.setattr(player_streams_module, "PLAYER_CATCH_UP_SECONDS", 0.0)
    store = GameStore(connect(redis_server.url), game_ttl_seconds=600, reply_ttl_seconds=60)
    games = Games(store, clock=Clock())
    player = games.player(games.create_player("ana", None).key)
    stream = games.watch_player(player, None, 5)
    for _ in range(4):
        assert next(stream) is not None
    stream.close()
    assert caught_up == [player.id]
