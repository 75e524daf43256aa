"""Outcomes that are not games rated by the ratings wing through the core's
port (ratings.results, games.ports.ResultRating), on a real Redis: a result
changes the player's rating in its wing's pool once however often it is
reported, reports at once lose none, and the games' categories are left as
they were."""

import threading

import pytest

from buttonup.engine.ratings import Category, Rating, rated_against
from buttonup.games.ports import RatedResult
from tests.helpers.wings import Wired

HARD = Rating(rating=1900, deviation=80)


def test_a_result_changes_the_pools_rating_once_however_often_it_is_reported(wings: Wired):
    ana = wings.games.create_player("Ana", None)
    results = wings.games.ports.results
    assert results.rating(ana.player.id, "puzzle") is None
    solved = RatedResult("p1-ana", ana.player.id, "puzzle", HARD, 1.0)
    after = results.rate(solved, 0)
    assert after == rated_against(Rating(), HARD, 1.0) and after.rating > 1500
    assert results.rate(solved, 0) == after  # reported again: nothing more
    assert results.rating(ana.player.id, "puzzle") == after and after.games == 1
    missed = results.rate(RatedResult("p2-ana", ana.player.id, "puzzle", HARD, 0.0), 0)
    assert missed == rated_against(after, HARD, 0.0) and missed.games == 2
    # A pool of its own: the player's game ratings are as they were.
    profile = wings.ratings.profile(ana.player.id)
    assert all(profile.rating(category) == Rating() for category in Category)


def test_results_reported_at_once_are_each_rated_once_and_none_is_lost(wings: Wired):
    bo = wings.games.create_player("Bo", None)
    results = wings.games.ports.results
    reports = [RatedResult(f"r{n}", bo.player.id, "puzzle", HARD, n % 2) for n in range(12)]
    # Each twice, all at once.
    threads = [threading.Thread(target=results.rate, args=(r, 0)) for r in reports + reports]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results.rating(bo.player.id, "puzzle").games == 12


@pytest.mark.parametrize(
    "result",
    [
        RatedResult("r1", "p", "Puzzle!", HARD, 1.0),
        RatedResult("r1", "p", "puzzle", HARD, 1.5),
        RatedResult("r 1" * 30, "p", "puzzle", HARD, 1.0),
    ],
)
def test_a_result_outside_its_bounds_is_refused(wings: Wired, result):
    with pytest.raises(ValueError):
        wings.games.ports.results.rate(result, 0)
