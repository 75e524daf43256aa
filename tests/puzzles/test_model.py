"""What a puzzle is (puzzles.model), checked against an independent replay:
every puzzle found in played rounds is replayed with the board's own
sowing and a plain minimax written here (no transposition table, nothing
of the solver's), and its only move keeps the value, every other gives
away MIN_LOSS or more, the replies are best, the line forced to its end.
And how an attempt is judged, and a puzzle's themes and first rating."""

import random
from functools import cache
from itertools import pairwise

import pytest

from buttonup.engine.board import Color, deal_circle, legal_moves, sow, strengths
from buttonup.engine.solver import move_margins
from buttonup.puzzles.model import (
    LONG_LINE_MOVES,
    MIN_LOSS,
    MIN_STACKS,
    PER_GAME,
    RATING_CEILING,
    RATING_FLOOR,
    Line,
    LineMove,
    Theme,
    first_rating,
    found_in,
    judged,
    line_from,
)


def other(color: Color) -> Color:
    return Color.BLACK if color is Color.RED else Color.RED


@cache
def minimax(circle, mover: Color) -> int:
    """Red's strength less black's at the round's end, both playing
    perfectly: every line played out."""
    values = []
    for position in legal_moves(circle):
        sown = sow(circle, position)
        if sown.round_over:
            totals = strengths(next(stack for stack in sown.circle if stack))
            values.append(totals[Color.RED] - totals[Color.BLACK])
        else:
            values.append(minimax(sown.circle, mover if sown.extra_turn else other(mover)))
    return max(values) if mover is Color.RED else min(values)


def margins_by_minimax(circle, mover: Color) -> dict[int, int]:
    """Each legal move's final margin from the mover's side."""
    sign = 1 if mover is Color.RED else -1
    margins = {}
    for position in legal_moves(circle):
        sown = sow(circle, position)
        if sown.round_over:
            totals = strengths(next(stack for stack in sown.circle if stack))
            value = totals[Color.RED] - totals[Color.BLACK]
        else:
            value = minimax(sown.circle, mover if sown.extra_turn else other(mover))
        margins[position] = sign * value
    return margins


def played_round(seed: int, perfect_share: float) -> list[tuple[tuple, Color]]:
    """A round's positions (circle, mover), played by a player who plays a
    best move `perfect_share` of the time and else any legal one."""
    rng = random.Random(seed)
    circle, mover = deal_circle(seed, 1), rng.choice([Color.RED, Color.BLACK])
    positions = []
    while True:
        positions.append((circle, mover))
        margins = move_margins(circle, mover)
        if rng.random() < perfect_share:
            position = max(margins, key=margins.get)
        else:
            position = rng.choice(legal_moves(circle))
        sown = sow(circle, position)
        if sown.round_over:
            return positions
        circle = sown.circle
        mover = mover if sown.extra_turn else other(mover)


def check_by_replay(circle, mover: Color, line: Line) -> None:
    """The line replayed on the board and judged by minimax alone."""
    assert line.moves[0].yours and line.moves[-1].yours
    choices = 0
    to_move = mover
    for index, move in enumerate(line.moves):
        assert move.color is to_move
        assert move.yours == (to_move is mover)
        margins = margins_by_minimax(circle, to_move)
        best = max(margins.values())
        if move.yours and len(margins) > 1:
            choices += 1
            assert margins[move.position] == best
            others = [m for p, m in margins.items() if p != move.position]
            assert all(best - margin >= MIN_LOSS for margin in others), (index, margins)
        elif move.yours:
            assert list(margins) == [move.position]  # played as the rules make it
        else:
            assert margins[move.position] == best  # the solver's reply is a best one
        sown = sow(circle, move.position)
        assert not sown.round_over or index == len(line.moves) - 1
        circle = sown.circle
        to_move = to_move if sown.extra_turn else other(to_move)
    assert choices == line.choices >= 1
    # The line ends at its last choice: played on from there, no choice
    # follows before the round ends or the player's move is free.
    while not sown.round_over:
        margins = margins_by_minimax(circle, to_move)
        best = max(margins.values())
        if to_move is mover and len(margins) > 1:
            keepers = [p for p, m in margins.items() if m == best]
            gaps = [best - m for m in margins.values() if m != best]
            assert len(keepers) > 1 or min(gaps) < MIN_LOSS, "the line stopped too soon"
            return
        position = min(p for p, m in margins.items() if m == best)
        sown = sow(circle, position)
        circle = sown.circle
        to_move = to_move if sown.extra_turn else other(to_move)


def test_every_puzzle_of_played_rounds_holds_against_an_independent_replay():
    checked = 0
    for seed in range(120):
        for circle, mover in played_round(seed, perfect_share=0.6):
            line = line_from(circle, mover)
            if line is None:
                margins = margins_by_minimax(circle, mover)
                best = max(margins.values())
                keepers = [p for p, m in margins.items() if m == best]
                stacks = sum(1 for stack in circle if stack)
                gaps_ok = all(best - m >= MIN_LOSS for m in margins.values() if m != best)
                assert stacks < MIN_STACKS or len(keepers) != 1 or not gaps_ok or len(margins) < 2
                continue
            check_by_replay(circle, mover, line)
            checked += 1
    assert checked > 100


@pytest.mark.thorough
def test_a_thousand_puzzles_hold_against_an_independent_replay():
    checked = 0
    for seed in range(1000, 2000):
        for circle, mover in played_round(seed, perfect_share=0.5):
            line = line_from(circle, mover)
            if line is not None:
                check_by_replay(circle, mover, line)
                checked += 1
    assert checked > 1000


def test_a_games_puzzles_come_earliest_first_none_inside_another_ones_line():
    positions = [p for seed in range(40) for p in played_round(seed, perfect_share=0.6)]
    found = list(found_in(positions))
    assert len(found) > PER_GAME
    for earlier, later in pairwise(found):
        assert later.move_index >= earlier.move_index + len(earlier.line.moves)


def test_an_attempt_is_judged_move_by_move_with_the_solvers_replies():
    line = Line(
        moves=(
            LineMove(4, Color.RED, True),
            LineMove(2, Color.BLACK, False),
            LineMove(0, Color.RED, True),
            LineMove(7, Color.RED, True),
        ),
        choices=2,
        first_options=3,
        first_gap=4,
        themes=(),
    )
    assert judged(line, []) == judged(line, [])
    assert not judged(line, []).complete
    first = judged(line, [4])
    assert (first.complete, first.first_wrong, first.replies) == (False, None, (2,))
    assert judged(line, [4, 0]).replies == ()  # an extra turn: no reply between
    solved = judged(line, [4, 0, 7])
    assert (solved.solved, solved.complete, solved.first_wrong) == (True, True, None)
    wrong = judged(line, [4, 1])
    assert (wrong.solved, wrong.complete, wrong.first_wrong) == (False, True, 1)
    too_many = judged(line, [4, 0, 7, 3])
    assert (too_many.solved, too_many.first_wrong) == (False, 3)


def test_themes_say_what_the_line_does():
    seen: set[Theme] = set()
    for seed in range(300):
        for circle, mover in played_round(seed, perfect_share=0.6):
            line = line_from(circle, mover)
            if line is None:
                continue
            seen |= set(line.themes)
            yours = len(line.yours)
            assert (Theme.LONG_LINE in line.themes) == (yours >= LONG_LINE_MOVES)
            assert (Theme.SWING_5 in line.themes) == (line.first_gap >= 5)
            assert (Theme.SWING_10 in line.themes) == (line.first_gap >= 10)
            replayed, events = circle, set()
            for move in line.moves:
                sown = sow(replayed, move.position)
                if move.yours and sown.extra_turn:
                    events.add(Theme.EXTRA_TURN)
                if move.yours and sown.overflow:
                    events.add(Theme.OVERFLOW)
                if sown.round_over:
                    events.add(Theme.LAST_STACK)
                replayed = sown.circle
            for theme in (Theme.EXTRA_TURN, Theme.OVERFLOW, Theme.LAST_STACK):
                assert (theme in line.themes) == (theme in events)
    assert seen == set(Theme)


def test_a_first_rating_grows_with_the_choices_a_line_asks_and_stays_bounded():
    def line(choices: int, options: int, gap: int) -> Line:
        return Line((), choices, options, gap, ())

    easy, harder = first_rating(line(1, 2, 12)), first_rating(line(3, 2, 12))
    assert easy.rating < harder.rating
    assert first_rating(line(1, 3, 12)).rating > easy.rating
    assert first_rating(line(1, 2, 3)).rating > easy.rating  # subtle: others lose little
    assert first_rating(line(9, 3, 3)).rating == RATING_CEILING
    assert first_rating(line(1, 2, 40)).rating >= RATING_FLOOR
