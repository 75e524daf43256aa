"""No perfect play for a game in play without hints (a rated game, or one
created without them): its own analysis is 403 `hints_disabled` (the
engine's), and `POST /v1/analysis` of the position it stands at (the same
stacks, the same player to move) is 403 `position_in_play` until the game
moves on or ends.

Each commit of such a game enters the position it leaves the game at
(store.positions) before the commit, so that it is refused as soon as anyone
can see it, and takes out the one it stood at after. A position asked about
is refused when a game listed there still stands at it; an entry a commit
that never landed left is taken out when found.

What it does not prevent: analysis of another position (an earlier one of
the game, or one a move away, which a player can work out and ask about),
or perfect play from a program of one's own; fair play beyond that is a
matter for review of finished games.

Tested in tests/games/test_fair_play.py, tests/e2e/test_fair_play.py,
tests/api/test_analysis.py.
"""

import hashlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from buttonup import errors
from buttonup.engine import HintsDisabled, Match, Status
from buttonup.engine.actions import Progress
from buttonup.engine.board import Circle, Color
from buttonup.engine.notation import Position
from buttonup.games.consequences import Commit, Plan, Survival
from buttonup.games.ports import Ports
from buttonup.store import GameStore

log = logging.getLogger(__name__)

# The games checked at a position asked about: one that stands there is enough.
CHECKED_PER_POSITION = 4


def digest(circle: Circle, to_move: Color) -> str:
    """A position's stacks and player to move, as one short key."""
    text = "/".join("".join(button.value[0] for button in stack) for stack in circle)
    return hashlib.sha256(f"{text} {to_move.value}".encode()).hexdigest()[:32]


def standing(match: Match) -> str | None:
    """The digest of the position a game without hints stands at while in
    play; None for any other game."""
    if match.hints or match.status is not Status.PLAYING or match.game.to_move is None:
        return None
    return digest(match.game.round.circle, match.game.to_move)


@dataclass(frozen=True, slots=True)
class Moved:
    """A game's move from one position kept from analysis to another (None:
    one not kept: before it started, after it ended)."""

    game_id: str
    was: str | None
    now: str | None


class FairPlay:
    def __init__(self, store: GameStore, clock: Callable[[], int], ports: Ports) -> None:
        self._store = store
        self._clock = clock
        self._ports = ports  # what a wing keeps from analysis too (games.ports.Sealing)

    def require_analysis_open(self, match: Match) -> None:
        """HintsDisabled when the game's analysis is closed: its own rule
        (Match.require_analysis_open), or a wing's seal."""
        match.require_analysis_open()
        why = self._ports.sealing.analysis_sealed(match)
        if why is not None:
            raise HintsDisabled(why, match.version)

    def moved(self, before: Match, changes: Sequence[Progress]) -> Moved | None:
        """The positions a commit of `changes` takes the game from and to,
        when it changes one to keep from analysis; worked out once a commit."""
        if before.hints or not changes:  # the match's for good: most commits stop here
            return None
        was, now = standing(before), standing(changes[-1].match)
        return Moved(before.id, was, now) if was != now else None

    def entering(self, moved: Moved | None) -> None:
        """Before the commit: the position it leaves the game at entered."""
        if moved is not None and moved.now is not None:
            self._store.positions.enter(moved.now, moved.game_id, self._clock())

    def left(self, moved: Moved | None) -> None:
        """After the commit: the position the game stood at taken out."""
        if moved is None or moved.was is None:
            return
        try:
            self._store.positions.leave(moved.was, [moved.game_id])
        except errors.StorageUnavailable:  # checked against the game when asked
            log.warning("game %s: its last position left in the index", moved.game_id)

    def require_open(self, position: Position) -> None:
        """PositionInPlay when a game without hints stands at `position`, or
        a wing keeps it from analysis for now."""
        if position.to_move is None:
            return
        key = digest(position.circle, position.to_move)
        listed = self._store.positions.games(key, self._clock(), CHECKED_PER_POSITION)
        gone = []
        for game_id in listed:
            try:
                match = self._store.load(game_id).match
            except errors.GameNotFound:
                gone.append(game_id)
                continue
            if standing(match) == key:
                raise errors.PositionInPlay(
                    "this is the position of a game in play without hints (rated, or "
                    "created without them): it is analysed once that game moves on or ends"
                )
            gone.append(game_id)
        if gone:
            self._store.positions.leave(key, gone)
        why = self._ports.sealing.position_sealed(key)
        if why is not None:
            raise errors.PositionInPlay(why)


class PositionsKept:
    """The consequence (games.consequences): the position a commit leaves a
    game without hints at entered before it, the one it stood at taken out
    after. PULLED: an entry a commit never followed is checked against the
    game when asked about (`FairPlay.require_open`)."""

    name: ClassVar[str] = "fair_play"
    survival: ClassVar[Survival] = Survival.PULLED
    restamps: ClassVar[bool] = False

    def __init__(self, fair_play: FairPlay) -> None:
        self._fair_play = fair_play

    def plan(self, commit: Commit, changes: Sequence[Progress]) -> Plan | None:
        if commit.before.hints:  # the match's for good: most commits stop here
            return None
        return _Positions(self._fair_play, commit.before)

    def overdue(self, game_id: str, match: Match | None) -> None:
        """Never marked."""


@dataclass(slots=True)
class _Positions(Plan):
    fair_play: FairPlay
    before: Match
    moved: Moved | None = None

    def prepare(self, changes: list[Progress]) -> list[Progress]:
        self.moved = self.fair_play.moved(self.before, changes)
        self.fair_play.entering(self.moved)
        return changes

    def follow(self, changes: list[Progress]) -> None:
        self.fair_play.left(self.moved)
