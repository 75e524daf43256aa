"""Challenges: a player invites another (or, with a link, any two players)
to a game with a clock, rated or not, from a first deal or a position.
This module says what a challenge is and how it changes, pure and with
`now` passed in: who may accept, decline or cancel it, when it lapses,
and the options of the game an accepted one makes (the core's pairing
makes it, with the game's origin naming the challenge).

A direct challenge (`to` a player) is accepted or declined by that
player; an open one (`to` null) gives a link, and its seats go to the first
two players who take it (only the two it names, when it names them: `for`),
its maker playing only if they take it too. A challenge stands until
answered or it lapses: a real-time direct one while its maker's stream is
open and at most LIVE_MS; a daily or untimed one LASTING_MS; an open one
OPEN_MS.

Tested in tests/challenges/test_model.py.
"""

from dataclasses import dataclass, replace
from enum import StrEnum

from buttonup.kit import (
    Category,
    ClockSettings,
    Color,
    Options,
    Origin,
    Visibility,
    category_of,
    opponent,
)

# The wing's name, as its games' origin names it (MANIFEST's).
WING = "challenges"

MINUTE_MS = 60_000
DAY_MS = 24 * 60 * MINUTE_MS
# A real-time direct challenge lapses this long after it was made, or once
# its maker's stream has been closed for STREAM_GRACE_MS, whichever is first.
LIVE_MS = 10 * MINUTE_MS
# A daily or untimed direct challenge lapses this long after it was made.
LASTING_MS = 7 * DAY_MS
# An open challenge's link works this long.
OPEN_MS = DAY_MS
# A real-time challenge outlives its maker's stream this long (a reconnect).
STREAM_GRACE_MS = 15_000
# Pending challenges a player may have made at once.
MAX_PENDING = 20
MAX_MESSAGE = 140
REAL_TIME = frozenset({Category.BLITZ, Category.RAPID, Category.CLASSICAL})


class ChallengeNotice(StrEnum):
    """The wing's notice on a player's stream (its manifest's inbox)."""

    CHALLENGE = "challenge"


class ChallengeStatus(StrEnum):
    PENDING = "pending"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    CANCELED = "canceled"
    EXPIRED = "expired"


class DeclineReason(StrEnum):
    """Why a challenge was declined, as the one declining says (lichess's list)."""

    GENERIC = "generic"
    LATER = "later"
    TOO_FAST = "too_fast"
    TOO_SLOW = "too_slow"
    TIMECONTROL = "timecontrol"
    RATED = "rated"
    CASUAL = "casual"
    POSITION = "position"
    NO_BOT = "no_bot"
    ONLY_BOT = "only_bot"


class ChallengeRefused(Exception):
    """What a player may not do to this challenge now, and why (the use
    cases answer it with the wing's error for `kind`)."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


# ChallengeRefused kinds.
NOT_PENDING = "not_pending"  # answered, canceled or lapsed
NOT_YOURS = "not_yours"  # a player it does not ask


@dataclass(frozen=True, slots=True)
class NewChallenge:
    """What a challenge asks for, as its maker sends it."""

    to: str | None
    clock: ClockSettings | None
    rated: bool = False
    color: Color | None = None  # the maker's seat (an open one: its first taker's)
    target_score: int | None = None  # None: the rules' (or the position's)
    position: str | None = None
    message: str = ""
    named: tuple[str, ...] = ()  # an open challenge's two players (`for`)


@dataclass(frozen=True, slots=True)
class Challenge:
    id: str
    maker: str  # player ids
    to: str | None
    clock: ClockSettings | None
    rated: bool
    color: Color | None
    target_score: int
    position: str | None
    message: str
    created_at: int  # ms
    expires_at: int
    game_id: str  # reserved as it is made, the game's once accepted
    status: ChallengeStatus = ChallengeStatus.PENDING
    decline_reason: DeclineReason | None = None
    named: tuple[str, ...] = ()
    takers: tuple[str, ...] = ()  # an open one's, in the order they took it
    maker_name: str | None = None
    to_name: str | None = None

    @property
    def category(self) -> Category:
        return category_of(self.clock)

    @property
    def is_open(self) -> bool:
        return self.to is None

    @property
    def live(self) -> bool:
        """Stands only while its maker's stream is open (real-time, direct)."""
        return not self.is_open and self.category in REAL_TIME

    @property
    def pending(self) -> bool:
        return self.status is ChallengeStatus.PENDING

    def asks(self, player_id: str) -> bool:
        """Whether the challenge is the player's to accept or decline."""
        if self.to is not None:
            return player_id == self.to
        return not self.named or player_id in self.named

    def told(self) -> tuple[str, ...]:
        """Who hears of it as it is made: its invitee, or an open one's two named."""
        return (self.to,) if self.to is not None else self.named

    def lapsed(self, now: int) -> bool:
        return self.pending and now >= self.expires_at

    def accepted_by(self, player_id: str) -> "Challenge":
        """Taken by the player: accepted (a direct one, or an open one's second
        taker), or an open one's first taker held."""
        self._still_pending()
        if not self.asks(player_id):
            raise ChallengeRefused(NOT_YOURS, "this challenge is not yours to accept")
        if not self.is_open:
            return replace(self, status=ChallengeStatus.ACCEPTED)
        if player_id in self.takers:
            return self  # taken already: waiting for a second player
        takers = (*self.takers, player_id)
        done = len(takers) == 2
        return replace(
            self, takers=takers, status=ChallengeStatus.ACCEPTED if done else self.status
        )

    def declined_by(self, player_id: str, reason: DeclineReason) -> "Challenge":
        self._still_pending()
        if self.to != player_id and player_id not in self.named:
            raise ChallengeRefused(NOT_YOURS, "only the player challenged declines it")
        return replace(self, status=ChallengeStatus.DECLINED, decline_reason=reason)

    def canceled_by(self, player_id: str) -> "Challenge":
        self._still_pending()
        if player_id != self.maker:
            raise ChallengeRefused(NOT_YOURS, "only its maker cancels a challenge")
        return replace(self, status=ChallengeStatus.CANCELED)

    def expired(self) -> "Challenge":
        self._still_pending()
        return replace(self, status=ChallengeStatus.EXPIRED)

    def _still_pending(self) -> None:
        if not self.pending:
            raise ChallengeRefused(NOT_PENDING, f"the challenge is {self.status.value}")

    @property
    def players(self) -> tuple[str, ...]:
        """Who plays its game, as far as known: a direct one's maker and
        invitee, an open one's takers so far (the first first)."""
        return (self.maker, self.to) if self.to is not None else self.takers

    def seats(self, coin: bool) -> dict[Color, str]:
        """Who plays which colour once accepted: a direct one's maker as they
        asked (else by the `coin`), an open one's first taker so."""
        first, second = self.players  # accepted: both known
        chosen = self.color if self.color is not None else (Color.RED if coin else Color.BLACK)
        return {chosen: first, opponent(chosen): second}

    def options(self) -> Options:
        """What its game is played with: private, hints unless rated, its
        origin this challenge."""
        return Options(
            clock=self.clock,
            rated=self.rated,
            hints=not self.rated,  # a rated game has none
            target_score=self.target_score,
            position=self.position,
            visibility=Visibility.PRIVATE,
            origin=Origin(WING, self.id),
        )


# The categories from fastest to slowest, for a refusal's reason.
SPEEDS = (Category.BLITZ, Category.RAPID, Category.CLASSICAL, Category.DAILY, Category.UNTIMED)


@dataclass(frozen=True, slots=True)
class Accepts:
    """What a player (a bot, mostly) says it accepts: a challenge outside it
    is declined at once, with the reason that says what to send instead."""

    categories: frozenset[Category] = frozenset(SPEEDS)
    rated: bool = True
    casual: bool = True
    positions: bool = True

    def refusal(self, challenge: Challenge) -> DeclineReason | None:
        category = challenge.category
        if category not in self.categories:
            accepted = [SPEEDS.index(c) for c in self.categories] or [len(SPEEDS)]
            if SPEEDS.index(category) < min(accepted):
                return DeclineReason.TOO_FAST
            if SPEEDS.index(category) > max(accepted):
                return DeclineReason.TOO_SLOW
            return DeclineReason.TIMECONTROL
        if challenge.rated and not self.rated:
            return DeclineReason.CASUAL  # send a casual one instead
        if not challenge.rated and not self.casual:
            return DeclineReason.RATED
        if challenge.position is not None and not self.positions:
            return DeclineReason.POSITION
        return None


def lasts_ms(new: NewChallenge) -> int:
    """How long a challenge made so may stand at most."""
    if new.to is None:
        return OPEN_MS
    return LIVE_MS if category_of(new.clock) in REAL_TIME else LASTING_MS
