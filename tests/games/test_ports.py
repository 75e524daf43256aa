"""The ports' defaults (games.ports), what the core does with no wing
installed, on the use cases' real Redis: a rated game seats players with
the rating their record holds and nothing bounds rated play; a player's
stream keeps no padded keep-alive."""

from buttonup.engine import Color, Options
from buttonup.engine.ratings import Rating
from buttonup.games import Games, NewGame, PaddedKeepAlive
from buttonup.games.ports import NobodyListens, StoredRatings
from tests.games.clock import BLITZ


def test_without_the_ratings_wing_a_rated_seat_holds_the_players_stored_rating(games):
    assert isinstance(games.ports.seating, StoredRatings)
    ana, bo = (games.create_player(name, None) for name in ("Ana", "Bo"))
    first = games.create(NewGame(Options(seed=1, rated=True, clock=BLITZ)), None).match.id
    games.join(first, Color.RED, None, credential=ana.key)
    started = games.join(first, Color.BLACK, None, credential=bo.key).outcome.match
    assert started.status.value == "playing" and started.red.rating == Rating()
    # A second real-time rated game while the first is played: the ratings
    # wing would refuse it (rated_game_in_progress); the core alone does not.
    second = games.create(NewGame(Options(seed=2, rated=True, clock=BLITZ)), None).match.id
    seated = games.join(second, Color.RED, None, credential=ana.key)
    assert seated.outcome.match.red.rating == Rating()
    assert games.consequences.names == ["review", "relays", "fair_play", "metrics"]


def test_without_the_seeks_wing_a_players_stream_sends_no_padded_keep_alive(
    games: Games, redis_server
):
    assert isinstance(games.ports.listening, NobodyListens)
    ana = games.create_player("Ana", None)
    stream = games.watch_player(ana.player, None, 50)
    try:
        next(stream)  # the games list
        assert next(stream) == [], "an empty batch: the keep-alive, not a padded one"
        assert PaddedKeepAlive() not in next(stream)
    finally:
        stream.close()
