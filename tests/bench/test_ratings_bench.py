"""bench/ratings_bench.py's games: rated ones end with a rating change and
unrated ones without (the benchmark asserts both), through the app."""

import pytest

from tests.bench_modules import load


@pytest.fixture(scope="module")
def ratings_bench():
    return load("ratings_bench")


def test_the_benchmark_ends_rated_and_unrated_games(client, ratings_bench):
    players = [
        client.post("/v1/players", json={"name": name}).get_json()["key"] for name in ("A", "B")
    ]
    assert len(ratings_bench.ended(client, players, True, 3)) == 3
    assert len(ratings_bench.ended(client, players, False, 3)) == 3
    me = client.get("/v1/players/me", headers=ratings_bench.bearer(players[0])).get_json()
    assert me["ratings"]["blitz"]["games"] == 3, "only the rated games counted"
