"""What bounds rated play (ratings.rated_play), at the use cases' level on a
real Redis: one real-time rated game in play per player, a place let go as
its game ends, and the pair's daily limit past which games play unrated."""

import pytest

from buttonup import errors
from buttonup.engine import Color, Options
from buttonup.engine.options import UnratedReason
from buttonup.engine.ratings import Category
from buttonup.games import NewGame
from tests.games.clock import BLITZ
from tests.helpers.wings import wired


def rated_blitz(games, red_key: str, black_key: str):
    """A rated blitz game, red and black seated by their keys: the match."""
    game_id = games.create(NewGame(Options(rated=True, clock=BLITZ)), None).match.id
    games.join(game_id, Color.RED, None, credential=red_key)
    return games.join(game_id, Color.BLACK, None, credential=black_key).outcome.match


def test_a_player_in_a_real_time_rated_game_takes_on_no_other_until_it_ends(games):
    ana, bo, cy = (games.create_player(name, None).key for name in ("Ana", "Bo", "Cy"))
    first = rated_blitz(games, ana, bo)
    other = games.create(NewGame(Options(rated=True, clock=BLITZ)), None).match.id
    with pytest.raises(errors.RatedGameInProgress):
        games.join(other, Color.RED, None, credential=ana)
    games.resign(first.id, bo)  # before any move: an abort, and her place let go
    seated = games.join(other, Color.RED, None, credential=ana)
    assert seated.outcome.match.red.player_id == games.player(ana).id
    games.join(other, Color.BLACK, None, credential=cy)


def test_those_in_a_real_time_rated_game_are_told_apart_from_many_at_once(games):
    ana, bo, cy = (games.create_player(name, None) for name in ("Ana", "Bo", "Cy"))
    ids = [ana.player.id, bo.player.id, cy.player.id]
    first = rated_blitz(games, ana.key, bo.key)
    seating = games.ports.seating
    assert seating.may_not_sit(ids, Category.BLITZ) == {ana.player.id, bo.player.id}
    games.resign(first.id, bo.key)  # over: their places are stale, and dropped
    assert seating.may_not_sit(ids, Category.BLITZ) == set()


def test_past_the_pairs_daily_limit_games_are_played_unrated_and_say_why(store, clock):
    games = wired(store, clock, pair_games_per_day=2).games
    ana, bo = (games.create_player(name, None).key for name in ("Ana", "Bo"))
    for _ in range(2):
        match = rated_blitz(games, ana, bo)
        assert match.rated and match.unrated is None
        games.resign(match.id, bo)
    third = rated_blitz(games, ana, bo)
    assert not third.rated and third.unrated is UnratedReason.PAIR_LIMIT
