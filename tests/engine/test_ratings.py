"""Ratings: a rated game's result moves both players' Glicko-2 ratings as
the library computes them, and a game's time control names its category."""

import pytest
from glicko2.math.algorithm import update_rating
from glicko2.math.conversions import mu_to_rating, phi_to_rd, rating_to_mu, rd_to_phi

from buttonup.engine import Color
from buttonup.engine.clock import ClockSettings, ClockType
from buttonup.engine.ratings import (
    PROVISIONAL_DEVIATION,
    Category,
    Rating,
    category_of,
    rated,
)

R, B = Color.RED, Color.BLACK


def test_the_library_gives_glickmans_worked_example():
    """Glickman, "Example of the Glicko-2 system": 1500 (RD 200) beats 1400
    (30), loses to 1550 (100) and 1700 (300): 1464.06, 151.52, 0.05999.
    Pins the library's maths, whatever its version."""
    opponents = [(1400, 30, 1.0), (1550, 100, 0.0), (1700, 300, 0.0)]
    updated = update_rating(
        rating_to_mu(1500),
        rd_to_phi(200),
        0.06,
        [(rating_to_mu(r), rd_to_phi(rd), score) for r, rd, score in opponents],
    )
    assert mu_to_rating(updated.mu) == pytest.approx(1464.06, abs=0.01)
    assert phi_to_rd(updated.phi) == pytest.approx(151.52, abs=0.01)
    assert updated.sigma == pytest.approx(0.05999, abs=0.00001)


def test_a_win_moves_the_winner_up_and_the_loser_down_as_much_between_equals():
    after = rated({R: Rating(), B: Rating()}, R)
    assert after[R].rating > 1500 > after[B].rating
    assert after[R].rating - 1500 == pytest.approx(1500 - after[B].rating)
    assert after[R].deviation < Rating().deviation and after[R].games == 1


def test_a_draw_between_equals_moves_neither_rating():
    after = rated({R: Rating(), B: Rating()}, None)
    assert after[R].rating == pytest.approx(1500) and after[B].rating == pytest.approx(1500)
    assert (after[R].games, after[B].games) == (1, 1)


def test_beating_a_stronger_player_gains_more_than_beating_a_weaker_one():
    strong, weak = Rating(1800, 80), Rating(1200, 80)
    me = Rating(1500, 80)
    assert (
        rated({R: me, B: strong}, R)[R].rating - 1500 > rated({R: me, B: weak}, R)[R].rating - 1500
    )


def test_a_rating_is_provisional_while_its_deviation_is_high():
    assert Rating().provisional
    assert not Rating(deviation=PROVISIONAL_DEVIATION).provisional


@pytest.mark.parametrize(
    ("clock", "category"),
    [
        (None, Category.UNTIMED),
        (ClockSettings(ClockType.PER_MOVE, seconds=86_400), Category.DAILY),
        (ClockSettings(ClockType.FISCHER, 180, 2), Category.BLITZ),  # 3 + 20 x 2 s: 3:40
        (ClockSettings(ClockType.FISCHER, 300, 9), Category.RAPID),  # 5 + 3 = 8:00
        (ClockSettings(ClockType.FISCHER, 900, 10), Category.RAPID),  # 18:20
        (ClockSettings(ClockType.FISCHER, 1200, 15), Category.CLASSICAL),  # 25:00
    ],
)
def test_a_games_time_control_names_its_category(clock, category):
    assert category_of(clock) is category
