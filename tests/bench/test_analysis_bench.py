"""bench/analysis_bench.py's helpers: the positions it asks are distinct and
readable, and each is answered through the app."""

import pytest

from buttonup.engine.notation import read_position
from tests.bench_modules import load


@pytest.fixture(scope="module")
def analysis_bench():
    return load("analysis_bench")


def test_the_benchmarks_positions_are_distinct_and_read(analysis_bench):
    texts = analysis_bench.positions(40, seed=3)
    assert len(set(texts)) == 40
    for text in texts:
        read_position(text)


def test_each_position_is_timed_through_the_app(analysis_bench, client):
    texts = analysis_bench.positions(5, seed=4)
    took = analysis_bench.timed(client, texts, clear=True)
    assert len(took) == 5 and all(ms > 0 for ms in took)
    assert "over 5 positions" in analysis_bench.summary("cold", took)
