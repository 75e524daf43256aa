"""The fair-play flag's rule (docs/api.md, "Fair play"), pure: over a
player's recent reviewed rated games, the moves whose choice mattered and
how many of them were perfect; flagged when there are enough of them and a
one-sided binomial test puts the perfect share beyond what the strongest
honest reference player reaches, at the stated significance.

The reference and the significance were set from bot populations
(bench/fair_play_flags.py; the rates measured are in docs/api.md).

Tested in tests/engine/test_flag_rule.py.
"""

import math
from collections.abc import Iterable
from dataclasses import dataclass

from buttonup.engine.review import SeatReview

# The least evidence a flag needs: moves whose choice mattered.
MIN_MATTERED = 100
# The perfect share of the strongest honest reference player: a bot that
# plays a best move 70% of the time and a uniform legal move otherwise
# (measured: docs/api.md), rounded up.
REFERENCE_SHARE = 0.86
# A flag's p-value is below this: an honest player at the reference share
# is flagged once in a million looks.
SIGNIFICANCE = 1e-6
# The games looked at: the newest this many reviewed rated games.
WINDOW_GAMES = 100


@dataclass(frozen=True, slots=True)
class Evidence:
    games: int
    mattered: int
    perfect: int
    p_value: float  # P(at least `perfect` of `mattered` | the reference share)

    @property
    def share(self) -> float:
        return self.perfect / self.mattered if self.mattered else 0.0

    @property
    def flagged(self) -> bool:
        return self.mattered >= MIN_MATTERED and self.p_value < SIGNIFICANCE


def evidence(seats: Iterable[SeatReview]) -> Evidence:
    games = mattered = perfect = 0
    for seat in seats:
        games += 1
        mattered += seat.mattered
        perfect += seat.perfect
    return Evidence(games, mattered, perfect, binomial_tail(perfect, mattered, REFERENCE_SHARE))


def binomial_tail(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p), summed in logs (exact to the
    float's precision for the n a window holds)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    log_p, log_q = math.log(p), math.log1p(-p)
    terms = [
        math.lgamma(n + 1)
        - math.lgamma(i + 1)
        - math.lgamma(n - i + 1)
        + i * log_p
        + (n - i) * log_q
        for i in range(k, n + 1)
    ]
    top = max(terms)
    return min(1.0, math.exp(top) * sum(math.exp(term - top) for term in terms))
