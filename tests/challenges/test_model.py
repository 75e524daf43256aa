"""What a challenge is and how it changes (challenges.model): who may
accept, decline or cancel it, an open one's two takers, when it lapses,
which seats its players take and what its game is played with."""

import pytest

from buttonup.challenges.model import (
    LASTING_MS,
    LIVE_MS,
    NOT_PENDING,
    NOT_YOURS,
    OPEN_MS,
    Accepts,
    Challenge,
    ChallengeRefused,
    ChallengeStatus,
    DeclineReason,
    NewChallenge,
    lasts_ms,
)
from buttonup.engine import Color, Origin
from buttonup.engine.clock import ClockSettings, ClockType
from buttonup.engine.ratings import Category

BLITZ = ClockSettings(ClockType.FISCHER, 180, 2)
DAILY = ClockSettings(ClockType.PER_MOVE, seconds=86_400)


def a_challenge(**fields) -> Challenge:
    base = dict(
        id="c1",
        maker="ana",
        to="bo",
        clock=BLITZ,
        rated=False,
        color=Color.RED,
        target_score=15,
        position=None,
        message="",
        created_at=0,
        expires_at=LIVE_MS,
        game_id="g1",
    )
    return Challenge(**{**base, **fields})


def test_only_the_invitee_accepts_or_declines_and_only_the_maker_cancels():
    challenge = a_challenge()
    with pytest.raises(ChallengeRefused) as refused:
        challenge.accepted_by("cy")
    assert refused.value.kind == NOT_YOURS
    with pytest.raises(ChallengeRefused):
        challenge.declined_by("ana", DeclineReason.LATER)
    with pytest.raises(ChallengeRefused):
        challenge.canceled_by("bo")
    assert challenge.accepted_by("bo").status is ChallengeStatus.ACCEPTED
    declined = challenge.declined_by("bo", DeclineReason.TOO_FAST)
    assert (declined.status, declined.decline_reason) == (
        ChallengeStatus.DECLINED,
        DeclineReason.TOO_FAST,
    )
    assert challenge.canceled_by("ana").status is ChallengeStatus.CANCELED


def test_an_answered_challenge_takes_no_other_answer():
    for answered in (
        a_challenge().accepted_by("bo"),
        a_challenge().canceled_by("ana"),
        a_challenge().expired(),
    ):
        with pytest.raises(ChallengeRefused) as refused:
            answered.declined_by("bo", DeclineReason.GENERIC)
        assert refused.value.kind == NOT_PENDING
        with pytest.raises(ChallengeRefused):
            answered.expired()


def test_an_open_challenge_seats_its_first_two_takers_or_its_two_named():
    open_one = a_challenge(to=None, color=Color.BLACK, expires_at=OPEN_MS)
    first = open_one.accepted_by("cy")
    assert (first.status, first.takers) == (ChallengeStatus.PENDING, ("cy",))
    assert first.accepted_by("cy") == first, "taking it twice is taking it once"
    both = first.accepted_by("di")
    assert (both.status, both.takers) == (ChallengeStatus.ACCEPTED, ("cy", "di"))
    assert both.seats(coin=True) == {Color.BLACK: "cy", Color.RED: "di"}
    named = a_challenge(to=None, named=("cy", "di"))
    with pytest.raises(ChallengeRefused):
        named.accepted_by("ed")
    assert named.told() == ("cy", "di") and a_challenge().told() == ("bo",)


def test_seats_follow_the_makers_colour_or_the_coin():
    assert a_challenge(color=Color.RED).seats(coin=False) == {Color.RED: "ana", Color.BLACK: "bo"}
    drawn = a_challenge(color=None)
    assert drawn.seats(coin=True)[Color.RED] == "ana"
    assert drawn.seats(coin=False)[Color.BLACK] == "ana"


def test_how_long_a_challenge_stands_by_its_kind():
    assert lasts_ms(NewChallenge(to="bo", clock=BLITZ)) == LIVE_MS
    assert lasts_ms(NewChallenge(to="bo", clock=DAILY)) == LASTING_MS
    assert lasts_ms(NewChallenge(to="bo", clock=None)) == LASTING_MS
    assert lasts_ms(NewChallenge(to=None, clock=BLITZ)) == OPEN_MS
    assert a_challenge().live and not a_challenge(clock=None).live
    assert not a_challenge(to=None).live, "an open one does not hang on its maker's stream"
    assert a_challenge().lapsed(LIVE_MS) and not a_challenge().lapsed(LIVE_MS - 1)


def test_its_game_is_private_with_hints_unless_rated_and_names_the_challenge():
    options = a_challenge(rated=True).options()
    assert options.rated and not options.hints and options.clock == BLITZ
    assert options.origin == Origin("challenges", "c1")
    assert a_challenge().options().hints


def test_what_a_player_does_not_accept_is_declined_with_what_to_send_instead():
    rapid_casual = Accepts(frozenset({Category.RAPID}), rated=False, casual=True, positions=False)
    rapid = ClockSettings(ClockType.FISCHER, 600, 5)
    assert rapid_casual.refusal(a_challenge(clock=BLITZ)) is DeclineReason.TOO_FAST
    assert rapid_casual.refusal(a_challenge(clock=DAILY)) is DeclineReason.TOO_SLOW
    assert rapid_casual.refusal(a_challenge(clock=rapid, rated=True)) is DeclineReason.CASUAL
    assert rapid_casual.refusal(a_challenge(clock=rapid, position="p")) is DeclineReason.POSITION
    assert rapid_casual.refusal(a_challenge(clock=rapid)) is None
    ends = Accepts(frozenset({Category.BLITZ, Category.UNTIMED}), rated=True, casual=False)
    assert ends.refusal(a_challenge(clock=rapid)) is DeclineReason.TIMECONTROL
    assert ends.refusal(a_challenge(clock=BLITZ)) is DeclineReason.RATED
    assert Accepts().refusal(a_challenge(clock=DAILY, rated=True, position="p")) is None
