"""What a counted game does to its players (tournaments.freeing), decided
from what its count read: no-shows withdrawn and paused longer each time,
the players freed and back in an arena's pool while its time runs, and a
par pairing's second leg seated, seats swapped, or dropped after a no-show."""

from buttonup.tournaments.freeing import SecondLeg, Seen, freed, pause_ms
from buttonup.tournaments.model import (
    PAUSE_MAX_MS,
    PAUSE_STEP_MS,
    GameResult,
    bye_result,
)

NOW = 1_800_000_000_000
RESULT = GameResult("g1", "ana", "bo", "ana")


def seen(**changed) -> Seen:
    """A running arena whose time runs, both players playing g1."""
    fields = {
        "status": "running",
        "pools": "1",
        "ends_at": str(NOW + 60_000),
        "round": "0",
        "playing": {"ana": "g1", "bo": "g1"},
        "withdrawn": {"ana": False, "bo": False},
    }
    return Seen(**{**fields, **changed})


def test_both_players_are_freed_and_back_in_a_running_arenas_pool():
    decided = freed(RESULT, seen(), (), NOW)
    assert decided.freed == ("ana", "bo") and decided.pooled == ("ana", "bo")
    assert not decided.withdrawn and not decided.paused_until and decided.second_leg is None


def test_nobody_goes_back_to_a_pool_once_the_arenas_time_is_over_or_in_a_swiss():
    assert freed(RESULT, seen(ends_at=str(NOW)), (), NOW).pooled == ()
    assert freed(RESULT, seen(status="finished"), (), NOW).pooled == ()
    swiss = freed(RESULT, seen(pools="0"), (), NOW)
    assert swiss.pooled == () and swiss.freed == ("ana", "bo")


def test_a_player_who_withdrew_or_plays_elsewhere_stays_out_of_the_pool():
    decided = freed(RESULT, seen(withdrawn={"ana": True, "bo": False}), (), NOW)
    assert decided.pooled == ("bo",)
    elsewhere = freed(RESULT, seen(playing={"ana": "g2", "bo": None}), (), NOW)
    assert elsewhere.freed == () and elsewhere.pooled == ("bo",)


def test_a_no_show_is_withdrawn_and_paused_from_their_second_such_game_doubling_to_a_cap():
    first = freed(RESULT, seen(faults={"bo": None}), ("bo",), NOW)
    assert first.withdrawn == ("bo",) and first.faults == {"bo": 1}
    assert first.paused_until == {} and first.pooled == ("ana",)
    second = freed(RESULT, seen(faults={"bo": "1"}), ("bo",), NOW)
    assert second.faults == {"bo": 2} and second.paused_until == {"bo": NOW + PAUSE_STEP_MS}
    third = freed(RESULT, seen(faults={"bo": "2"}), ("bo",), NOW)
    assert third.paused_until == {"bo": NOW + 2 * PAUSE_STEP_MS}
    assert pause_ms(40) == PAUSE_MAX_MS and pause_ms(1) == 0


def test_a_second_leg_is_seated_seats_swapped_or_dropped_when_a_player_never_showed():
    decided = freed(RESULT, seen(pools="0", round="3", second_leg="g2"), (), NOW)
    assert decided.second_leg == SecondLeg("g2", "bo", "ana")
    assert decided.pooled == () and decided.dropped_leg is None
    no_show = freed(RESULT, seen(pools="0", second_leg="g2", faults={"bo": None}), ("bo",), NOW)
    assert no_show.second_leg is None and no_show.dropped_leg == "g2"


def test_a_bye_frees_its_one_player_and_nobody_else():
    bye = bye_result(2, "ana")
    decided = freed(bye, seen(pools="0", playing={"ana": None}, withdrawn={"ana": False}), (), NOW)
    assert decided.freed == () and decided.pooled == () and decided.withdrawn == ()
