"""An arena's pairing rules, over thousands of random pools and random
arenas played out: nobody paired twice at once nor with the opponent just
met, nobody starting three games in a row, only the pool's players paired,
each with a near one in rank, and a pool that can be paired is."""

import random

from buttonup.tournaments.arena import (
    MAX_FIRSTS_IN_A_ROW,
    PAIRING_WINDOW,
    Waiting,
    may_meet,
    pair_pool,
    who_starts,
)
from buttonup.tournaments.model import GameResult, Standing, System, replayed


def coin_of(rng: random.Random):
    return lambda: rng.random() < 0.5


def random_pool(rng: random.Random) -> list[Waiting]:
    size = rng.randint(0, 40)
    ids = [f"p{index}" for index in range(size)]
    ranks = rng.sample(range(size), size)
    pool = []
    for index, player_id in enumerate(ids):
        last = rng.choice([None, *ids])
        pool.append(
            Waiting(
                player_id=player_id,
                rank=ranks[index],
                rating=rng.randint(800, 2600),
                last_opponent=last if last != player_id else None,
                firsts=rng.randint(-3, MAX_FIRSTS_IN_A_ROW),
            )
        )
    return pool


def test_thousands_of_pools_pairs_keep_every_rule():
    rng = random.Random(20261205)
    for _ in range(3000):
        pool = random_pool(rng)
        games = pair_pool(pool, coin_of(rng))
        seen = [player.player_id for game in games for player in game]
        assert len(seen) == len(set(seen)), "nobody twice at once"
        assert set(seen) <= {player.player_id for player in pool}
        for first, second in games:
            assert first.last_opponent != second.player_id
            assert second.last_opponent != first.player_id
            assert first.firsts < MAX_FIRSTS_IN_A_ROW, "a third start in a row"
            assert first.firsts <= second.firsts, "the one who started fewer starts"
        # Those left waiting: no two of them could have met (each looked at
        # its whole window).
        left = [player for player in pool if player.player_id not in set(seen)]
        if len(pool) <= PAIRING_WINDOW:
            for index, one in enumerate(left):
                assert not any(may_meet(one, other) for other in left[index + 1 :])


def test_the_leader_meets_the_next_in_rank_and_a_rematch_waits():
    pool = [Waiting(f"p{rank}", rank, 1500) for rank in range(4)]
    games = pair_pool(pool, lambda: True)
    assert {frozenset((a.player_id, b.player_id)) for a, b in games} == {
        frozenset(("p0", "p1")),
        frozenset(("p2", "p3")),
    }
    # The two alone in the pool met last: they wait for someone else.
    just_met = [Waiting("a", 0, 1500, last_opponent="b"), Waiting("b", 1, 1500, last_opponent="a")]
    assert pair_pool(just_met, lambda: True) == []


def test_who_starts_is_the_one_who_started_fewer_and_a_coin_between_equals():
    started_twice, second_once = Waiting("a", 0, 1500, firsts=2), Waiting("b", 1, 1500, firsts=-1)
    assert who_starts(started_twice, second_once, lambda: True) == (second_once, started_twice)
    one, other = Waiting("a", 0, 1500), Waiting("b", 1, 1500)
    assert who_starts(one, other, lambda: True) == (one, other)
    assert who_starts(one, other, lambda: False) == (other, one)
    assert not may_meet(Waiting("a", 0, 1500, firsts=2), Waiting("b", 1, 1500, firsts=2))


def play_arena(rng: random.Random, players: int, pairings: int) -> tuple[list, list]:
    """An arena played out: each pairing pairs the pool, each game gets a
    random result (one in ten aborted), its players go back to the pool."""
    joined = [
        Standing(f"p{index}", None, rng.randint(1000, 2200), index) for index in range(players)
    ]
    standings = {standing.player_id: standing for standing in joined}
    history: dict[str, list[bool]] = {standing.player_id: [] for standing in joined}
    results = []
    for _ in range(pairings):
        ranked = sorted(standings.values(), key=lambda s: -s.rank_key(System.ARENA))
        pool = [
            Waiting(s.player_id, rank, s.rating, s.last_opponent, s.firsts)
            for rank, s in enumerate(ranked)
            if rng.random() < 0.8  # some still play, and wait for the next pairing
        ]
        for first, second in pair_pool(pool, coin_of(rng)):
            winner = None if rng.random() < 0.1 else rng.choice([first, second]).player_id
            result = GameResult(f"g{len(results)}", first.player_id, second.player_id, winner)
            results.append(result)
            counted = result.counted(standings[first.player_id], standings[second.player_id])
            if counted is None:
                continue
            standings[first.player_id], standings[second.player_id], _ = counted
            history[first.player_id].append(True)
            history[second.player_id].append(False)
    return joined, results, standings, history


def test_thousands_of_arenas_never_start_a_player_three_times_in_a_row():
    rng = random.Random(20261205)
    for _ in range(1000):
        joined, results, standings, history = play_arena(rng, rng.randint(2, 30), 12)
        for started in history.values():
            runs = "".join("F" if first else "s" for first in started)
            assert "F" * (MAX_FIRSTS_IN_A_ROW + 1) not in runs
        # Nobody met the same opponent twice in a row.
        last: dict[str, str] = {}
        for result in results:
            if result.winner is None:
                continue
            assert last.get(result.first) != result.second
            last[result.first], last[result.second] = result.second, result.first
        assert replayed(joined, results) == standings


def test_a_pairing_of_a_thousand_waiting_players_pairs_nearly_all():
    rng = random.Random(7)
    pool = [Waiting(f"p{rank}", rank, rng.randint(800, 2600)) for rank in range(1000)]
    games = pair_pool(pool, coin_of(rng))
    assert len(games) == 500
    assert max(abs(a.rank - b.rank) for a, b in games) == 1


def test_players_who_met_lately_are_not_paired_again_so_a_ring_waits():
    ring = [
        Waiting("a", 0, 1500, recent=frozenset({"b", "c"})),
        Waiting("b", 1, 1500, recent=frozenset({"a", "c"})),
        Waiting("c", 2, 1500, recent=frozenset({"a", "b"})),
    ]
    assert pair_pool(ring, lambda: True) == []
    assert not may_meet(ring[0], Waiting("b", 1, 1500))  # either side's memory is enough
    newcomer = Waiting("d", 3, 1500)
    assert [
        (one.player_id, other.player_id)
        for one, other in pair_pool([*ring, newcomer], lambda: True)
    ] in (
        [("a", "d")],
        [("d", "a")],
    )
