"""bench/fair_play_flags.py's populations, small: the perfect bot is flagged
within a dozen games; the greedy bot and the noisy bot of p = 0.7 (the
reference's own population) never, over 600 games each (the benchmark's
full run, thousands of games a population, is in docs/api.md)."""

import pytest

from tests.bench_modules import load

PLAYERS = 20


@pytest.fixture(scope="module")
def flags_bench():
    return load("fair_play_flags")


def players(flags_bench, name: str, games: int) -> list[int | None]:
    jobs = [(name, games, 56_000 + number) for number in range(PLAYERS)]
    return [flags_bench.one_player(job)[0] for job in jobs]


def test_the_perfect_bot_is_flagged_within_a_dozen_games(flags_bench):
    flagged_at = players(flags_bench, "perfect", 12)
    assert all(at is not None and at <= 12 for at in flagged_at), flagged_at


@pytest.mark.parametrize("name", ["greedy", "noisy-0.70"])
def test_honest_populations_are_never_flagged(flags_bench, name):
    assert players(flags_bench, name, 30) == [None] * PLAYERS
