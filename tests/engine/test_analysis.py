"""Analysis: reviews of finished rounds and the position in play."""

import random

from buttonup.engine import Color, GameState, solver
from buttonup.engine.analysis import PlayedMove, analyse_position, review_round
from buttonup.engine.rules import Rules
from tests import reference_rules as ref
from tests.engine.positions import letters

R, B = Color.RED, Color.BLACK


def test_a_review_scores_each_move_against_the_best():
    state = GameState.new(seed=21, rules=Rules(target_score=1000))
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
    state = GameState.new(seed=8, rules=Rules(target_score=1))
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
