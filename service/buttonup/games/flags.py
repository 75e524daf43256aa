"""Fair-play flags: the rule (engine.flag_rule) looked at for a player each
time one of their rated games is reviewed; a player it flags is kept off
the leaderboards and told so on their own page (`GET /v1/players/me`),
nowhere else. An operator lists the flags with their evidence and clears
or confirms each: a cleared player is back on the boards and looked at
again only over games that end after the clearing; a confirmed one stays
off.

Tested in tests/games/test_reviews.py, tests/e2e/test_fair_play_review.py.
"""

from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from enum import StrEnum
from typing import Any

import orjson

from buttonup import errors
from buttonup.engine.flag_rule import REFERENCE_SHARE, SIGNIFICANCE, WINDOW_GAMES, evidence
from buttonup.store import GameStore

# Flags one operator's listing reads at most.
FLAGS_PER_PAGE = 100


class FlagStatus(StrEnum):
    FLAGGED = "flagged"  # by the rule, not yet looked at by an operator
    CONFIRMED = "confirmed"
    CLEARED = "cleared"


@dataclass(frozen=True, slots=True)
class Flag:
    player_id: str
    status: FlagStatus
    flagged_at: int  # ms
    games: int  # the evidence: reviewed rated games looked at,
    mattered: int  # the moves among them whose choice mattered,
    perfect: int  # how many of those were perfect,
    p_value: float  # and the binomial test's p-value at the reference share
    reference_share: float = REFERENCE_SHARE
    significance: float = SIGNIFICANCE
    decided_at: int | None = None  # when an operator cleared or confirmed it

    @property
    def off_the_boards(self) -> bool:
        return self.status is not FlagStatus.CLEARED

    def plain(self) -> dict[str, Any]:
        return {**asdict(self), "status": self.status.value}

    @classmethod
    def from_plain(cls, plain: dict[str, Any]) -> "Flag":
        return cls(**{**plain, "status": FlagStatus(plain["status"])})


class Flags:
    def __init__(self, store: GameStore, clock: Callable[[], int]) -> None:
        self._store = store
        self._clock = clock

    def look_at(self, player_id: str) -> Flag | None:
        """The rule over the player's newest reviewed games (since a flag was
        cleared): a flag raised when it says so. The flag as it stands."""
        flag = self.of(player_id)
        if flag is not None and flag.status is not FlagStatus.CLEARED:
            return flag  # flagged or confirmed already
        since = flag.decided_at or 0 if flag is not None else 0
        recent = self._store.reviews.recent(player_id, WINDOW_GAMES, since)
        found = evidence(seat for _, seat in recent)
        if not found.flagged:
            return flag
        raised = Flag(
            player_id,
            FlagStatus.FLAGGED,
            self._clock(),
            found.games,
            found.mattered,
            found.perfect,
            found.p_value,
        )
        self._keep(raised)
        return raised

    def of(self, player_id: str) -> Flag | None:
        kept = self._store.reviews.flag(player_id)
        return Flag.from_plain(orjson.loads(kept)) if kept is not None else None

    def listed(self, cursor: int) -> tuple[list[Flag], int]:
        """A page of flags from `cursor` (0 first), and the next (0: none)."""
        following, found = self._store.reviews.flags(cursor, FLAGS_PER_PAGE)
        flags = [Flag.from_plain(orjson.loads(plain)) for _, plain in found]
        return sorted(flags, key=lambda flag: flag.flagged_at), following

    def decide(self, player_id: str, status: FlagStatus) -> Flag:
        """An operator clears or confirms a flag."""
        flag = self.of(player_id)
        if flag is None:
            raise errors.FlagNotFound(f"no fair-play flag for player {player_id}")
        decided = replace(flag, status=status, decided_at=self._clock())
        self._keep(decided)
        return decided

    def off_the_boards(self, player_ids: list[str]) -> set[str]:
        return self._store.reviews.off_the_boards(player_ids)

    def _keep(self, flag: Flag) -> None:
        plain = orjson.dumps(flag.plain()).decode()
        self._store.reviews.set_flag(flag.player_id, plain, off_the_boards=flag.off_the_boards)
