"""The eighteen forms of a position: the same question for the solver, and
one canonical form for all of them."""

import random

import pytest

from buttonup.engine import Color, GameState, opponent, solver
from buttonup.engine.notation import Position, circle_text, read_position, write_position
from buttonup.engine.symmetry import (
    FORMS,
    canonical_text,
    colours_swapped,
    position_forms,
    rotated,
)
from tests.engine.positions import random_positions


def position_of(state: GameState) -> Position:
    """The state as a position, as `read_position` would read its text."""
    current = state.round
    return Position(
        current.circle,
        current.to_move,
        state.score,
        state.target_score,
        current.number,
        current.starting_player,
    )


def starting_positions(count: int, seed: int) -> list[GameState]:
    """Deals, either player to start: the openings the gate keeps for a par round."""
    rng = random.Random(seed)
    return [
        GameState.new(seed=rng.randrange(2**32), first_player=rng.choice([Color.RED, Color.BLACK]))
        for _ in range(count)
    ]


@pytest.mark.thorough
def test_every_form_has_the_same_value_from_the_movers_side_on_hundreds_of_positions():
    states = random_positions(700, seed=11) + starting_positions(60, seed=12)
    for state in states:
        position = position_of(state)
        value = solver.position_value(position.circle, position.to_move)
        red_value = value if position.to_move is Color.RED else -value
        forms = position_forms(position)
        assert len(forms) == FORMS == 18
        for number, form in enumerate(forms):
            form_value = solver.position_value(form.circle, form.to_move)
            assert form_value == value, (write_position(state), number)
            form_red = form_value if form.to_move is Color.RED else -form_value
            assert form_red == (red_value if number < 9 else -red_value), "the swap negates red's"


def test_a_rotation_moves_each_best_move_with_its_stack():
    for state in random_positions(300, seed=13):
        circle, mover = state.round.circle, state.to_move
        best = solver.best_moves(solver.move_margins(circle, mover))
        for steps in range(9):
            turned = solver.best_moves(solver.move_margins(rotated(circle, steps), mover))
            assert turned == sorted((move + steps) % 9 for move in best)
        swapped = solver.move_margins(colours_swapped(circle), opponent(mover))
        assert solver.best_moves(swapped) == best


def test_all_eighteen_forms_share_one_canonical_form_which_is_one_of_them():
    """The canonical form is itself one of the 18 forms (red to move), so two
    positions share it only when each is a form of the other."""
    for state in random_positions(1500, seed=14):
        forms = position_forms(position_of(state))
        canonical = {canonical_text(form.circle, form.to_move) for form in forms}
        assert len(canonical) == 1
        own = {f"{circle_text(form.circle)}_r" for form in forms if form.to_move is Color.RED}
        assert canonical <= own


def test_every_form_is_a_position_that_reads():
    for state in random_positions(25, seed=15):
        for form in position_forms(read_position(write_position(state))):
            text = write_position(form.state(None))
            assert read_position(text) == form


def test_the_canonical_form_of_the_rulebooks_deal():
    deal = read_position("W.W.W.R.R.R.B.B.B_r_0-0_15_1r")
    assert canonical_text(deal.circle, deal.to_move) == "B.B.B.W.W.W.R.R.R_r"
    black = read_position("W.W.W.B.B.B.R.R.R_b_0-0_15_1b")
    assert canonical_text(black.circle, black.to_move) == "B.B.B.W.W.W.R.R.R_r"
