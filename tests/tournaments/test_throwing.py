"""Throwing: a player whose losses give away far more than a random mover's
is caught within a few games; one who plays to win, or at random, never."""

import random
from collections.abc import Callable

from buttonup.engine import Color, GameState
from buttonup.engine.review import round_openings
from buttonup.engine.rules import Rules
from buttonup.engine.solver import move_margins
from buttonup.tournaments.throwing import ThrowFigures, figures_of


def best(state: GameState) -> int:
    margins = move_margins(state.round.circle, state.to_move)
    return max(margins, key=lambda position: (margins[position], -position))


def worst(state: GameState) -> int:
    margins = move_margins(state.round.circle, state.to_move)
    return min(margins, key=lambda position: (margins[position], position))


def game_of(seed: int, red: Callable, black: Callable, target: int = 15):
    """A game between two ways of choosing: its last state and its moves."""
    state = GameState.new(seed=seed, rules=Rules(target_score=target), first_player=Color.RED)
    moves = []
    while state.winner is None and state.to_move is not None:
        choose = red if state.to_move is Color.RED else black
        state, outcome = state.apply(state.to_move, choose(state))
        moves.append(outcome)
    return state, moves


def losses(policy: Callable[[random.Random], Callable], games: int, seed: int) -> list:
    """The figures of each game black lost to perfect play, choosing by `policy`."""
    found = []
    for nth in range(games):
        rng = random.Random(seed * 1000 + nth)
        state, moves = game_of(seed * 1000 + nth, red=best, black=policy(rng))
        if state.winner is Color.RED:
            found.append(figures_of(round_openings(state), moves, Color.BLACK))
    return found


def caught_at(figures: list) -> int | None:
    """After which loss (from 1) the losses so far are thrown, if ever."""
    total = ThrowFigures()
    for nth, game in enumerate(figures, start=1):
        total = total.plus(game)
        if total.thrown:
            return nth
    return None


def test_a_loser_who_plays_the_worst_move_each_time_is_caught_within_a_few_games():
    for seed in range(5):
        at = caught_at(losses(lambda rng: worst, 12, seed))
        assert at is not None and at <= 6, (seed, at)
    # One game alone holds too few choices to tell.
    assert not losses(lambda rng: worst, 1, 0)[0].thrown


def test_a_loser_who_plays_at_random_or_to_win_is_never_caught():
    def at_random(rng):
        return lambda state: rng.choice(state.legal_moves())

    for seed in range(10):
        assert caught_at(losses(at_random, 30, seed)) is None, seed
        assert caught_at(losses(lambda rng: best, 10, seed)) is None, seed
