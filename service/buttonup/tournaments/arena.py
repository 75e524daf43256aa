"""An arena's pairing (docs/tournaments.md, "Arena"): the players waiting in
its pool, each paired with a waiting player close in rank and rating, never
the opponent they just met nor anyone they met in the last REMEET_MS (so
that a ring of accounts alone in the pool cannot farm one another), and
never so that one player starts three games in a row. Pure: the pool and a
coin passed in.

The pool is sorted by rank; each player in turn takes the nearest of the
next PAIRING_WINDOW players still unpaired that they may meet (by rank,
then rating), so that pairing costs O(n * PAIRING_WINDOW) however large the
pool: lichess pairs a large arena's pool by rank in the same spirit. A
player nobody suits waits for the next pairing.

Tested in tests/tournaments/test_arena.py.
"""

from collections.abc import Callable
from dataclasses import dataclass

PAIRING_WINDOW = 12
# Two players meet again only this long after their last game was paired.
REMEET_MS = 5 * 60_000
# Games in a row a player may start; the next they play second.
MAX_FIRSTS_IN_A_ROW = 2


@dataclass(frozen=True, slots=True)
class Waiting:
    """A player in the pool: their rank (0: the leader), rating, the
    opponent they met last, and the games in a row they started (negative:
    played second), as their standing says; `recent`: those they met in
    the last REMEET_MS."""

    player_id: str
    rank: int
    rating: int
    last_opponent: str | None = None
    firsts: int = 0
    recent: frozenset[str] = frozenset()


def may_meet(one: Waiting, other: Waiting) -> bool:
    if one.player_id == other.player_id:
        return False
    if one.last_opponent == other.player_id or other.last_opponent == one.player_id:
        return False
    if other.player_id in one.recent or one.player_id in other.recent:
        return False
    # One of them starts: not one who started the last two already.
    return one.firsts < MAX_FIRSTS_IN_A_ROW or other.firsts < MAX_FIRSTS_IN_A_ROW


def who_starts(one: Waiting, other: Waiting, coin: Callable[[], bool]) -> tuple[Waiting, Waiting]:
    """(first, second): the one who started fewer of their last games; a coin
    between equals."""
    if one.firsts != other.firsts:
        return (one, other) if one.firsts < other.firsts else (other, one)
    return (one, other) if coin() else (other, one)


def pair_pool(
    pool: list[Waiting], coin: Callable[[], bool], window: int = PAIRING_WINDOW
) -> list[tuple[Waiting, Waiting]]:
    """The games to start, each (first, second); the others wait."""
    ordered = sorted(pool, key=lambda waiting: (waiting.rank, -waiting.rating, waiting.player_id))
    paired: set[str] = set()
    games: list[tuple[Waiting, Waiting]] = []
    for index, player in enumerate(ordered):
        if player.player_id in paired:
            continue
        candidates = []
        looked = 0  # unpaired players looked at: a bounded look, however many wait
        for other in ordered[index + 1 :]:
            if other.player_id in paired:
                continue
            looked += 1
            if may_meet(player, other):
                candidates.append(other)
            if len(candidates) == window or looked == 4 * window:
                break
        if not candidates:
            continue
        chosen = min(
            candidates,
            key=lambda other: (abs(other.rank - player.rank), abs(other.rating - player.rating)),
        )
        paired.update((player.player_id, chosen.player_id))
        games.append(who_starts(player, chosen, coin))
    return games
