"""The solver against exhaustive search, known facts, and the bots."""

import random
import statistics

import pytest

from buttonup.engine import BotLevel, Color, GameState, choose_move, solver
from buttonup.engine.analysis import PlayedMove, analyse_position, review_round
from buttonup.engine.board import sow
from buttonup.engine.bots import greedy_move, standing
from tests import reference_rules as ref

R, B = Color.RED, Color.BLACK


def letters(circle):
    return ref.to_letters([[b.value for b in s] for s in circle])


def random_positions(count: int, seed: int):
    """Positions reached in random games, with the player to move."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = GameState.new(seed=rng.randrange(2**32), target_score=100)
        for _ in range(rng.randrange(1, 8)):
            state, _ = state.apply(state.to_move, rng.choice(state.legal_moves()))
        found.append(state)
    return found


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


@pytest.mark.parametrize("opponent_level", [BotLevel.RANDOM, BotLevel.GREEDY, BotLevel.PERFECT])
def test_the_perfect_bot_always_achieves_the_solved_value(opponent_level):
    rng = random.Random(3)
    for _ in range(60):
        state = GameState.new(seed=rng.randrange(2**32), target_score=1000)
        perfect = state.to_move if rng.random() < 0.5 else (B if state.to_move is R else R)
        solved = solver.position_value(state.round.circle, state.to_move)
        solved_for_perfect = solved if state.to_move is perfect else -solved
        while state.round.number == 1:
            level = BotLevel.PERFECT if state.to_move is perfect else opponent_level
            state, _ = state.apply(state.to_move, choose_move(level, state))
        result = state.rounds[0]
        other = B if perfect is R else R
        achieved = result.strength[perfect] - result.strength[other]
        assert achieved >= solved_for_perfect
        if opponent_level is BotLevel.PERFECT:
            assert achieved == solved_for_perfect


def test_the_perfect_bot_plays_the_lowest_best_move():
    for state in random_positions(200, seed=4):
        margins = solver.move_margins(state.round.circle, state.to_move)
        best = max(margins.values())
        chosen = choose_move(BotLevel.PERFECT, state)
        assert margins[chosen] == best
        assert chosen == min(p for p, m in margins.items() if m == best)


def test_the_greedy_bot_takes_an_extra_turn_when_one_is_on_offer():
    seen_extra = 0
    for state in random_positions(400, seed=5):
        circle, player = state.round.circle, state.to_move
        chosen = greedy_move(circle, player)
        outcomes = {p: sow(circle, p) for p in state.legal_moves()}
        if any(o.extra_turn for o in outcomes.values()):
            seen_extra += 1
            assert outcomes[chosen].extra_turn
        else:
            best = max(standing(o.circle, player) for o in outcomes.values())
            assert standing(outcomes[chosen].circle, player) == best
    assert seen_extra > 20


def test_the_random_bot_is_reproducible_from_the_seed_and_plays_legally():
    state = GameState.new(seed=9)
    picks = {choose_move(BotLevel.RANDOM, state) for _ in range(5)}
    assert len(picks) == 1 and picks <= set(state.legal_moves())
    spread = {choose_move(BotLevel.RANDOM, GameState.new(seed=s)) for s in range(60)}
    assert len(spread) > 1
    unseeded = GameState.new()
    assert choose_move(BotLevel.RANDOM, unseeded) in unseeded.legal_moves()


def test_a_review_scores_each_move_against_the_best():
    state = GameState.new(seed=21, target_score=1000)
    played = []
    rng = random.Random(6)
    while state.round.number == 1:
        position = rng.choice(state.legal_moves())
        played.append(PlayedMove(state.moves_played + 1, state.to_move, position))
        state, _ = state.apply(state.to_move, position)
    review = review_round(state.rounds[0], played)
    assert len(review.moves) == 8
    circle = letters(state.rounds[0].initial_circle)
    for move in review.moves:
        margins = ref.margins_for(circle, move.player.value)
        assert move.margin == margins[move.position]
        assert move.best_margin == max(margins.values())
        assert move.loss == move.best_margin - move.margin >= 0
        circle, _, _ = ref.play(circle, move.position)
    starter = state.rounds[0].starting_player
    assert review.opening_value == solver.position_value(state.rounds[0].initial_circle, starter)


def test_analysis_of_a_finished_or_resigned_round():
    state = GameState.new(seed=8, target_score=1)
    while not state.is_over:
        state, _ = state.apply(state.to_move, state.legal_moves()[0])
    analysis = analyse_position(state)
    last = state.rounds[-1]
    starter = last.starting_player
    other = B if starter is R else R
    assert analysis.to_move is None and analysis.margins == {} and analysis.best == []
    assert analysis.value == last.strength[starter] - last.strength[other]
    resigned = GameState.new(seed=8).resign(R)
    assert analyse_position(resigned).value == 0
