"""The fair-play flag's rule: the binomial tail it tests with, and when it
flags (tests/bench/test_fair_play_flags.py runs it on bot populations)."""

import math

import pytest

from buttonup.engine.flag_rule import (
    MIN_MATTERED,
    REFERENCE_SHARE,
    SIGNIFICANCE,
    binomial_tail,
    evidence,
)
from buttonup.engine.review import SeatReview


def direct_tail(k: int, n: int, p: float) -> float:
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


@pytest.mark.parametrize("n", [1, 5, 20, 60, 150])
def test_the_binomial_tail_is_the_sum_of_its_terms(n):
    for k in range(0, n + 2):
        for p in (0.3, REFERENCE_SHARE, 0.95):
            assert binomial_tail(k, n, p) == pytest.approx(
                direct_tail(k, n, p), rel=1e-9, abs=1e-300
            )


def test_all_perfect_is_flagged_once_enough_choices_mattered():
    few = evidence([SeatReview(20, MIN_MATTERED - 1, MIN_MATTERED - 1, 0, 0)])
    assert few.p_value < SIGNIFICANCE and not few.flagged, "too little evidence"
    enough = evidence([SeatReview(20, MIN_MATTERED, MIN_MATTERED, 0, 0)])
    assert enough.flagged and enough.share == 1.0


def test_the_reference_share_itself_is_not_flagged_however_long_it_plays():
    mattered = 5000
    at_reference = evidence(
        [SeatReview(mattered, mattered, round(mattered * REFERENCE_SHARE), 0, 0)]
    )
    assert not at_reference.flagged and at_reference.p_value > 0.1


def test_evidence_sums_the_games_it_is_given():
    found = evidence([SeatReview(10, 8, 7, 2, 1), SeatReview(12, 9, 9, 0, 0)])
    assert (found.games, found.mattered, found.perfect) == (2, 17, 16)
