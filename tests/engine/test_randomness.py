"""Seeded draws: derived from SHA-256 of the seed, a purpose and a counter,
so that a seeded game deals the same on every machine and Python."""

import hashlib
from collections import Counter

import pytest

from buttonup.engine.randomness import SeededDraws


def test_a_draw_is_the_documented_digest_of_seed_purpose_and_counter():
    digest = hashlib.sha256(b"buttonup/v1/42/round/1/0").digest()
    first_word = int.from_bytes(digest[:8], "big")
    assert SeededDraws(42, "round/1").below(1 << 20) == first_word % (1 << 20)


def test_the_same_seed_and_purpose_draw_the_same_and_other_purposes_do_not():
    def draws(seed: int, purpose: str) -> list[int]:
        source = SeededDraws(seed, purpose)
        return [source.below(9) for _ in range(50)]

    assert draws(7, "round/1") == draws(7, "round/1")
    assert draws(7, "round/1") != draws(7, "round/2")
    assert draws(7, "round/1") != draws(8, "round/1")


def test_draws_below_a_bound_cover_it_evenly():
    source = SeededDraws(1, "uniform")
    counts = Counter(source.below(9) for _ in range(9000))
    assert set(counts) == set(range(9))
    assert all(850 < count < 1150 for count in counts.values()), counts


def test_a_shuffle_is_a_permutation_and_a_bound_must_be_positive():
    items = list(range(9))
    SeededDraws(3, "shuffle").shuffle(items)
    assert sorted(items) == list(range(9)) and items != list(range(9))
    with pytest.raises(ValueError):
        SeededDraws(3, "x").below(0)
