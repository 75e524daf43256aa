"""The rules a game is played by travel with its state: a match's options
give them, and every part of the engine reads them from the state."""

from dataclasses import fields

import pytest

from buttonup.engine import STANDARD_RULES, Color, Match, Options, Rules
from buttonup.engine.game import GameState
from buttonup.store import codec

T0 = 1_700_000_000_000


def test_every_rule_is_an_option_of_the_same_name_and_default():
    """A variant is added as a field of Rules and of Options alike."""
    options = {item.name: item.default for item in fields(Options)}
    for rule in fields(Rules):
        assert options[rule.name] == rule.default


def test_a_match_plays_by_the_rules_its_options_name():
    match = Match.new("g1", Options(target_score=3, seed=4), T0)
    assert match.game.rules == Rules(target_score=3)
    assert Match.new("g2", Options(seed=4), T0).game.rules == STANDARD_RULES


def test_the_game_ends_at_its_rules_target():
    state = GameState.new(Rules(target_score=1), Color.RED, seed=2)
    while not state.is_over:
        state, _ = state.apply(state.to_move, state.legal_moves()[0])
    assert max(state.score.red, state.score.black) >= 1
    assert len(state.rounds) == 1  # this deal's first round has a winner


def test_the_stored_form_gives_the_state_its_rules_back():
    match = Match.new("g3", Options(target_score=7, seed=5), T0)
    match = match.join(None, "Ana", "a" * 64, T0 + 1).match
    match = match.join(None, None, "b" * 64, T0 + 2).match
    decoded = codec.decode_base(codec.encode_base(match, whole=True))
    assert decoded.game.rules == Rules(target_score=7) and decoded == match


def test_rules_refuse_a_target_below_one():
    with pytest.raises(ValueError):
        Rules(target_score=0)
