"""Positions as text: one way to write each, read back to the same game,
and anything else refused with where and why (docs/notation.md)."""

import pytest

from buttonup.engine import Color, GameState
from buttonup.engine.board import make_stack
from buttonup.engine.game import Tally
from buttonup.engine.notation import (
    MAX_POSITION_LENGTH,
    NotationError,
    Reason,
    read_deal,
    read_position,
    write_position,
)
from buttonup.engine.options import EndReason
from buttonup.engine.reachability import reachable
from buttonup.engine.rules import Rules
from tests.engine.recorded_games import ENDINGS, play_game

START = "W.W.W.R.R.R.B.B.B_r_0-0_15_1r"


def circle(text: str):
    letters = {"R": Color.RED, "B": Color.BLACK, "W": Color.WHITE}
    return tuple(
        make_stack(letters[b] for b in stack) if stack != "-" else () for stack in text.split(".")
    )


def test_the_rulebooks_deal_is_written_as_the_rulebook_lays_it_out():
    state = GameState.new(Rules(), Color.RED, deals=(read_deal("WWWRRRBBB"),))
    assert write_position(state) == START


def test_the_rulebooks_worked_example_is_reachable_move_by_move():
    state = GameState.new(Rules(), Color.RED, deals=(read_deal("WWWRRRBBB"),))
    # Positions 0, 1, 2, ... as RULES.md plays them, whose turn it is aside.
    state, _ = state.apply(Color.RED, 0)
    assert write_position(state) == "-.WW.W.R.R.R.B.B.B_r_0-0_15_1r"  # white on white: again
    assert read_position(write_position(state)).circle == state.round.circle


# Thirty games in the inner loop (make test-fast), all 300 in make test.
@pytest.mark.parametrize(
    "seed",
    [seed if seed < 30 else pytest.param(seed, marks=pytest.mark.thorough) for seed in range(300)],
)
def test_every_position_of_a_game_reads_back_as_it_was(seed):
    played = play_game(seed, ENDINGS[seed % len(ENDINGS)])
    for match in played.matches:
        text = write_position(match.game)
        assert len(text) <= MAX_POSITION_LENGTH and text.isascii()
        position = read_position(text)
        state = position.state(match.game.seed)
        assert write_position(state) == text
        assert (position.circle, position.to_move, position.score) == (
            match.game.round.circle,
            match.game.round.to_move,
            match.game.score,
        )
        assert state.legal_moves() == match.game.legal_moves()


def test_a_position_plays_on_as_the_game_it_came_from():
    played = play_game(7, EndReason.TARGET_SCORE)
    for before, after in zip(played.matches, played.matches[1:], strict=False):
        game = before.game
        if game.to_move is None or after.game.moves_played == game.moves_played:
            continue
        move = next(m for m in played.moves if m.version == after.version)
        state = read_position(write_position(game)).state(game.seed)
        state, _ = state.apply(game.to_move, move.outcome.position)
        assert write_position(state) == write_position(after.game)


@pytest.mark.parametrize(
    ("text", "column", "reason"),
    [
        ("", 1, "five parts"),
        ("W.W.W.R.R.R.B.B.B_r_0-0_15", 27, "five parts"),
        ("W.W.W.R.R.R.B.B_r_0-0_15_1r", 1, "9 positions"),
        ("W.W.W.R.R.R.B.B.X_r_0-0_15_1r", 17, "a stack is buttons"),
        ("W.W.W.R.R.R.B.B._r_0-0_15_1r", 17, "a stack is buttons"),
        ("w.W.W.R.R.R.B.B.B_r_0-0_15_1r", 1, "a stack is buttons"),
        ("W.W.W.R.R.R.B.B.B_x_0-0_15_1r", 19, "to move"),
        ("W.W.W.R.R.R.B.B.B_r_00-0_15_1r", 21, "no leading zeros"),
        ("W.W.W.R.R.R.B.B.B_r_0_15_1r", 21, "joined by '-'"),
        ("W.W.W.R.R.R.B.B.B_r_0-0_0_1r", 25, "the target is 1 to 100"),
        ("W.W.W.R.R.R.B.B.B_r_0-0_101_1r", 25, "the target is 1 to 100"),
        ("W.W.W.R.R.R.B.B.B_r_0-0_15_1", 28, "who started it"),
        ("W.W.W.R.R.R.B.B.B_r_0-0_15_0r", 28, "numbered from 1"),
        ("W.W.W.R.R.R.B.B.R_r_0-0_15_1r", 1, "three of each"),
        ("W.W.W.R.R.R.B.B.B_b_0-0_15_1r", 1, "no deal and legal moves"),
        ("W.W.W.R.R.R.B.B.B_r_3-0_15_1r", 1, "before the first round ends"),
        ("W.W.W.R.R.R.B.B.B_r_15-0_15_2r", 1, "has the target"),
        ("WWWRRRBBB.-.-.-.-.-.-.-.-_r_0-0_15_1r", 1, "nobody moves"),
        ("WWWRRRBBB.-.-.-.-.-.-.-.-_-_0-3_15_1r", 1, "one player at the target"),
        ("RRR.WWW.BBB.-.-.-.-.-.-_r_0-0_15_1r", 1, "no deal and legal moves"),
        ("W" * 70, 1, "longer than"),
    ],
)
def test_a_malformed_or_unreachable_position_is_refused_where_it_goes_wrong(text, column, reason):
    with pytest.raises(NotationError) as refused:
        read_position(text)
    assert reason in refused.value.text
    assert refused.value.reason in Reason  # and why, as a code
    assert (refused.value.line, refused.value.column) == (1, column)


def test_after_white_on_white_only_the_same_player_can_be_to_move():
    after = circle("-.WW.W.R.R.R.B.B.B")
    assert reachable(after, Color.RED, Color.RED)
    assert not reachable(after, Color.BLACK, Color.RED)
    assert reachable(after, Color.BLACK, Color.BLACK)


def test_a_finished_games_position_has_nobody_to_move():
    played = play_game(11, EndReason.TARGET_SCORE)
    text = write_position(played.final.game)
    assert text.split("_")[1] == "-"
    assert read_position(text).score == played.final.game.score
    assert Tally() != played.final.game.score
