from hypothesis import given
from hypothesis import strategies as st

from buttonup.engine import (
    Color,
    IllegalMove,
    deal_circle,
    legal_moves,
    make_stack,
    sow,
    sow_unchecked,
    strengths,
)
from tests.reference_rules import to_letters

R, B, W = Color.RED, Color.BLACK, Color.WHITE


def circle_of(text: str):
    """'WW|RW|' style: nine stacks, bottom first, separated by |."""
    stacks = text.split("|")
    assert len(stacks) == 9
    return tuple(
        tuple(Color({"R": "red", "B": "black", "W": "white"}[c]) for c in s) for s in stacks
    )


def letters(circle) -> str:
    return "|".join(to_letters([[c.value for c in s] for s in circle]))


def test_worked_example_of_the_rules_move_by_move():
    circle = circle_of("W|W|W|R|R|R|B|B|B")
    expected = [
        (0, "|WW|W|R|R|R|B|B|B", True, False),
        (1, "||WW|RW|R|R|B|B|B", False, False),
        (2, "|||RWW|RW|R|B|B|B", False, False),
        (3, "||||RWR|RW|BW|B|B", False, False),
        (8, "||||RWRB|RW|BW|B|", False, False),
        (7, "||||RWRBB|RW|BW||", True, False),
        (4, "|||||RWR|BWWRBB||", False, True),
        (6, "|||||RWRBWWRBB|||", False, True),
    ]
    for position, after, extra_turn, overflow in expected:
        result = sow_unchecked(circle, position)
        circle = result.circle
        assert letters(circle) == after, position
        assert result.extra_turn is extra_turn, position
        assert result.overflow is overflow, position
    assert result.round_over
    final = next(s for s in circle if s)
    assert final == (R, W, R, B, W, W, R, B, B)
    assert strengths(final) == {R: 11, B: 21}


def test_overflow_piles_remainder_on_last_stack_in_order():
    circle = circle_of("RWRBB|R|||||B||")
    result = sow(circle, 0)
    assert letters(result.circle) == "|RR|||||BWRBB||"
    assert result.overflow and not result.extra_turn


def test_overflow_onto_a_matching_colour_gives_no_extra_turn():
    circle = circle_of("WRB|R|||B||||")
    result = sow(circle, 0)
    assert result.overflow
    assert letters(result.circle) == "|RW|||BRB||||"
    assert not result.extra_turn


def test_white_on_white_is_an_extra_turn():
    result = sow(circle_of("W|W|R|R|R|B|B|B|W"), 0)
    assert result.extra_turn


def test_exact_fit_without_overflow_can_give_an_extra_turn():
    result = sow(circle_of("RW|B|W||||||"), 0)
    assert not result.overflow
    assert letters(result.circle) == "|BR|WW||||||"
    assert result.extra_turn
    assert not result.round_over


def test_the_move_that_ends_the_round_never_gives_an_extra_turn():
    result = sow(circle_of("W|RRW|||||||"), 0)
    assert result.round_over
    assert letters(result.circle) == "|RRWW|||||||"
    assert not result.extra_turn


def test_sowing_passes_empty_positions_and_wraps_clockwise():
    result = sow(circle_of("B|||||||R|WR"), 8)
    assert letters(result.circle) == "BW|||||||RR|"
    assert result.extra_turn


def test_a_stack_without_white_is_illegal():
    circle = circle_of("R|W|R|R|R|B|B|B|W")
    assert 0 not in legal_moves(circle)
    try:
        sow(circle, 0)
    except IllegalMove:
        pass
    else:
        raise AssertionError("sowing a stack without white must fail")


def test_an_empty_position_is_illegal():
    circle = circle_of("|W|R|R|R|B|B|B|WW")
    for position in (0, 9, -1):
        try:
            sow(circle, position)
        except IllegalMove:
            continue
        raise AssertionError(f"position {position} must be illegal")


def test_strength_is_height_from_the_bottom():
    assert strengths((W, W, W, R, R, R, B, B, B)) == {R: 4 + 5 + 6, B: 7 + 8 + 9}


@given(st.integers(min_value=-(2**63), max_value=2**63 - 1), st.integers(1, 50))
def test_a_deal_puts_one_of_each_of_nine_buttons_on_each_position(seed, round_number):
    circle = deal_circle(seed, round_number)
    assert all(len(stack) == 1 for stack in circle)
    flat = [stack[0] for stack in circle]
    assert sorted(flat) == sorted([R, R, R, B, B, B, W, W, W])
    assert deal_circle(seed, round_number) == circle


def test_seeded_deals_are_fixed_forever():
    # Pinned values: a change here breaks the reproducibility promise made to clients.
    assert letters(deal_circle(42, 1)) == "B|W|W|B|W|B|R|R|R"
    assert letters(deal_circle(42, 2)) == "B|R|R|B|B|W|R|W|W"


def test_seeded_deals_differ_between_rounds_and_seeds():
    deals = {letters(deal_circle(seed, n)) for seed in range(20) for n in range(1, 4)}
    assert len(deals) > 50


def test_unseeded_deals_are_whole_and_spread_over_every_position():
    deals = [deal_circle(None, 1) for _ in range(900)]
    for circle in deals:
        assert sorted(stack[0] for stack in circle) == sorted([R, R, R, B, B, B, W, W, W])
    assert len({letters(circle) for circle in deals}) > 500  # of 1680 arrangements
    for position in range(9):
        whites = sum(circle[position] == (W,) for circle in deals)
        assert 200 < whites < 400  # a third of 900, give or take five deviations


def test_one_button_stacks_are_three_shared_objects_in_every_deal():
    dealt = [stack for seed in range(20) for stack in deal_circle(seed, 1)]
    assert len({id(stack) for stack in dealt}) == 3
    assert make_stack([Color.WHITE]) is make_stack((Color.WHITE,)) is make_stack(iter([W]))


def test_a_made_stack_keeps_its_buttons_in_order():
    assert make_stack([]) == ()
    assert make_stack([Color.RED, Color.WHITE, Color.RED]) == (Color.RED, Color.WHITE, Color.RED)
