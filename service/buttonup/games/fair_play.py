"""The fair-play gate: the one place that decides whether the service may
reveal perfect play about a position (its exact value, a best move, a
review, a hint, a bot's choice). Every surface that can asks it (SURFACES);
a refusal is 403 `position_in_play` with the same detail wherever it is
asked (`REFUSED`).

It refuses, for a position in any of its 18 forms (engine.symmetry: the
nine rotations of the circle and the colour swap, compared in one
canonical form whatever the score, target and round):

- the position a protected game in play stands at: a game without hints
  (rated, created without them, or a tournament's), other than the game
  asking (a bot's own game);
- a position a wing keeps (games.ports.Sealing: a running par-scored
  tournament keeps the openings of its deals and every position its games
  reach, until it is over);

and it refuses anything to a player, or a seat's token, seated in a
protected game in play, whatever they ask about. Where an answer is made of
parts that each tell of their own positions only (a finished game's review,
a round at a time: rounds are solved apart), a kept part is left out alone
(`withheld`) rather than the whole refused.

What it keeps (store.positions) is written before the commit that makes it
visible, taken out after the commit that moves the game on or ends it, and
checked against the game or the wing when read, so an entry a dead process
left is dropped when found. The game's own analysis while in play is closed
by its rules (`Match.require_analysis_open`: 403 `hints_disabled`), and a
wing may close a finished game's too (`require_analysis_open`).

What no gate prevents: perfect play from a program of one's own. That is
what review of finished games is for (docs/api.md, "Fair play").

Tested in tests/games/test_fair_play.py, tests/e2e/test_fair_play.py,
tests/contract/test_fair_play_surfaces.py.
"""

import hashlib
import logging
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import ClassVar, TypeVar

from buttonup import errors
from buttonup.engine import PLAYERS, Circle, Color, HintsDisabled, Match, Status
from buttonup.engine.actions import Progress
from buttonup.engine.symmetry import canonical_text
from buttonup.games.consequences import Commit, Plan, Survival
from buttonup.games.ports import Ports
from buttonup.slices import let_others_run
from buttonup.store import GameStore, hash_token, is_player_key

log = logging.getLogger(__name__)

# Those keeping a position read at once, and the games a seat's holder is
# checked in: one that stands there (or is in play) is enough.
CHECKED_PER_POSITION = 4
CHECKED_PER_HOLDER = 8
# Positions asked about in one round trip (a review page asks 161 at most).
ASKED_PER_ROUND_TRIP = 512
# The one detail of every refusal, whatever the surface and the reason:
# it tells nobody which game or tournament keeps what.
REFUSED = (
    "perfect play is kept here while a protected game or tournament is played: a "
    "position one stands at or has sealed, in any of its forms, or anything asked by a "
    "player seated in one; ask again once it is over"
)

# A position asked about: its circle and the player to move.
Asked = tuple[Circle, Color]
# A part of an answer that can be withheld alone (a reviewed round).
Part = TypeVar("Part", bound=Hashable)


class Surface(StrEnum):
    """Everything that can reveal perfect play."""

    POSITION_ANALYSIS = "position_analysis"
    GAME_ANALYSIS = "game_analysis"
    GAME_FROM_POSITION = "game_from_position"
    RECORD_IMPORT = "record_import"
    BOT_MOVE = "bot_move"
    GAME_REVIEW = "game_review"


@dataclass(frozen=True, slots=True)
class SurfaceEntry:
    operations: tuple[str, ...]  # the API's operationIds that reach it
    reveals: str
    asks_about: str


# Every surface, what it reveals and which positions it asks the gate about.
# tests/contract/test_fair_play_surfaces.py walks the OpenAPI spec: an
# operation that can reveal a value or a move and is not here fails it.
SURFACES: dict[Surface, SurfaceEntry] = {
    Surface.POSITION_ANALYSIS: SurfaceEntry(
        ("analyse_position",),
        "each legal move's exact margin, the value and the best moves",
        "the position asked about",
    ),
    Surface.GAME_ANALYSIS: SurfaceEntry(
        ("get_analysis",),
        "perfect play for the round in place (a game with hints in play: its hints), and "
        "a review of finished rounds: each deal's value and each move's loss",
        "the game's position (refused) and every position a reviewed move was played "
        "from (its round left out of the review alone)",
    ),
    Surface.GAME_FROM_POSITION: SurfaceEntry(
        ("create_game",),
        "a game from the position, whose analysis and perfect bot play from it",
        "the position it starts from",
    ),
    Surface.RECORD_IMPORT: SurfaceEntry(
        ("import_game",),
        "a finished game whose analysis reviews every round",
        "every position of the record with a player to move",
    ),
    Surface.BOT_MOVE: SurfaceEntry(
        (),  # any command that lets a bot move: decided in the pipeline
        "a perfect bot's move (refused: it plays the greedy bot's move instead)",
        "the position the bot moves from",
    ),
    Surface.GAME_REVIEW: SurfaceEntry(
        (),  # every answer with the Game, and game_over: decided once, as it ends
        "a finished rated game's review in its Game (refused: the Game carries none)",
        "every position the game was played from, and the wing's seal on its analysis",
    ),
}


@lru_cache(maxsize=4096)
def digest(circle: Circle, to_move: Color) -> str:
    """A position's canonical form (engine.symmetry), as one short key: the
    same for its 18 forms. Kept: the position a commit leaves a game at is
    the one the next commit takes it from, so a move works out one."""
    return hashlib.sha256(canonical_text(circle, to_move).encode()).hexdigest()[:32]


def standing(match: Match) -> str | None:
    """The digest of the position a protected game (no hints) stands at
    while in play; None for any other game."""
    if match.hints or match.status is not Status.PLAYING or match.game.to_move is None:
        return None
    return digest(match.game.round.circle, match.game.to_move)


def holders(match: Match) -> list[str]:
    """Who holds the match's seats, as the gate names them: each seat's
    token hash, and the player who holds it (either may be sent)."""
    named = []
    for color in PLAYERS:
        seat = match.seat(color)
        if seat.player_id is not None:
            named.append(f"player:{seat.player_id}")
        if seat.token_sha256 is not None:
            named.append(f"seat:{seat.token_sha256}")
    return named


@dataclass(frozen=True, slots=True)
class Moved:
    """A game's move from one kept position to another (None: one not kept:
    before it started, after it ended); `holders`: its seats' holders, when
    it starts or ends."""

    game_id: str
    was: str | None
    now: str | None
    holders: tuple[str, ...] = ()


class FairPlay:
    """The gate (see the module's docstring)."""

    def __init__(self, store: GameStore, clock: Callable[[], int], ports: Ports) -> None:
        self._store = store
        self._clock = clock
        self._ports = ports  # what a wing keeps too (games.ports.Sealing)

    # ---- asked by the surfaces ---------------------------------------------------

    def require_open(
        self, surface: Surface, asked: Iterable[Asked], *, asker: str | None = None
    ) -> None:
        """PositionInPlay (REFUSED) unless perfect play about every position
        `asked` may be revealed to `asker` (a bearer credential, if sent)."""
        self.withheld(surface, {}, required=asked, asker=asker)

    def withheld(
        self,
        surface: Surface,
        parts: Mapping[Part, Iterable[Asked]],
        *,
        required: Iterable[Asked] = (),
        asker: str | None = None,
    ) -> set[Part]:
        """The parts of an answer whose positions the gate keeps, each to be
        left out alone (a round's review tells of its own positions only);
        PositionInPlay, as `require_open`, when `required` is kept or the
        asker is seated. One look-up for all of them."""
        if asker is not None and self._asker_seated(asker):
            raise errors.PositionInPlay(REFUSED)
        required_digests = {digest(circle, mover) for circle, mover in required}
        part_digests = {
            part: {digest(circle, mover) for circle, mover in asked}
            for part, asked in parts.items()
        }
        kept = self._kept_digests(
            [*required_digests, *(d for ds in part_digests.values() for d in ds)], None
        )
        if kept & required_digests:
            raise errors.PositionInPlay(REFUSED)
        return {part for part, digests in part_digests.items() if digests & kept}

    def may_reveal(self, surface: Surface, asked: Iterable[Asked], *, own_game: str) -> bool:
        """Whether perfect play about `asked` may be used by the game
        `own_game` (a bot's move there), which does not count as keeping it."""
        return not self._kept(asked, own_game)

    def review_shown(self, ended: Match, asked: Iterable[Asked]) -> bool:
        """Whether a game that ends now may carry its review: no wing keeps
        its analysis closed, and no position it was played from is kept."""
        if self._ports.sealing.analysis_sealed(ended) is not None:
            return False
        return self.may_reveal(Surface.GAME_REVIEW, asked, own_game=ended.id)

    def require_analysis_open(self, match: Match) -> None:
        """HintsDisabled when the game's analysis is closed: its own rule
        (Match.require_analysis_open), or a wing's seal."""
        match.require_analysis_open()
        why = self._ports.sealing.analysis_sealed(match)
        if why is not None:
            raise HintsDisabled(why, match.version)

    def _kept(self, asked: Iterable[Asked], own_game: str | None) -> bool:
        digests = [digest(circle, mover) for circle, mover in asked]
        return bool(self._kept_digests(digests, own_game))

    def _kept_digests(self, digests: Iterable[str], own_game: str | None) -> set[str]:
        """Those of `digests` the gate keeps (from all but `own_game`)."""
        unique = list(dict.fromkeys(digests))
        kept: set[str] = set()
        for start in range(0, len(unique), ASKED_PER_ROUND_TRIP):
            if start:
                let_others_run()  # a record's import asks about a few thousand at most
            kept |= self._kept_now(unique[start : start + ASKED_PER_ROUND_TRIP], own_game)
        return kept

    def _kept_now(self, digests: list[str], own_game: str | None) -> set[str]:
        found = self._store.positions.keepers(digests, self._clock(), CHECKED_PER_POSITION)
        listed = {member for members in found for member in members if ":" not in member}
        matches = self._store.load_many(sorted(listed)) if listed else {}
        # A wing's keeper asked once a call, however many positions it keeps.
        wings = {member for members in found for member in members if ":" in member}
        still_kept = {member: self._ports.sealing.keeps(member) for member in sorted(wings)}
        kept = set()
        for key, members in zip(digests, found, strict=True):
            gone = []
            for member in members:
                if ":" in member:  # a wing's keeper
                    still = still_kept[member]
                else:
                    match = matches.get(member)
                    still = match is not None and standing(match) == key
                    if still and member == own_game:
                        continue  # the game asking keeps nothing from itself
                if still:
                    kept.add(key)
                else:
                    gone.append(member)
            if gone:
                self._store.positions.leave(key, gone)
        return kept

    def _asker_seated(self, credential: str) -> bool:
        """Whether the credential's holder is seated in a protected game in play."""
        if is_player_key(credential):
            player = self._store.authenticate_player(credential)
            if player is None:
                return False  # no player: asks as anyone does
            holder = f"player:{player.id}"
        else:
            holder = f"seat:{hash_token(credential)}"
        game_ids = self._store.positions.held(holder, CHECKED_PER_HOLDER)
        if not game_ids:
            return False
        matches = self._store.load_many(game_ids)
        gone = []
        for game_id in game_ids:
            match = matches.get(game_id)
            if match is not None and standing(match) is not None and holder in holders(match):
                return True
            gone.append(game_id)
        self._store.positions.release(holder, gone)
        return False

    # ---- kept by the commits (the consequence below) ------------------------------

    def moved(self, before: Match, changes: Sequence[Progress]) -> Moved | None:
        """The positions a commit of `changes` takes the game from and to,
        when it changes one kept; worked out once a commit."""
        if before.hints or not changes:  # the match's for good: most commits stop here
            return None
        after = changes[-1].match
        was, now = standing(before), standing(after)
        if was == now:
            return None
        if was is None:  # it starts: its seats' holders ask for nothing now
            return Moved(before.id, was, now, tuple(holders(after)))
        if now is None:  # it ends
            return Moved(before.id, was, now, tuple(holders(before)))
        return Moved(before.id, was, now)

    def entering(self, moved: Moved | None, after: Match) -> None:
        """Before the commit: the position it leaves the game at entered, and
        the wing told (a par tournament keeps every position its games reach)."""
        if moved is None or moved.now is None:
            return
        now = self._clock()
        self._store.positions.enter(moved.now, moved.game_id, now, moved.holders)
        self._ports.sealing.reached(after, moved.now, now)

    def left(self, moved: Moved | None) -> None:
        """After the commit: the position the game stood at taken out (and its
        holders let go, when it ended)."""
        if moved is None or moved.was is None:
            return
        let_go = moved.holders if moved.now is None else ()
        try:
            self._store.positions.leave(moved.was, [moved.game_id], let_go)
        except errors.StorageUnavailable:  # checked against the game when asked
            log.warning("game %s: its last position left in the index", moved.game_id)


class PositionsKept:
    """The consequence (games.consequences): the position a commit leaves a
    protected game at entered before it, the one it stood at taken out
    after. PULLED: an entry a commit never followed is checked against the
    game when asked about (`FairPlay._kept`)."""

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
        if self.moved is not None:
            self.fair_play.entering(self.moved, changes[-1].match)
        return changes

    def follow(self, changes: list[Progress]) -> None:
        self.fair_play.left(self.moved)
