"""The clock's rules, with time passed in: no sleeping."""

import pytest

from buttonup.engine.board import Color
from buttonup.engine.clock import Clock, ClockSettings, ClockType

RED, BLACK = Color.RED, Color.BLACK
T0 = 1_767_225_600_000
BLITZ = ClockSettings(ClockType.FISCHER, initial_seconds=180, increment_seconds=2)
DAILY = ClockSettings(ClockType.PER_MOVE, seconds=86_400)


def test_a_new_clock_has_full_banks_and_runs_for_nobody():
    clock = Clock.new(BLITZ)
    assert clock.remaining(RED, T0) == clock.remaining(BLACK, T0) == 180_000
    assert clock.running is None and clock.deadline is None and clock.ran_out(T0 + 10**9) is None


def test_the_player_to_move_has_until_the_deadline_to_the_millisecond():
    clock = Clock.new(BLITZ).start(RED, T0)
    assert clock.deadline == T0 + 180_000
    assert clock.ran_out(T0 + 180_000) is None  # the last millisecond is in time
    assert clock.ran_out(T0 + 180_001) is RED  # one millisecond late
    assert clock.remaining(BLACK, T0 + 179_000) == 180_000  # black's does not run
    assert clock.remaining(RED, T0 + 200_000) == 0


def test_a_move_at_the_last_millisecond_charges_all_and_adds_the_increment():
    clock = Clock.new(BLITZ).start(RED, T0).moved(RED, BLACK, T0 + 180_000)
    assert clock.remaining(RED, T0 + 180_000) == 2_000
    assert clock.running is BLACK and clock.deadline == T0 + 180_000 + 180_000


def test_fischer_banks_carry_over_with_the_increment():
    clock = Clock.new(BLITZ).start(RED, T0)
    clock = clock.moved(RED, BLACK, T0 + 10_000)  # red spent 10 s
    clock = clock.moved(BLACK, RED, T0 + 15_000)  # black spent 5 s
    assert clock.remaining(RED, T0 + 15_000) == 180_000 - 10_000 + 2_000
    assert clock.remaining(BLACK, T0 + 15_000) == 180_000 - 5_000 + 2_000
    assert clock.deadline == T0 + 15_000 + 172_000


def test_an_extra_turn_keeps_the_movers_clock_running_plus_the_increment():
    clock = Clock.new(BLITZ).start(RED, T0).moved(RED, RED, T0 + 4_000)
    assert clock.running is RED
    assert clock.remaining(RED, T0 + 4_000) == 180_000 - 4_000 + 2_000
    assert clock.remaining(RED, T0 + 5_000) == 180_000 - 5_000 + 2_000


def test_per_move_time_is_afresh_each_turn_and_nothing_carries_over():
    clock = Clock.new(DAILY).start(RED, T0).moved(RED, BLACK, T0 + 3_600_000)
    assert clock.deadline == T0 + 3_600_000 + 86_400_000
    clock = clock.moved(BLACK, RED, T0 + 3_600_000 + 60_000)
    assert clock.remaining(RED, T0 + 3_600_000 + 60_000) == 86_400_000  # not 82,800,000


def test_bots_use_no_time():
    clock = Clock.new(BLITZ).start(RED, T0).moved(RED, None, T0 + 1_000)  # a bot to move
    assert clock.running is None and clock.deadline is None
    clock = clock.moved(None, RED, T0 + 9_000)  # the bot's move, 8 s later
    assert clock.remaining(RED, T0 + 9_000) == 180_000 - 1_000 + 2_000
    assert clock.remaining(BLACK, T0 + 9_000) == 180_000


def test_a_round_end_pauses_nothing_and_the_game_end_stops_the_clock():
    # The round's last move hands over to the next round's starter at once.
    clock = Clock.new(BLITZ).start(RED, T0).moved(RED, BLACK, T0 + 1_000)
    assert clock.running is BLACK and clock.since == T0 + 1_000
    over = clock.moved(BLACK, None, T0 + 3_000)
    assert over.running is None and over.ran_out(T0 + 10**9) is None
    assert over.remaining(BLACK, T0 + 10**9) == 180_000 - 2_000 + 2_000


@pytest.mark.parametrize(
    "settings",
    [
        {"type": ClockType.FISCHER, "initial_seconds": 9},
        {"type": ClockType.FISCHER, "initial_seconds": 7201},
        {"type": ClockType.FISCHER, "initial_seconds": 60, "increment_seconds": 121},
        {"type": ClockType.PER_MOVE, "seconds": 4},
        {"type": ClockType.PER_MOVE, "seconds": 1_209_601},
    ],
)
def test_settings_outside_the_bounds_are_refused(settings):
    with pytest.raises(ValueError):
        ClockSettings(**settings)


def test_settings_at_the_bounds_are_taken():
    ClockSettings(ClockType.FISCHER, initial_seconds=10, increment_seconds=0)
    ClockSettings(ClockType.FISCHER, initial_seconds=7200, increment_seconds=120)
    ClockSettings(ClockType.PER_MOVE, seconds=5)
    ClockSettings(ClockType.PER_MOVE, seconds=1_209_600)


def test_berserk_takes_half_the_initial_time_and_every_increment_after():
    clock = Clock.new(BLITZ).start(RED, T0)
    clock = clock.berserked(RED, T0 + 10_000)  # red thought 10 s, then went berserk
    assert clock.running is RED and clock.remaining(RED, T0 + 10_000) == 170_000 - 90_000
    clock = clock.moved(RED, BLACK, T0 + 12_000)
    assert clock.remaining(RED, T0 + 12_000) == 78_000  # no increment
    assert clock.berserk_moves.red == 1
    clock = clock.moved(BLACK, RED, T0 + 13_000)
    assert clock.remaining(BLACK, T0 + 13_000) == 180_000 - 1_000 + 2_000  # black's as before
    late = Clock.new(BLITZ).start(BLACK, T0).berserked(BLACK, T0 + 170_000)
    assert late.remaining(BLACK, T0 + 170_000) == 0  # down to nothing at most
    assert not Clock.new(DAILY).berserk_allowed
