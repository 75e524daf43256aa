"""A Swiss round's pairing rules over thousands of random tournaments played
out: nobody meets anyone twice, everyone plays once a round (a bye to one
when the count is odd, never a second bye while others had none), scores
as near as any repeat-free pairing allows (checked against every pairing
of small fields), and starts balanced."""

import itertools
import random
from dataclasses import replace

from buttonup.tournaments.swiss import WINDOW, Contender, pair_round, starts


def coin_of(rng: random.Random):
    return lambda: rng.random() < 0.5


def play_swiss(rng: random.Random, players: int, rounds: int):
    """A Swiss played out with random results: each round's pairing and
    everyone's history."""
    state = {
        f"p{index}": {"score": 0, "met": set(), "byes": 0, "starts": []} for index in range(players)
    }
    ratings = {player_id: rng.randint(1000, 2200) for player_id in state}
    played = []
    for _ in range(rounds):
        contenders = [
            Contender(
                player_id,
                s["score"],
                ratings[player_id],
                frozenset(s["met"]),
                s["byes"],
                s["starts"].count(True),
                s["starts"].count(False),
                s["starts"][-1] if s["starts"] else None,
                tuple(s["starts"][-2:]),
            )
            for player_id, s in state.items()
        ]
        paired = pair_round(contenders, coin_of(rng))
        played.append((contenders, paired))
        for first, second in paired.games:
            state[first]["met"].add(second)
            state[second]["met"].add(first)
            state[first]["starts"].append(True)
            state[second]["starts"].append(False)
            state[rng.choice([first, second])]["score"] += 1
        if paired.bye is not None:
            state[paired.bye]["byes"] += 1
            state[paired.bye]["score"] += 1
    return played, state


def test_thousands_of_swiss_rounds_keep_every_rule():
    rng = random.Random(20261205)
    for tournament in range(1000):  # small fields mostly: they run out of opponents
        players = rng.randint(2, 12) if tournament % 20 else rng.randint(13, 40)
        rounds = min(rng.randint(1, 9), players - 1)
        played, state = play_swiss(rng, players, rounds)
        met = set()
        for contenders, paired in played:
            ids = [player_id for game in paired.games for player_id in game]
            everyone = ids + ([paired.bye] if paired.bye else []) + paired.unpaired
            assert sorted(everyone) == sorted(c.player_id for c in contenders)
            assert len(ids) == len(set(ids))
            assert (paired.bye is not None) == (len(contenders) % 2 == 1)
            if paired.bye is not None:
                fewest = min(c.byes for c in contenders)
                assert next(c for c in contenders if c.player_id == paired.bye).byes == fewest
            by_id = {c.player_id: c for c in contenders}
            for first, second in paired.games:
                pair = frozenset((first, second))
                assert pair not in met, "no pair twice"
                met.add(pair)
                # Who must start does, unless both must: only then is one let down.
                one, other = by_id[first], by_id[second]
                assert one.must >= other.must, (one, other)
        if players > 12:  # opponents to spare: starts stay within two of second places
            for history in state.values():
                balance = history["starts"].count(True) - history["starts"].count(False)
                assert abs(balance) <= 2, history["starts"]


def gap_cost(games, scores) -> int:
    return sum((scores[a] - scores[b]) ** 2 for a, b in games)


def test_a_small_fields_pairing_has_the_nearest_scores_any_pairing_allows():
    rng = random.Random(99)
    for _ in range(300):
        size = 8 if rng.random() < 0.1 else rng.choice([4, 6])
        ids = [f"p{index}" for index in range(size)]
        scores = {player_id: rng.randint(0, 3) for player_id in ids}
        met = {player_id: set() for player_id in ids}
        for a, b in itertools.combinations(ids, 2):
            if rng.random() < 0.25:
                met[a].add(b)
                met[b].add(a)
        contenders = [Contender(p, scores[p], 1500, frozenset(met[p])) for p in ids]
        paired = pair_round(contenders, coin_of(rng))
        best = None
        most = 0
        for order in itertools.permutations(ids):
            games = [order[i : i + 2] for i in range(0, size, 2)]
            allowed = [g for g in games if g[1] not in met[g[0]]]
            if len(allowed) < most:
                continue
            cost = gap_cost(allowed, scores)
            if len(allowed) > most or best is None or cost < best:
                most, best = len(allowed), cost
        assert len(paired.games) == most
        assert gap_cost(paired.games, scores) == best


def test_the_one_owed_a_start_plays_first():
    owed = Contender("a", 0, 1500, firsts=1, seconds=2)
    even = Contender("b", 0, 1500, firsts=2, seconds=2)
    assert starts(owed, even, lambda: False) == ("a", "b")
    was_second = Contender("c", 0, 1500, firsts=1, seconds=1, last_first=False)
    was_first = Contender("d", 0, 1500, firsts=1, seconds=1, last_first=True)
    assert starts(was_first, was_second, lambda: True) == ("c", "d")


def test_a_large_field_is_paired_in_windows_all_but_the_bye():
    rng = random.Random(5)
    contenders = [Contender(f"p{i}", rng.randint(0, 5), 1500) for i in range(10 * WINDOW + 1)]
    windows = []
    paired = pair_round(contenders, coin_of(rng), between=lambda: windows.append(1))
    assert len(paired.games) == 5 * WINDOW and paired.bye is not None and not paired.unpaired
    assert len(windows) >= 9


def test_the_bye_goes_to_the_lowest_placed_by_the_standings_not_by_rating():
    # p2 is placed last (tie-breaks) though rated above p1: p2 sits out.
    contenders = [
        Contender("p0", 2, 1500, place=0),
        Contender("p1", 1, 1400, place=1),
        Contender("p2", 1, 1600, place=2),
    ]
    assert pair_round(contenders, lambda: True).bye == "p2"


def test_the_bye_passes_up_when_the_lowest_placed_taking_it_would_force_a_rematch():
    # p0 met p1, p2 and p3: were p4 to sit out, p0 could meet nobody.
    contenders = [
        Contender("p0", 3, 1500, met=frozenset({"p1", "p2", "p3"}), place=0),
        Contender("p1", 2, 1500, met=frozenset({"p0"}), place=1),
        Contender("p2", 2, 1500, met=frozenset({"p0"}), place=2),
        Contender("p3", 1, 1500, met=frozenset({"p0"}), place=3),
        Contender("p4", 0, 1500, place=4),
    ]
    paired = pair_round(contenders, lambda: True)
    assert paired.bye == "p3" and paired.unpaired == []
    assert ("p0", "p4") in paired.games or ("p4", "p0") in paired.games
    # One who had a bye already is never tried while others had none.
    had = [replace(c, byes=1) if c.player_id == "p3" else c for c in contenders]
    assert pair_round(had, lambda: True).bye == "p2"
