"""The bots: perfect achieves the solved value, greedy and random as documented."""

import random

import pytest

from buttonup.engine import BotLevel, Color, GameState, choose_move, solver
from buttonup.engine.board import sow
from buttonup.engine.bots import greedy_move, standing
from buttonup.engine.rules import Rules
from tests.engine.positions import random_positions

R, B = Color.RED, Color.BLACK


@pytest.mark.parametrize("opponent_level", [BotLevel.RANDOM, BotLevel.GREEDY, BotLevel.PERFECT])
def test_the_perfect_bot_always_achieves_the_solved_value(opponent_level):
    rng = random.Random(3)
    for _ in range(60):
        state = GameState.new(seed=rng.randrange(2**32), rules=Rules(target_score=1000))
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
