"""One rated game by the rating library itself, as tests replay them:
(rating, deviation, volatility) before and after."""

from glicko2.math.algorithm import update_rating
from glicko2.math.conversions import mu_to_rating, phi_to_rd, rating_to_mu, rd_to_phi

START = (1500.0, 350.0, 0.06)


def glicko2(own: tuple, other: tuple, score: float) -> tuple[float, float, float]:
    """`own` after one game against `other`: score 1 won, 0 lost."""
    updated = update_rating(
        rating_to_mu(own[0]),
        rd_to_phi(own[1]),
        own[2],
        [(rating_to_mu(other[0]), rd_to_phi(other[1]), score)],
    )
    return mu_to_rating(updated.mu), phi_to_rd(updated.phi), updated.sigma
