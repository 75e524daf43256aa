"""A player's puzzle streak on a real Redis (puzzles.streaks): puzzles of
rising rating, never one shown twice, until the first miss; the best kept;
unrated; an attempt that does not fit the running streak refused; and
attempts at once never both count."""

import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from buttonup.engine.options import Visibility
from buttonup.puzzles import MANIFEST, Puzzles
from buttonup.puzzles.errors import StreakMismatch
from buttonup.puzzles.model import judged
from tests.helpers.wings import Wired
from tests.puzzles.test_service import mined_all, played_to_the_end


@pytest.fixture
def puzzles(wings: Wired, games, clock) -> Puzzles:
    found: Puzzles = wings.use_cases[MANIFEST.name]
    rng = random.Random(17)
    for _ in range(12):
        played_to_the_end(games, rng, visibility=Visibility.PUBLIC)
    mined_all(found, clock)
    assert found.board.count() >= 10
    return found


def right_moves(puzzles: Puzzles, puzzle_id: str) -> list[int]:
    return list(puzzles.board.load(puzzle_id).line.yours)


def test_a_streak_rises_until_the_first_miss_and_keeps_the_best(games, puzzles):
    ana = games.create_player("Ana", None)
    streak, puzzle = puzzles.streak(ana.key, start=True)
    assert not streak.over and streak.length == 0 and puzzle is not None
    ratings = []
    for _ in range(3):
        ratings.append(puzzle.rating.rating)
        attempted = puzzles.attempt(
            ana.key, puzzle.id, right_moves(puzzles, puzzle.id), 3, streak.id
        )
        assert attempted.judged.solved and attempted.rating_diff is None, "unrated"
        streak = attempted.streak
        puzzle = puzzles.streak_puzzle(streak)
        assert puzzle is not None
    assert streak.length == 3
    assert len(set(streak.shown)) == len(streak.shown) == 4
    assert ratings == sorted(ratings)
    wrong = next(p for p in range(9) if puzzle.circle[p] and p != puzzle.line.yours[0])
    missed = puzzles.attempt(ana.key, puzzle.id, [wrong], 3, streak.id).streak
    assert missed.over and missed.best == 3 and missed.puzzle_id is None
    assert puzzles.rating(ana.player) is None, "no rating from a streak"
    with pytest.raises(StreakMismatch):
        puzzles.attempt(ana.key, puzzle.id, [wrong], 3, streak.id)
    again, _ = puzzles.streak(ana.key, start=True)
    assert again.id != streak.id and again.best == 3 and again.length == 0


def test_an_attempt_at_another_puzzle_is_refused_and_two_at_once_count_once(games, puzzles):
    ana = games.create_player("Ana", None)
    streak, puzzle = puzzles.streak(ana.key, start=True)
    other = next(i for i in puzzles.board.near(1500.0, None, 20) if i != puzzle.id)
    with pytest.raises(StreakMismatch):
        puzzles.attempt(ana.key, other, right_moves(puzzles, other), 3, streak.id)
    moves = right_moves(puzzles, puzzle.id)
    with ThreadPoolExecutor(4) as pool:
        outcomes = list(
            pool.map(lambda _: _try(puzzles, ana.key, puzzle.id, moves, streak.id), range(4))
        )
    assert outcomes.count("moved on") == 1
    assert puzzles.streaks.current(ana.player.id).length == 1


def _try(puzzles: Puzzles, key: str, puzzle_id: str, moves: list[int], streak_id: str) -> str:
    try:
        puzzles.attempt(key, puzzle_id, moves, 3, streak_id)
    except StreakMismatch:
        return "refused"
    return "moved on"


def test_a_streaks_partial_attempt_changes_nothing(games, puzzles):
    ana = games.create_player("Ana", None)
    streak, puzzle = puzzles.streak(ana.key, start=True)
    if len(puzzle.line.yours) > 1:
        partial = puzzles.attempt(
            ana.key, puzzle.id, right_moves(puzzles, puzzle.id)[:1], 1, streak.id
        )
        assert not partial.judged.complete and partial.streak is None
    assert judged(puzzle.line, []).complete is False
    assert puzzles.streaks.current(ana.player.id) == streak
