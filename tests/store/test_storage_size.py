"""What a game costs in Redis stays within its targets, with a margin:
measured by bench/storage_bench.py's own code, on the suite's Redis."""

import pytest

from tests import bench_modules

KIB = 1024
MARGIN = 0.9  # each figure stays below 90% of its target


@pytest.fixture(scope="module")
def storage_bench():
    return bench_modules.load("storage_bench")


def test_games_stay_within_their_storage_targets(storage_bench, redis_server, redis_client):
    # Seeded, so that the games and their sizes are the same on every run.
    found = storage_bench.measure(redis_server.url, redis_client, games=4, bot_games=1, seeded=True)
    assert found["in_play_peak_max"] <= MARGIN * 4 * KIB, found
    assert found["finished_max"] <= MARGIN * 1 * KIB, found
    assert found["bot_100_max"] <= MARGIN * 64 * KIB, found
    assert found["per_reply_max"] <= MARGIN * 100, found
    assert found["bot_100_moves"] > 500  # the long game it is meant to be
