"""The match: seats, status, commands and their events, replay."""

from dataclasses import fields, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from buttonup.engine import (
    Abort,
    AbortNotAllowed,
    BerserkNotAllowed,
    BotLevel,
    Claim,
    ClaimNotAllowed,
    Color,
    EndReason,
    GameFull,
    IllegalMove,
    Join,
    Match,
    NotInProgress,
    NotSeated,
    NotYourTurn,
    Options,
    Play,
    Rematch,
    RematchClosed,
    SeatTaken,
    SeatType,
    Status,
    TimeOut,
    Visibility,
)
from buttonup.engine.clock import ClockSettings, ClockType
from buttonup.engine.events import (
    Abandoned,
    Aborted,
    Berserked,
    GameOver,
    Joined,
    Moved,
    Rematched,
    RematchOffered,
    Resigned,
    RoundOver,
    TimedOut,
)
from buttonup.engine.match import next_match
from buttonup.engine.options import UnratedReason
from buttonup.engine.review import GameReview, SeatReview

R, B = Color.RED, Color.BLACK
T0 = 1_767_225_600_000


def new(**options) -> Match:
    return Match.new("g1", Options(seed=3, first_player=R, **options), T0)


def started(**options) -> Match:
    match = new(**options).join(None, "Ana", "a" * 64, T0 + 1).match
    match = match.join(None, "Bo", "b" * 64, T0 + 2).match
    return match


def test_a_new_match_waits_with_both_seats_open():
    match = new()
    assert (match.version, match.status, match.open_seats) == (0, Status.WAITING, (R, B))
    assert match.created_at == match.updated_at == T0
    assert match.end_reason is None


def test_joins_take_red_then_black_and_start_the_match():
    _progress = new().join(None, "Ana", "a" * 64, T0 + 5)
    match, events = _progress.match, _progress.events
    assert events == [Joined(1, R)]
    assert (match.version, match.updated_at, match.red.name, match.red.joined) == (
        1,
        T0 + 5,
        "Ana",
        True,
    )
    _progress = match.join(None, None, "b" * 64, T0 + 6)
    match, events = _progress.match, _progress.events
    assert events == [Joined(2, B)] and match.status is Status.PLAYING


def test_a_taken_seat_and_a_full_match_are_refused_with_the_version():
    match = new().join(R, None, "a" * 64, T0).match
    with pytest.raises(SeatTaken) as taken:
        match.join(R, None, "b" * 64, T0)
    assert taken.value.version == 1
    with pytest.raises(GameFull):
        started().join(None, None, "c" * 64, T0)


def test_tokens_find_their_seat_and_no_other():
    match = started()
    assert match.seat_of("a" * 64) is R and match.seat_of("b" * 64) is B
    for unknown in (None, "c" * 64):
        with pytest.raises(NotSeated) as refused:
            match.seat_of(unknown)
        assert refused.value.version is None  # nothing told to whoever holds no seat


def test_moves_wait_for_both_players_and_for_the_turn():
    with pytest.raises(NotInProgress):
        new().play(R, 0, T0)
    match = started()
    with pytest.raises(NotYourTurn) as not_yours:
        match.play(B, match.game.legal_moves()[0], T0)
    assert not_yours.value.version == 2
    illegal = next(p for p in range(9) if p not in match.game.legal_moves())
    with pytest.raises(IllegalMove) as refused:
        match.play(R, illegal, T0)
    assert refused.value.version == 2


def test_a_move_makes_one_version_and_its_events_in_order():
    match = started(target_score=1)
    events: list = []
    while match.status is Status.PLAYING:
        _progress = match.play(match.game.to_move, match.game.legal_moves()[0], T0 + 9)
        match, events = _progress.match, _progress.events
        assert isinstance(events[0], Moved) and events[0].version == match.version
    assert [type(event) for event in events] == [Moved, RoundOver, GameOver]
    assert match.end_reason is EndReason.TARGET_SCORE and match.status is Status.FINISHED
    with pytest.raises(NotInProgress):
        match.play(R, 0, T0)


def test_resigning_ends_the_match_for_the_other_colour():
    _progress = started().resign(B, T0 + 50)
    match, events = _progress.match, _progress.events
    assert events == [Resigned(3, B), GameOver(3)]
    assert (match.game.winner, match.end_reason, match.updated_at) == (
        R,
        EndReason.RESIGNATION,
        T0 + 50,
    )
    with pytest.raises(NotInProgress):
        match.resign(R, T0)


def test_bots_sit_from_the_start_and_reply_when_to_move():
    match = Match.new("g2", Options(seed=1, first_player=B), T0, bots={B: BotLevel.GREEDY})
    assert match.black.type is SeatType.BOT and match.black.joined
    assert match.bot_to_move() is None  # waiting for red
    match = match.join(None, None, "a" * 64, T0).match
    assert match.bot_to_move() is BotLevel.GREEDY
    _progress = match.bot_reply(T0 + 1)
    replied, events = _progress.match, _progress.events
    assert isinstance(events[0], Moved) and events[0].outcome.player is B
    assert replied.version == match.version + 1


def test_commands_carry_every_field_they_do_not_change():
    match = started()
    changed = {"version", "updated_at", "game", "end_reason", "ended_at", "red", "black", "moved"}
    commands = [
        match.play(R, match.game.legal_moves()[0], T0 + 7).match,
        match.resign(R, T0 + 7).match,
        new().join(None, "Ana", "a" * 64, T0 + 7).match,
    ]
    for before, after in zip([match, match, new()], commands, strict=True):
        for item in fields(Match):
            if item.name not in changed:
                assert getattr(after, item.name) == getattr(before, item.name), item.name


def test_the_next_version_names_every_field_and_carries_those_it_does_not_change():
    """Match._next builds each version field by field. Every field is named
    here, as carried (with a value other than its default) or as changed by
    a move: a field added to the match fails this test until it is."""
    match = replace(
        started(visibility=Visibility.PUBLIC),
        clock=None,  # a timed match's clock is tested on its own below
        ended_at=T0 + 3,  # none while playing; set here only to see it carried
        rematch=Rematch((R,)),
        unrated=UnratedReason.PAIR_LIMIT,
        rating_diff=(7, -7),  # set by a rated end only; here only to see it carried
        review=GameReview(SeatReview(3, 2, 1, 4, 4), SeatReview(3, 1, 1, 0, 0)),  # likewise
    )
    carried = {
        name: getattr(match, name)
        for name in (
            "id",
            "created_at",
            "options",
            "red",
            "black",
            "ended_at",
            "rematch",
            "unrated",
            "rating_diff",
            "review",
        )
    }
    changed = {"version", "updated_at", "game", "end_reason", "clock", "moved"}
    assert {item.name for item in fields(Match)} == set(carried) | changed
    defaults = {item.name: item.default for item in fields(Match)}
    assert all(value != defaults[name] for name, value in carried.items())
    after = match.play(R, match.game.legal_moves()[0], T0 + 7).match
    assert {name: getattr(after, name) for name in carried} == carried
    assert (after.version, after.updated_at) == (match.version + 1, T0 + 7)


def test_the_seed_of_a_match_without_one_is_drawn_and_deals_from_it():
    first = Match.new("g3", Options(), T0)
    second = Match.new("g4", Options(), T0)
    assert first.options.seed is None and first.game.seed is not None
    assert first.game.seed != second.game.seed


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 2), min_size=1, max_size=60), st.integers(0, 2**63 - 1))
def test_replaying_the_actions_rebuilds_every_version(choices, seed):
    start = Match.new("g5", Options(seed=seed, target_score=5), T0)
    actions = [Join(R, "Ana", "a" * 64, T0 + 1), Join(B, None, "b" * 64, T0 + 2)]
    match = start.join(R, "Ana", "a" * 64, T0 + 1).match
    match = match.join(B, None, "b" * 64, T0 + 2).match
    versions = [match]
    for step, choice in enumerate(choices):
        if match.status is not Status.PLAYING:
            break
        legal = match.game.legal_moves()
        action = Play(legal[choice % len(legal)], T0 + 10 + step)
        actions.append(action)
        match = match.apply(action).match
        versions.append(match)
    replayed = [progress.match for progress in start.replay(actions)]
    assert replayed[1:] == versions


BLITZ = ClockSettings(ClockType.FISCHER, initial_seconds=60, increment_seconds=1)


def test_a_timed_match_starts_its_clock_when_the_game_starts():
    waiting = new(clock=BLITZ).join(None, "Ana", "a" * 64, T0 + 1).match
    assert waiting.clock.running is None and waiting.deadline is None
    match = waiting.join(None, "Bo", "b" * 64, T0 + 2).match
    assert match.clock.running is match.game.to_move
    assert match.deadline == T0 + 2 + 60_000


def test_each_move_charges_its_mover_and_starts_the_next_players_clock():
    match = started(clock=BLITZ)
    mover = match.game.to_move
    after = match.play(mover, match.game.legal_moves()[0], T0 + 5_002).match
    assert after.clock.remaining(mover, T0 + 5_002) == 60_000 - 5_000 + 1_000
    assert after.clock.running is after.game.to_move  # the same after an extra turn
    assert after.deadline == T0 + 5_002 + after.clock.remaining(after.game.to_move, T0 + 5_002)


def test_a_bots_moves_use_no_time_and_the_end_stops_the_clock():
    match = Match.new("g2", Options(seed=3, clock=BLITZ), T0, {B: BotLevel.RANDOM})
    match = match.join(R, "Ana", "a" * 64, T0).match
    while match.status is Status.PLAYING:
        if match.bot_to_move() is not None:
            assert match.clock.running is None
            match = match.bot_reply(T0 + 10_000).match  # late: still no time charged
        else:
            match = match.play(R, match.game.legal_moves()[0], match.updated_at + 100).match
    assert match.clock.running is None and match.deadline is None
    assert match.clock.remaining(B, T0 + 10**9) == 60_000


def test_a_timed_matchs_options_are_plain_values_and_replay_to_the_same_times():
    options = Options(seed=3, first_player=R, clock=BLITZ)
    assert Options.from_plain(options.to_plain()) == options
    match = started(clock=BLITZ)
    actions = [Play(match.game.legal_moves()[0], T0 + 3_000)]
    replayed = [progress.match for progress in match.replay(actions)]
    assert replayed[-1] == match.play(match.game.to_move, actions[0].position, T0 + 3_000).match


# How a game ends without being played out.


def first_move(match: Match, at: int) -> Match:
    return match.play(match.game.to_move, match.game.legal_moves()[0], at).match


def test_either_seat_aborts_before_the_first_move_and_nobody_wins():
    match = started(clock=BLITZ)
    _progress = match.abort(B, T0 + 10)
    after, events = _progress.match, _progress.events
    assert (after.status, after.end_reason, after.game.winner) == (
        Status.FINISHED,
        EndReason.ABORTED,
        None,
    )
    assert after.game.score == match.game.score and after.deadline is None
    assert events == [Aborted(after.version, B), GameOver(after.version)]


def test_abort_after_the_first_move_or_before_the_start_is_refused():
    match = first_move(started(), T0 + 10)
    with pytest.raises(AbortNotAllowed) as refused:
        match.abort(R, T0 + 20)
    assert refused.value.version == match.version
    with pytest.raises(NotInProgress):
        new().abort(R, T0 + 5)


def test_a_move_at_the_deadlines_millisecond_is_in_time_and_one_later_is_not():
    match = first_move(started(clock=BLITZ), T0 + 10)
    deadline = match.deadline
    assert match.overdue(deadline) is None
    in_time = match.play(match.game.to_move, match.game.legal_moves()[0], deadline).match
    assert in_time.version == match.version + 1
    with pytest.raises(NotInProgress):
        match.play(match.game.to_move, match.game.legal_moves()[0], deadline + 1)


def test_a_clock_that_runs_out_loses_the_game_at_its_deadline():
    match = first_move(started(clock=BLITZ), T0 + 10)
    loser = match.clock.running
    _progress = match.overdue(match.deadline + 1)
    after, events = _progress.match, _progress.events
    assert after.end_reason is EndReason.TIMEOUT and after.game.winner is not loser
    assert after.game.resigned is None and after.updated_at == match.deadline
    assert after.clock.remaining(loser, after.updated_at) == 0 and after.deadline is None
    assert events == [TimedOut(after.version, loser), GameOver(after.version)]


def test_a_first_move_that_never_comes_aborts_the_game_instead():
    match = started(clock=ClockSettings(ClockType.PER_MOVE, seconds=30))
    _progress = match.overdue(T0 + 2 + 30_001)
    after, events = _progress.match, _progress.events
    assert after.end_reason is EndReason.ABORTED and after.game.winner is None
    assert events == [Aborted(after.version, None), GameOver(after.version)]


def test_an_extra_turn_keeps_the_movers_clock_running_with_the_increment():
    match = started(clock=BLITZ)
    while True:  # find a first move that earns an extra turn
        mover = match.game.to_move
        for position in match.game.legal_moves():
            after = match.play(mover, position, T0 + 4_002).match
            if after.game.to_move is mover:
                assert after.clock.running is mover
                assert after.deadline == T0 + 4_002 + 60_000 - 4_000 + 1_000
                return
        match = first_move(match, match.updated_at + 1)


def test_a_per_move_clock_gives_every_turn_the_same_time_across_rounds():
    per_move = ClockSettings(ClockType.PER_MOVE, seconds=5)
    match = started(clock=per_move, target_score=100)
    rounds = match.game.round.number
    at = match.updated_at
    while match.game.round.number == rounds:
        at += 4_999
        match = first_move(match, at)
        assert match.deadline == at + 5_000  # no pause between rounds, nothing carried


def test_timeouts_aborts_and_claims_replay_to_the_same_versions():
    match = first_move(started(clock=BLITZ), T0 + 10)
    timed_out = match.overdue(match.deadline + 5).match
    assert list(match.replay([TimeOut(match.deadline)]))[-1].match == timed_out
    aborted = started().abort(R, T0 + 3).match
    assert list(started().replay([Abort(R, T0 + 3)]))[-1].match == aborted
    waiting = opponent_of(match.game.to_move)
    claimed = match.claim_victory(waiting, T0 + 9_000, T0, 1_000).match
    assert list(match.replay([Claim(waiting, T0 + 9_000)]))[-1].match == claimed


def opponent_of(color: Color) -> Color:
    return B if color is R else R


ABANDON_MS = 60_000


def test_the_waiting_seat_claims_once_the_absent_one_is_gone_long_enough():
    match = first_move(started(), T0 + 10)
    absent = match.game.to_move
    claimer = opponent_of(absent)
    _progress = match.claim_victory(claimer, T0 + 10 + ABANDON_MS, T0 + 5, ABANDON_MS)
    after, events = _progress.match, _progress.events
    assert (after.end_reason, after.game.winner) == (EndReason.ABANDONED, claimer)
    assert events == [Abandoned(after.version, absent), GameOver(after.version)]


def test_a_claim_too_soon_says_when_it_would_be_allowed():
    match = first_move(started(), T0 + 10)
    claimer = opponent_of(match.game.to_move)
    # Gone a long time, but their turn began only at the last move.
    with pytest.raises(ClaimNotAllowed) as refused:
        match.claim_victory(claimer, T0 + 10 + ABANDON_MS - 1, T0 - 10**6, ABANDON_MS)
    assert refused.value.retry_after_ms == 1
    # Their turn is long, but they went only lately.
    later = T0 + 10 + 5 * ABANDON_MS
    with pytest.raises(ClaimNotAllowed) as refused:
        match.claim_victory(claimer, later, later - 1_000, ABANDON_MS)
    assert refused.value.retry_after_ms == ABANDON_MS - 1_000


def test_no_claim_on_ones_own_turn_or_against_a_connected_opponent():
    match = first_move(started(), T0 + 10)
    to_move = match.game.to_move
    with pytest.raises(ClaimNotAllowed, match="your turn"):
        match.claim_victory(to_move, T0 + 10**7, T0, ABANDON_MS)
    with pytest.raises(ClaimNotAllowed, match="connected") as refused:
        match.claim_victory(opponent_of(to_move), T0 + 10**7, None, ABANDON_MS)
    assert refused.value.retry_after_ms is None


WINDOW_MS = 600_000


def test_a_rematch_is_offered_by_the_first_seat_and_made_by_the_second():
    over = started().resign(B, T0 + 50).match
    assert over.ended_at == T0 + 50
    _progress = over.request_rematch(R, T0 + 60, WINDOW_MS, "next")
    offered, events = _progress.match, _progress.events
    assert events == [RematchOffered(4, R)]
    assert offered.rematch.offered_by == (R,) and offered.rematch.game_id is None
    assert offered.ended_at == T0 + 50, "asking does not move the end"
    assert offered.request_rematch(R, T0 + 70, WINDOW_MS, "next") is None, "asked already"
    _progress = offered.request_rematch(B, T0 + 80, WINDOW_MS, "next")
    made, events = _progress.match, _progress.events
    assert events == [Rematched(5, B, "next")]
    assert made.rematch.offered_by == (R, B) and made.rematch.game_id == "next"
    assert made.request_rematch(R, T0 + 90, WINDOW_MS, "other") is None, "made already"
    assert not made.rematch_window_open(T0 + 90, WINDOW_MS)


def test_a_rematch_is_refused_before_the_end_and_after_the_window():
    with pytest.raises(NotInProgress):
        started().request_rematch(R, T0 + 9, WINDOW_MS, "next")
    over = started().resign(B, T0 + 50).match
    assert over.rematch_window_open(T0 + 50 + WINDOW_MS, WINDOW_MS)
    with pytest.raises(RematchClosed):
        over.request_rematch(R, T0 + 51 + WINDOW_MS, WINDOW_MS, "next")
    assert not over.rematch_window_open(T0 + 51 + WINDOW_MS, WINDOW_MS)


def test_a_bot_seat_agrees_to_a_rematch_at_once():
    match = Match.new("g2", Options(seed=1, first_player=R), T0, bots={B: BotLevel.GREEDY})
    match = match.join(None, "Ana", "a" * 64, T0).match
    over = match.resign(R, T0 + 5).match
    _progress = over.request_rematch(R, T0 + 6, WINDOW_MS, "next")
    made, events = _progress.match, _progress.events
    assert events == [Rematched(over.version + 1, R, "next")]
    assert made.rematch.offered_by == (R, B)


def test_the_next_match_swaps_colours_and_the_first_player_and_keeps_the_options():
    settings = ClockSettings(ClockType.FISCHER, initial_seconds=60, increment_seconds=1)
    over = started(clock=settings, target_score=20, hints=False).resign(B, T0 + 50).match
    hashes = {R: "c" * 64, B: "d" * 64}
    match = next_match(over, "next", T0 + 99, hashes)
    after = match.take_reserved(R, "c" * 64, T0 + 99).match
    after = after.take_reserved(B, "d" * 64, T0 + 99).match
    assert match.version == 0 and after.status is Status.PLAYING
    assert (after.red.name, after.black.name) == ("Bo", "Ana")
    assert (after.red.token_sha256, after.black.token_sha256) == ("c" * 64, "d" * 64)
    assert over.game.round.starting_player is R, "Ana (red) started the first game"
    assert after.seat(after.game.round.starting_player).name == "Bo", "Bo, red now, starts"
    assert (after.options.target_score, after.options.clock, after.options.hints) == (
        20,
        settings,
        False,
    )
    assert after.options.seed is None and after.game.seed != over.game.seed


def test_the_next_match_keeps_players_and_bots_in_their_swapped_seats():
    match = Match.new("g2", Options(seed=1), T0, bots={B: BotLevel.PERFECT})
    match = match.join(None, "Ana", "a" * 64, T0, player_id="p1").match
    over = match.resign(R, T0 + 5).match
    following = next_match(over, "next", T0 + 9, {R: "c" * 64, B: "d" * 64})
    after = following.take_reserved(B, "d" * 64, T0 + 9).match
    assert following.red.level is BotLevel.PERFECT
    assert after.black.player_id == "p1" and after.black.token_sha256 == "d" * 64


def test_the_next_match_waits_with_its_clock_stopped_until_both_seats_hold_their_tokens():
    settings = ClockSettings(ClockType.FISCHER, initial_seconds=60, increment_seconds=0)
    over = started(clock=settings).resign(B, T0 + 50).match
    following = next_match(over, "next", T0 + 60, {R: "c" * 64, B: "d" * 64})
    assert following.status is Status.WAITING and following.open_seats == ()
    assert following.clock.running is None
    one = following.take_reserved(R, "c" * 64, T0 + 70).match
    assert one.status is Status.WAITING and one.clock.running is None
    assert one.take_reserved(R, "c" * 64, T0 + 75) is None, "taken already: nothing changes"
    both = one.take_reserved(B, "d" * 64, T0 + 90_000).match
    assert both.status is Status.PLAYING
    assert both.deadline == T0 + 90_000 + 60_000, "the clock starts once both hold their tokens"


def test_a_reserved_seat_is_no_one_elses():
    over = started().resign(B, T0 + 50).match
    following = next_match(over, "next", T0 + 60, {R: "c" * 64, B: "d" * 64})
    with pytest.raises(GameFull):
        following.join(None, "Eve", "e" * 64, T0 + 61)
    with pytest.raises(GameFull):
        following.join(R, "Eve", "e" * 64, T0 + 61)
    with pytest.raises(NotSeated):
        following.take_reserved(R, "d" * 64, T0 + 61)


def test_an_aborted_game_has_no_rematch():
    aborted = started().abort(R, T0 + 5).match
    assert not aborted.rematch_window_open(T0 + 6, WINDOW_MS)
    with pytest.raises(RematchClosed):
        aborted.request_rematch(B, T0 + 6, WINDOW_MS, "next")


@pytest.mark.parametrize("first", [R, B])
def test_the_rematch_is_started_by_the_person_who_did_not_start_the_first_round(first):
    played = Match.new("g", Options(seed=5, first_player=first, target_score=1), T0)
    played = played.join(R, "Ana", "a" * 64, T0).match
    played = played.join(B, "Bo", "b" * 64, T0).match
    while played.status is Status.PLAYING:  # to the end: the first round was Ana's or Bo's
        to_move = played.game.to_move
        played = played.play(to_move, played.game.legal_moves()[0], T0 + 10).match
    starter = played.seat(played.game.rounds[0].starting_player).name
    following = next_match(played, "next", T0 + 20, {R: "c" * 64, B: "d" * 64})
    new_starter = following.seat(following.game.round.starting_player).name
    assert {starter, new_starter} == {"Ana", "Bo"}, (starter, new_starter)


def test_a_rematch_against_a_bot_is_started_by_whoever_did_not_start_before():
    for first in (R, B):
        match = Match.new("g", Options(seed=4, first_player=first), T0, bots={B: BotLevel.RANDOM})
        match = match.join(R, "Ana", "a" * 64, T0).match
        over = match.resign(R, T0 + 5).match
        following = next_match(over, "next", T0 + 9, {R: "c" * 64, B: "d" * 64})
        starter = following.seat(following.game.round.starting_player)
        if first is R:  # Ana started: the bot starts now
            assert starter.type is SeatType.BOT
        else:
            assert starter.name == "Ana"


def test_a_seat_goes_berserk_once_before_its_first_move_where_the_game_allows_it():
    blitz = ClockSettings(ClockType.FISCHER, initial_seconds=180, increment_seconds=2)
    match = Match.new("b1", Options(seed=5, clock=blitz, berserk=True, first_player=Color.RED), 0)
    match = match.join(None, "Ana", "a" * 64, 1).match.join(None, "Bo", "b" * 64, 2).match
    progress = match.berserk(Color.BLACK, 3)
    assert [type(event) for event in progress.events] == [Berserked]
    match = progress.match
    assert match.clock.berserk == {Color.BLACK} and match.clock.remaining(Color.BLACK, 3) == 90_000
    with pytest.raises(BerserkNotAllowed):
        match.berserk(Color.BLACK, 4)  # once
    match = match.play(Color.RED, match.game.legal_moves()[0], 5).match
    with pytest.raises(BerserkNotAllowed):
        match.berserk(Color.RED, 6)  # after one's first move
    plain = Match.new("b2", Options(seed=5, clock=blitz), 0)
    plain = plain.join(None, "Ana", "a" * 64, 1).match.join(None, "Bo", "b" * 64, 2).match
    with pytest.raises(BerserkNotAllowed):
        plain.berserk(Color.RED, 3)  # a game that does not allow it
    assert Options(berserk=True).for_rematch(Color.RED).berserk is False
