"""The stored form: bases and log entries read back as written, compactly."""

from dataclasses import replace

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from buttonup.engine import (
    Abort,
    AcceptRematch,
    Berserk,
    BotLevel,
    Claim,
    Color,
    Join,
    Match,
    OfferRematch,
    Options,
    Origin,
    Play,
    Resign,
    TimeOut,
    Visibility,
)
from buttonup.engine.clock import ClockSettings, ClockType
from buttonup.engine.match import next_match
from buttonup.engine.options import UnratedReason
from buttonup.engine.ratings import Rating
from buttonup.store import codec

T0 = 1_767_225_600_000


def test_a_new_match_is_stored_as_its_options_seed_and_bots():
    match = Match.new(
        "g1",
        Options(target_score=20, visibility=Visibility.PUBLIC),
        T0,
        {Color.BLACK: BotLevel.RANDOM},
    )
    stored = codec.encode_base(match)
    assert codec.decode_base(stored) == match
    assert len(stored) < 160
    assert b"20" in stored and b"circle" not in stored


def test_a_games_origin_reads_back_and_an_earlier_releases_two_options_read_as_one():
    made = Match.new("g5", Options(seed=3, origin=Origin("tournaments", "t7")), T0)
    assert codec.decode_base(codec.encode_base(made)) == made
    # An earlier release kept a tournament game's origin as `paired` and
    # `tournament`, and a seek's as `paired` alone (its game_start sent).
    earlier = orjson.loads(codec.encode_base(Match.new("g6", Options(seed=3), T0)))
    earlier["o"] = {**earlier["o"], "paired": True, "tournament": "t7"}
    assert codec.decode_base(orjson.dumps(earlier)).options.origin == Origin("tournaments", "t7")
    earlier["o"] = {"seed": 3, "paired": True}
    assert codec.decode_base(orjson.dumps(earlier)).options == Options(seed=3)


def test_a_match_later_than_its_first_version_is_stored_whole():
    match = Match.new("g2", Options(seed=4), T0).join(None, "Ana", "a" * 64, T0 + 5).match
    for _ in range(1):
        match = match.join(None, None, "b" * 64, T0 + 6).match
    match = match.play(match.game.to_move, match.game.legal_moves()[0], T0 + 9).match
    assert codec.decode_base(codec.encode_base(match)) == match


def test_a_whole_base_reads_back_with_its_one_button_stacks_shared():
    match = Match.new("g3", Options(seed=7), T0).join(None, None, "a" * 64, T0 + 5).match
    match = match.join(None, None, "b" * 64, T0 + 6).match
    while not match.game.rounds:  # into the second round: a finished round's circle too
        match = match.play(match.game.to_move, match.game.legal_moves()[0], T0 + 9).match
    read = codec.decode_base(codec.encode_base(match, whole=True))
    circles = [read.game.round.initial_circle, read.game.rounds[0].initial_circle]
    assert read == match
    assert len({id(stack) for circle in circles for stack in circle}) == 3


@given(
    st.lists(
        st.one_of(
            st.builds(Play, st.integers(0, 8), st.integers(-5000, 10**10)),
            st.builds(
                Join,
                st.sampled_from([Color.RED, Color.BLACK]),
                st.one_of(
                    st.none(), st.text(st.characters(min_codepoint=32), min_size=1, max_size=40)
                ),
                st.just("c" * 64),
                st.integers(0, 10**9),
            ),
            st.builds(Resign, st.sampled_from([Color.RED, Color.BLACK]), st.integers(0, 10**9)),
        ),
        max_size=12,
    )
)
def test_log_entries_read_back_as_the_actions_they_record(actions):
    """Each entry holds the delay since the version before: times come back exact."""
    text, previous = "", T0
    for action in actions:
        text += codec.encode_action(action, previous)
        previous = action.at
    assert list(codec.decode_entries(text, T0)) == actions


def test_a_move_is_a_few_bytes():
    assert codec.encode_action(Play(4, T0), T0) == "4\n"
    assert codec.encode_action(Play(4, T0 + 5000), T0) == "4\t3uw\n"


def test_what_does_not_decode_is_refused_as_stored_form():
    with pytest.raises(codec.StoredFormError):
        codec.decode_base(b'{"f": 9}')
    with pytest.raises(codec.StoredFormError):
        list(codec.decode_entries("x1\n", T0))


def test_a_timed_match_keeps_its_clock_settings_in_its_base():
    settings = ClockSettings(ClockType.PER_MOVE, seconds=86_400)
    match = Match.new("timed", Options(seed=7, clock=settings), T0)
    decoded = codec.decode_base(codec.encode_base(match))
    assert decoded == match and decoded.options.clock == settings
    joined = (
        decoded.join(None, "Ana", "a" * 64, T0 + 5).match.join(None, None, "b" * 64, T0 + 9).match
    )
    assert joined.deadline == T0 + 9 + 86_400_000


def test_every_ending_is_one_short_entry_that_reads_back_as_its_action():
    actions = [
        Abort(Color.RED, T0 + 5),
        TimeOut(T0 + 70_000),
        Claim(Color.BLACK, T0 + 3_600_000),
        Resign(Color.BLACK, T0 + 2),
    ]
    for action in actions:
        entry = codec.encode_action(action, T0)
        assert len(entry) <= 9
        assert list(codec.decode_entries(entry, T0)) == [action]


def test_a_timed_match_stored_whole_keeps_its_running_clock():
    settings = ClockSettings(ClockType.FISCHER, initial_seconds=180, increment_seconds=2)
    match = Match.new("timed", Options(seed=7, clock=settings), T0)
    match = match.join(None, "Ana", "a" * 64, T0 + 5).match.join(None, None, "b" * 64, T0 + 9).match
    match = match.play(match.game.to_move, match.game.legal_moves()[0], T0 + 4_000).match
    decoded = codec.decode_base(codec.encode_base(match, whole=True))
    assert decoded == match and decoded.deadline == match.deadline


def test_a_players_join_keeps_its_player_id_in_the_log_and_the_base():
    join = Join(Color.RED, "Ana", "a" * 64, T0 + 7, player_id="Yb2kQ0sNw4ZrT6hV8uXa")
    entry = codec.encode_action(join, T0)
    assert entry.startswith("Jr\t")
    assert list(codec.decode_entries(entry, T0)) == [join]
    anonymous = Join(Color.BLACK, None, "b" * 64, T0 + 9)
    assert list(codec.decode_entries(codec.encode_action(anonymous, T0), T0)) == [anonymous]
    match = Match.new("g9", Options(seed=5), T0).apply(join).match
    decoded = codec.decode_base(codec.encode_base(match, whole=True))
    assert decoded == match and decoded.red.player_id == join.player_id


def test_a_bot_accounts_join_is_marked_in_the_log_and_the_base_and_unread_before():
    rating = Rating(1500.0, 350.0, 0.06, 0)
    joins = [
        Join(Color.RED, "Robo", "a" * 64, T0 + 7, player_id="p1", bot_account=True),
        Join(Color.BLACK, "Robo", "b" * 64, T0 + 8, "p2", rating, bot_account=True),
        Join(Color.BLACK, None, "c" * 64, T0 + 9, bot_account=True),
        Join(Color.RED, "R", "d" * 64, T0, "p3", rating, UnratedReason.PAIR_LIMIT, True),
    ]
    for join in joins:
        entry = codec.encode_action(join, T0)
        assert entry.split("\t")[0].endswith(codec.BOT_MARK)
        assert list(codec.decode_entries(entry, T0)) == [join]
    # An entry without the mark (every one before bot accounts) is no bot's.
    plain = replace(joins[0], bot_account=False)
    assert list(codec.decode_entries(codec.encode_action(plain, T0), T0)) == [plain]
    match = Match.new("g9", Options(seed=5), T0).apply(joins[0]).match
    decoded = codec.decode_base(codec.encode_base(match, whole=True))
    assert decoded == match and decoded.red.bot_account and not decoded.black.bot_account


def test_a_rematch_is_two_short_entries_and_stays_in_a_whole_base():
    offer, accept = OfferRematch(Color.RED, T0 + 4), AcceptRematch(Color.BLACK, "n" * 20, T0 + 9)
    text = codec.encode_action(offer, T0) + codec.encode_action(accept, T0 + 4)
    assert len(text) <= 6 + 30
    assert list(codec.decode_entries(text, T0)) == [offer, accept]
    match = Match.new("g9", Options(seed=5), T0)
    match = match.join(None, "Ana", "a" * 64, T0 + 1).match.join(None, None, "b" * 64, T0 + 2).match
    match = match.resign(Color.RED, T0 + 3).match.apply(offer).match
    decoded = codec.decode_base(codec.encode_base(match, whole=True))
    assert decoded == match and decoded.ended_at == T0 + 3
    assert decoded.rematch.offered_by == (Color.RED,)


def test_a_new_match_with_reserved_seats_keeps_them():
    over = Match.new("old", Options(seed=3), 0)
    over = over.join(None, "Ana", "a" * 64, 1).match
    over = over.join(None, "Bo", "b" * 64, 2).match
    over = over.resign(Color.RED, 3).match
    following = next_match(over, "next", 4, {Color.RED: "c" * 64, Color.BLACK: "d" * 64})
    assert codec.decode_base(codec.encode_base(following)) == following


def test_a_rated_end_keeps_both_ratings_and_its_change_as_shown():
    from buttonup.engine.ratings import Rating

    ratings = (Rating(1612.5, 80.25, 0.06, 12), Rating(1480.0, 120.0, 0.059, 3))
    ending = Resign(Color.BLACK, T0 + 9, rated_from=ratings, rating_diff=(6, -6))
    entry = codec.encode_action(ending, T0)
    assert list(codec.decode_entries(entry, T0)) == [ending]
    assert entry.endswith(";6;-6\n")
    # An end recorded before the change was kept with it reads back without it.
    legacy = entry.replace(";6;-6\n", "\n")
    (read,) = codec.decode_entries(legacy, T0)
    assert read.rated_from == ratings and read.rating_diff is None
    # And a base keeps the match's.
    joined = Match.new("g1", Options(), T0, {}).join(Color.RED, "Ana", "a" * 64, T0 + 1).match
    kept = replace(joined, rating_diff=(6, -6))
    assert codec.decode_base(codec.encode_base(kept)) == kept


def test_a_berserk_is_one_short_entry_and_a_whole_base_keeps_it_with_its_moves():
    entry = codec.encode_action(Berserk(Color.BLACK, T0 + 3), T0)
    assert entry == "bb\t3\n" and list(codec.decode_entries(entry, T0)) == [
        Berserk(Color.BLACK, T0 + 3)
    ]
    settings = ClockSettings(ClockType.FISCHER, initial_seconds=180, increment_seconds=2)
    match = Match.new("timed", Options(seed=7, clock=settings, berserk=True), T0)
    match = match.join(None, "Ana", "a" * 64, T0 + 5).match.join(None, None, "b" * 64, T0 + 9).match
    match = match.berserk(Color.RED, T0 + 10).match
    match = match.play(match.game.to_move, match.game.legal_moves()[0], T0 + 4_000).match
    assert match.clock.berserk_moves.red == 1
    decoded = codec.decode_base(codec.encode_base(match, whole=True))
    assert decoded == match and decoded.clock.berserk == {Color.RED}
