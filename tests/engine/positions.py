"""Positions the engine's tests share: reached in random games, and in the
reference rules' letters."""

import random

from buttonup.engine import GameState
from buttonup.engine.rules import Rules
from tests import reference_rules as ref


def letters(circle):
    return ref.to_letters([[b.value for b in s] for s in circle])


def random_positions(count: int, seed: int):
    """Positions reached in random games, with the player to move."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = GameState.new(seed=rng.randrange(2**32), rules=Rules(target_score=100))
        for _ in range(rng.randrange(1, 8)):
            state, _ = state.apply(state.to_move, rng.choice(state.legal_moves()))
        found.append(state)
    return found
