"""bench/http_bench.py pairs each service round with the ceiling round next to
it, and pools the paired rounds of several runs."""

import pytest

from tests import bench_modules


@pytest.fixture(scope="module")
def http_bench():
    return bench_modules.load("http_bench")


def rounds(*pairs: tuple[float, float]) -> list[dict[str, float]]:
    return [{"per_second": rate, "p99_ms": p99} for rate, p99 in pairs]


def test_each_service_round_is_set_against_the_ceiling_round_beside_it(http_bench):
    runs = {
        "service": rounds((700, 15.0), (500, 30.0)),
        "ceiling": rounds((1000, 10.0), (1000, 10.0)),
    }
    assert http_bench.paired_rounds(runs, "service", "ceiling") == [(0.7, 1.5), (0.5, 3.0)]


def test_runs_are_pooled_round_by_round_and_run_by_run(http_bench):
    results = [
        {"paired": [(0.60, 1.2), (0.62, 1.4), (0.64, 1.6)], "paired_rate": 0.62, "paired_p99": 1.4},
        {"paired": [(0.70, 1.3), (0.72, 1.3), (0.74, 1.3)], "paired_rate": 0.72, "paired_p99": 1.3},
        {"paired": [(0.71, 1.0), (0.73, 1.1), (0.75, 1.2)], "paired_rate": 0.73, "paired_p99": 1.1},
    ]
    pooled = http_bench.over_runs(results)
    assert pooled["pooled_rate"] == pytest.approx(0.71)  # the fifth of nine rounds
    assert pooled["pooled_p99"] == pytest.approx(1.3)
    assert pooled["runs_rate"] == pytest.approx(0.72)
    assert pooled["runs_p99"] == pytest.approx(1.3)
