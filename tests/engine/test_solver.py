"""The solver against exhaustive search and known facts."""

import random
import statistics

from buttonup.engine import solver
from tests import reference_rules as ref
from tests.engine.positions import letters, random_positions


def test_margins_agree_with_exhaustive_search_on_thousands_of_positions():
    for state in random_positions(2000, seed=1):
        expected = ref.margins_for(letters(state.round.circle), state.to_move.value)
        assert solver.move_margins(state.round.circle, state.to_move) == expected


def test_opening_values_agree_with_exhaustive_search():
    rng = random.Random(2)
    openings = list(solver.all_openings())
    for board in rng.sample(openings, 25):
        circle = list(board)
        assert solver.opening_value(board, True) == ref.minimax(circle, True)
        assert solver.opening_value(board, False) == ref.minimax(circle, False)


def test_the_known_perfect_play_distribution_over_all_1680_openings():
    openings = list(solver.all_openings())
    assert len(openings) == 1680
    values = [solver.opening_value(board, True) for board in openings]
    assert round(sum(v > 0 for v in values) / 1680, 3) == 0.570
    assert round(sum(v == 0 for v in values) / 1680, 3) == 0.177
    assert round(statistics.mean(values), 2) == 0.85
    assert (min(values), max(values)) == (-6, 9)


def test_the_table_stays_bounded(monkeypatch):
    monkeypatch.setattr(solver, "TABLE_LIMIT", 1000)
    solver.clear_table()
    for board in list(solver.all_openings())[:30]:
        solver.opening_value(board, True)
        assert solver.table_size() <= 1000
    monkeypatch.undo()
    solver.clear_table()
