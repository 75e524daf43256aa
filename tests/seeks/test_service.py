"""Seeks on the suite's real Redis: a pairing whose process died before its
game was made is completed by the sweep, once, whoever sweeps; each player
hears game_start once; a seek of a player who stopped listening is neither
paired nor shown."""

import time

from buttonup.engine import PLAYERS, Color, Options
from buttonup.engine.options import UnratedReason
from buttonup.engine.player import PlayerEventName
from buttonup.engine.ratings import Category, Rating
from buttonup.games import NewGame, PaddedKeepAlive
from buttonup.seeks.model import NewSeek, Seek
from buttonup.seeks.service import PAIRING_SETTLED_MS
from buttonup.store import GameStore, connect
from buttonup.store.player_events import events_key
from tests.games.clock import BLITZ, Clock
from tests.helpers.wings import sweep_at_once, wired


def heard(redis_client, player_id: str) -> list[str]:
    return [fields[b"e"].decode() for _, fields in redis_client.xrange(events_key(player_id))]


def a_seek(player_id: str, name: str, clock: Clock) -> Seek:
    return Seek(
        id=f"seek{player_id}"[:20],
        player_id=player_id,
        name=name,
        rating=Rating(),
        clock=BLITZ,
        rated=False,
        created_at=clock(),
    )


def test_a_pairing_left_by_a_dead_process_is_completed_by_the_sweep_once(
    store, clock, redis_client
):
    sweepers = [wired(store, clock).games for _ in range(3)]
    board = wired(store, clock).seeks.board
    ana = sweepers[0].create_player("Ana", None).player
    bo = sweepers[0].create_player("Bo", None).player
    with board.listening(ana.id), board.listening(bo.id):
        first = a_seek(ana.id, "Ana", clock)
        assert board.add(first, "pairedGame0123456789", True, clock()) is None
        # Bo's seek pairs; the process dies before making the game.
        pairing = board.add(a_seek(bo.id, "Bo", clock), "pairedGame0123456789", False, clock())
    assert pairing is not None and pairing.waiting.player_id == ana.id
    assert board.open(clock(), list(Category), None, 100)[0] == []
    clock.now += PAIRING_SETTLED_MS
    sweep_at_once(sweepers)
    match = sweepers[0].get("pairedGame0123456789")
    assert {match.seat(color).player_id for color in PLAYERS} == {ana.id, bo.id}
    assert match.options.origin.wing == "seeks" and match.version == 2
    for player in (ana, bo):
        names = heard(redis_client, player.id)
        assert names.count(PlayerEventName.GAME_START.value) == 1, names
    assert board.claim_pairings(clock.now + 10**9, 10, clock.now + 10**9) == []


def test_a_seek_whose_player_stopped_listening_is_not_paired(wings):
    ana = wings.games.create_player("Ana", None)
    bo = wings.games.create_player("Bo", None)
    with wings.seeks.board.listening(ana.player.id):
        wings.seeks.seek(ana.key, NewSeek(clock=BLITZ))
        assert [seek.name for seek in wings.seeks.open(None, 50, None)[0]] == ["Ana"]
    assert wings.seeks.open(None, 50, None) == ([], None), "her stream closed"
    with wings.seeks.board.listening(bo.player.id):
        placed = wings.seeks.seek(bo.key, NewSeek(clock=BLITZ))
    assert placed.game_id is None, "nobody is paired with someone who left"


def test_a_seek_takes_the_colour_it_asks_for(wings):
    ana = wings.games.create_player("Ana", None)
    bo = wings.games.create_player("Bo", None)
    with wings.seeks.board.listening(ana.player.id), wings.seeks.board.listening(bo.player.id):
        wings.seeks.seek(ana.key, NewSeek(clock=None, color=Color.BLACK))
        placed = wings.seeks.seek(bo.key, NewSeek(clock=None))
    match = wings.games.get(placed.game_id)
    assert match.black.player_id == ana.player.id and match.red.player_id == bo.player.id
    assert match.clock is None and match.status.value == "playing"


def test_a_rated_pairing_of_a_player_who_took_on_another_game_meanwhile_plays_unrated(wings):
    """A pairing cannot be undone: a seeker who started another real-time
    rated game after seeking is paired all the same, into an unrated game
    that says why (through the ratings wing's seating port)."""
    games = wings.games
    ana, bo, cy = (games.create_player(name, None) for name in ("Ana", "Bo", "Cy"))
    board = wings.seeks.board
    with board.listening(ana.player.id), board.listening(cy.player.id):
        wings.seeks.seek(ana.key, NewSeek(clock=BLITZ, rated=True))
        other = games.create(NewGame(Options(rated=True, clock=BLITZ)), None).match.id
        games.join(other, Color.RED, None, credential=ana.key)
        games.join(other, Color.BLACK, None, credential=bo.key)  # she plays it now
        placed = wings.seeks.seek(cy.key, NewSeek(clock=BLITZ, rated=True))
    paired = games.get(placed.game_id)
    assert {paired.red.player_id, paired.black.player_id} == {ana.player.id, cy.player.id}
    assert not paired.rated and paired.unrated is UnratedReason.RATED_GAME_IN_PROGRESS


def test_a_seeking_players_stream_keeps_alive_every_second(redis_server, clock):
    """A write is how a stream nobody reads is noticed: while its player
    seeks, the stream sends a keep-alive, padded, every second, not every ten."""
    store = GameStore(
        connect(redis_server.url),
        blocking_client=connect(redis_server.url, socket_timeout=20),  # as the app's
        game_ttl_seconds=600,
        reply_ttl_seconds=60,
    )
    wings = wired(store, clock)
    ana = wings.games.create_player("Ana", None)
    stream = wings.games.watch_player(ana.player, None, 10_000)
    try:
        next(stream)  # the games list: the stream is open, the player listening
        wings.seeks.seek(ana.key, NewSeek(clock=BLITZ))
        started = time.monotonic()
        assert next(stream) == [PaddedKeepAlive()], "woken as the seek is placed"
        assert next(stream) == [PaddedKeepAlive()]
        assert time.monotonic() - started < 5
    finally:
        stream.close()
