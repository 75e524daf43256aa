"""A player's puzzle streak: puzzles of rising rating, one after another,
until the first miss; the best streak kept. Unrated, as lichess's: a
streak's attempts change no rating. Its state is one value per player,
changed by compare-and-set (load → decide → swap → retry), so that two
attempts at once never both count.

The k-th puzzle of a streak (from 0) is the first at or above
STREAK_START + k * STREAK_STEP that the streak has not shown and the
fair-play gate does not keep; with none left, the streak is won whole
(`over`, nothing missed).

Tested in tests/puzzles/test_streaks.py, tests/e2e/test_puzzles.py.
"""

from collections.abc import Callable
from dataclasses import dataclass, field, replace

import orjson

from buttonup.kit import STORAGE_ERRORS, Client, LuaScript, errors, lua_source
from buttonup.puzzles.errors import StreakMismatch
from buttonup.puzzles.model import Judged
from buttonup.puzzles.store import PACKAGE, PREFIX

STREAK_START = 800.0
STREAK_STEP = 60.0
# A streak shows at most this many puzzles (then it is won whole).
STREAK_MOST = 300
CANDIDATES = 12
SWAP_ATTEMPTS = 10
STREAK_MS = 365 * 24 * 3600 * 1000
_SWAP = lua_source("swap", package=PACKAGE)


@dataclass(frozen=True, slots=True)
class Streak:
    """A player's streak: its id, puzzles solved in a row, the best so far,
    the puzzle to solve now (None once over), whether it is over, and the
    puzzles it showed."""

    id: str
    length: int = 0
    best: int = 0
    puzzle_id: str | None = None
    over: bool = True
    shown: tuple[str, ...] = field(default=())

    @property
    def next_rating(self) -> float:
        return STREAK_START + self.length * STREAK_STEP

    def after(self, verdict: Judged, following: str | None) -> "Streak":
        """The streak once its puzzle's attempt is in: on to `following`
        (None: none left) when solved, else over."""
        if not verdict.solved:
            return replace(self, puzzle_id=None, over=True, best=max(self.best, self.length))
        length = self.length + 1
        if following is None:
            best = max(self.best, length)
            return replace(self, length=length, best=best, puzzle_id=None, over=True)
        return replace(self, length=length, puzzle_id=following, shown=(*self.shown, following))


def _encode(streak: Streak) -> bytes:
    return orjson.dumps(
        {
            "i": streak.id,
            "n": streak.length,
            "b": streak.best,
            "p": streak.puzzle_id,
            "o": streak.over,
            "s": list(streak.shown),
        }
    )


def _decode(data: bytes) -> Streak:
    plain = orjson.loads(data)
    return Streak(plain["i"], plain["n"], plain["b"], plain["p"], plain["o"], tuple(plain["s"]))


def streak_key(player_id: str) -> str:
    return f"{PREFIX}:streak:{player_id}"


class StreakBoard:
    """Every method raises the store's own errors (store.errors)."""

    def __init__(self, client: Client) -> None:
        self._redis = client
        self._swap = LuaScript(client, _SWAP)

    @STORAGE_ERRORS
    def load(self, player_id: str) -> tuple[Streak | None, bytes]:
        data = self._redis.get(streak_key(player_id))
        return (_decode(data), data) if data else (None, b"")

    @STORAGE_ERRORS
    def swap(self, player_id: str, read: bytes, after: Streak) -> bool:
        return bool(
            self._swap(keys=[streak_key(player_id)], args=[read, _encode(after), STREAK_MS])
        )


class Streaks:
    """A player's streaks, on the puzzles `choose` finds (the first of
    these ids the gate does not keep, or None)."""

    def __init__(
        self,
        board: StreakBoard,
        above: Callable[[float, int], list[str]],
        choose: Callable[[list[str]], str | None],
        new_id: Callable[[], str],
    ) -> None:
        self._board = board
        self._above = above
        self._choose = choose
        self._new_id = new_id

    def current(self, player_id: str) -> Streak:
        """The player's streak (an empty one, over, before their first)."""
        return self._board.load(player_id)[0] or Streak(id="")

    def start(self, player_id: str) -> Streak:
        """A new streak, its first puzzle chosen; the best one kept."""
        for _ in range(SWAP_ATTEMPTS):
            before, read = self._board.load(player_id)
            fresh = Streak(id=self._new_id(), best=before.best if before else 0, over=False)
            first = self._following(fresh)
            started = replace(fresh, puzzle_id=first, shown=(first,) if first else ())
            if first is None:
                started = replace(started, over=True)
            if self._board.swap(player_id, read, started):
                return started
        raise errors.ConcurrentUpdate("the streak kept changing; try again")

    def attempted(self, player_id: str, streak_id: str, puzzle_id: str, verdict: Judged) -> Streak:
        """The streak once an attempt at its puzzle is in; StreakMismatch
        when the streak named is not the player's running one at that puzzle."""
        for _ in range(SWAP_ATTEMPTS):
            streak, read = self._board.load(player_id)
            if streak is None or streak.id != streak_id or streak.over:
                raise StreakMismatch("no running streak of yours has that id: start one")
            if streak.puzzle_id != puzzle_id:
                raise StreakMismatch(f"the streak's puzzle now is {streak.puzzle_id}")
            following = None
            if verdict.solved:
                following = self._following(replace(streak, length=streak.length + 1))
            after = streak.after(verdict, following)
            if self._board.swap(player_id, read, after):
                return after
        raise errors.ConcurrentUpdate("the streak kept changing; try again")

    def _following(self, streak: Streak) -> str | None:
        if len(streak.shown) >= STREAK_MOST:
            return None
        shown = set(streak.shown)
        ids = [i for i in self._above(streak.next_rating, CANDIDATES) if i not in shown]
        return self._choose(ids) if ids else None
