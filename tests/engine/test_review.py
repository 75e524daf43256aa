"""The exact review of a game's moves: each move's loss and whether it
mattered agree with exhaustive search, and a seat's figures sum them."""

import random

from buttonup.engine import Color, GameState
from buttonup.engine.review import (
    JudgedMove,
    SeatReview,
    judge_moves,
    review_of,
    round_openings,
)
from buttonup.engine.rules import Rules
from buttonup.engine.solver import best_moves, move_margins
from tests import reference_rules as ref
from tests.engine.positions import letters


def played_game(seed: int, target: int = 5) -> tuple[GameState, list]:
    """A game of random moves to `target`: its last state and its moves."""
    rng = random.Random(seed)
    state = GameState.new(seed=seed, rules=Rules(target_score=target))
    moves = []
    while state.winner is None and state.to_move is not None:
        mover = state.to_move
        state, outcome = state.apply(mover, rng.choice(state.legal_moves()))
        moves.append(outcome)
    return state, moves


def test_each_moves_loss_and_whether_it_mattered_agree_with_exhaustive_search():
    for seed in range(12):
        state, moves = played_game(seed)
        judged = judge_moves(round_openings(state), moves)
        assert len(judged) == len(moves)
        for move in judged:
            margins = ref.margins_for(letters(move.played_from), move.player.value)
            assert move.lost == max(margins.values()) - margins[move.position]
            assert move.mattered == (len(set(margins.values())) > 1)


def test_a_seats_figures_sum_its_own_moves():
    judged = [
        JudgedMove(Color.RED, 0, 0, True),
        JudgedMove(Color.RED, 1, 3, True),
        JudgedMove(Color.BLACK, 2, 0, False),
        JudgedMove(Color.RED, 3, 0, False),
        JudgedMove(Color.BLACK, 4, 5, True),
    ]
    review = review_of(judged)
    assert review.red == SeatReview(moves=3, mattered=2, perfect=1, lost=3, largest=3)
    assert review.black == SeatReview(moves=2, mattered=1, perfect=0, lost=5, largest=5)
    assert review.red.accuracy == 50.0 and review.black.accuracy == 0.0


def test_no_choice_that_mattered_has_no_accuracy():
    only_forced = review_of([JudgedMove(Color.RED, 0, 0, False)])
    assert only_forced.red.accuracy is None and only_forced.black.accuracy is None


def test_a_perfect_player_gives_nothing_away():
    rng = random.Random(3)
    state = GameState.new(seed=3, first_player=Color.RED, rules=Rules(target_score=8))
    moves = []
    while state.winner is None and state.to_move is not None:
        mover = state.to_move
        margins = move_margins(state.round.circle, mover)
        chosen = best_moves(margins)[0] if mover is Color.RED else rng.choice(sorted(margins))
        state, outcome = state.apply(mover, chosen)
        moves.append(outcome)
    review = review_of(judge_moves(round_openings(state), moves))
    assert review.red.lost == 0 and review.red.largest == 0
    assert review.red.perfect == review.red.mattered > 0
