"""A Swiss round's pairing (docs/tournaments.md, "Swiss"): every player
still in plays one game a round; nobody meets the same opponent twice; each
is paired with a score as near theirs as can be; who plays first is
balanced; with an odd count, one player sits out with a bye (the lowest
placed of those with the fewest byes, unless that leaves another without
anyone they have not met). Pure: the players and a coin passed in.

The pairing is a maximum-weight matching (networkx.max_weight_matching,
Edmonds' blossom), the most games first: two players who met before have
no edge at all, and the weight of an edge falls with the square of the
score gap, with a start both want, and with the rating gap. The players are
matched in windows of WINDOW, best first, each window's unmatched floating
down into the next, so a round costs O(n * WINDOW^2) however many play
(about 12 ms a window of 32 here).

Tested in tests/tournaments/test_swiss.py.
"""

from collections.abc import Callable
from dataclasses import dataclass

import networkx as nx

WINDOW = 32
# An odd field's bye: who of the bye's order is tried before a round that
# leaves someone without a game (a rematch otherwise) is kept.
BYE_TRIES = 4
# Edge weights: two players who must both start (or both play second) cost
# more than any score gap, a score gap far more than a start both would
# like, which costs more than any rating gap.
MUST_CLASH_WEIGHT = 100_000_000
SCORE_GAP_WEIGHT = 10_000
START_CLASH_WEIGHT = 400
BASE_WEIGHT = 1_000_000_000


@dataclass(frozen=True, slots=True)
class Contender:
    """A player to pair: their score (in points) and rating, whom they met,
    how many byes they had, and the games they started (`firsts`) and
    played second (`seconds`), with which they played last (`last_first`:
    None before any game); `place`: where the standings place them, tie-
    breaks included (0: the leader; all 0: by score, then rating)."""

    player_id: str
    score: int
    rating: int
    met: frozenset[str] = frozenset()
    byes: int = 0
    firsts: int = 0
    seconds: int = 0
    last_first: bool | None = None
    recent: tuple[bool, ...] = ()  # the last two games: started or not
    place: int = 0

    @property
    def leaning(self) -> int:
        """Above zero: owed a start; below: owed a second place."""
        return self.seconds - self.firsts

    @property
    def must(self) -> int:
        """1: must start now (two more second places than starts, or the
        last two played second); -1: must play second; 0: either."""
        if self.leaning >= 2 or self.recent == (False, False):
            return 1
        if self.leaning <= -2 or self.recent == (True, True):
            return -1
        return 0


@dataclass(frozen=True, slots=True)
class SwissRound:
    games: list[tuple[str, str]]  # (first, second) player ids
    bye: str | None  # the player who sits out with a bye
    unpaired: list[str]  # left without a game: everyone they could meet is taken


def bye_order(ordered: list[Contender]) -> list[Contender]:
    """Who of an odd field takes the bye, in order: of those who had the
    fewest byes, the lowest placed first."""
    lowest_first = list(reversed(ordered))  # by score and rating, where places tie
    return sorted(lowest_first, key=lambda contender: (contender.byes, -contender.place))


def starts(one: Contender, other: Contender, coin: Callable[[], bool]) -> tuple[str, str]:
    """(first, second): the one owed a start more; between equals, the one
    who played second last time; then a coin."""
    if one.must != other.must:
        first, second = (one, other) if one.must > other.must else (other, one)
    elif one.leaning != other.leaning:
        first, second = (one, other) if one.leaning > other.leaning else (other, one)
    elif one.last_first is not None and one.last_first != other.last_first:
        first, second = (other, one) if one.last_first else (one, other)
    else:
        first, second = (one, other) if coin() else (other, one)
    return first.player_id, second.player_id


def weight(one: Contender, other: Contender) -> int:
    clash = (one.leaning > 0 and other.leaning > 0) or (one.leaning < 0 and other.leaning < 0)
    must_clash = one.must != 0 and one.must == other.must
    return (
        BASE_WEIGHT
        - (MUST_CLASH_WEIGHT if must_clash else 0)
        - SCORE_GAP_WEIGHT * (one.score - other.score) ** 2
        - (START_CLASH_WEIGHT if clash else 0)
        - min(abs(one.rating - other.rating), START_CLASH_WEIGHT - 1)
    )


def _matched(window: list[Contender]) -> tuple[list[tuple[Contender, Contender]], list[Contender]]:
    graph = nx.Graph()
    graph.add_nodes_from(range(len(window)))
    for index, one in enumerate(window):
        for other_index in range(index + 1, len(window)):
            other = window[other_index]
            if other.player_id not in one.met:
                graph.add_edge(index, other_index, weight=weight(one, other))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    matched = {index for pair in matching for index in pair}
    pairs = [(window[a], window[b]) for a, b in sorted(tuple(sorted(pair)) for pair in matching)]
    left = [contender for index, contender in enumerate(window) if index not in matched]
    return pairs, left


def pair_round(
    contenders: list[Contender],
    coin: Callable[[], bool],
    between: Callable[[], None] = lambda: None,
) -> SwissRound:
    """The round's games, its bye and who is left unpaired; `between` runs
    between two windows (a worker yields there). The bye goes to the first
    of its order (bye_order) that leaves everyone else a game, of the first
    BYE_TRIES of those with the fewest byes; if none does, to the first."""
    ordered = sorted(contenders, key=lambda c: (-c.score, -c.rating, c.player_id))
    if len(ordered) % 2 == 0:
        return _paired(ordered, None, coin, between)
    order = bye_order(ordered)
    fewest = [contender for contender in order if contender.byes == order[0].byes]
    tried = []
    for bye in fewest[:BYE_TRIES]:
        field = [contender for contender in ordered if contender is not bye]
        tried.append(_paired(field, bye, coin, between))
        if not tried[-1].unpaired:
            break
    return tried[-1] if not tried[-1].unpaired else tried[0]


def _paired(
    field: list[Contender],
    bye: Contender | None,
    coin: Callable[[], bool],
    between: Callable[[], None],
) -> SwissRound:
    games: list[tuple[str, str]] = []
    floating: list[Contender] = []
    unpaired: list[str] = []
    index = 0
    while True:
        # Each window takes half a window of new players at least, so the
        # rounds end; more than a window floating (nobody left they may meet,
        # late in a small Swiss) are left unpaired.
        unpaired += [contender.player_id for contender in floating[WINDOW:]]
        floating = floating[:WINDOW]
        take = max(WINDOW - len(floating), WINDOW // 2)
        window = floating + field[index : index + take]
        index += take
        pairs, left = _matched(window)
        games += [starts(one, other, coin) for one, other in pairs]
        if index >= len(field):
            unpaired += [contender.player_id for contender in left]
            break
        floating = left
        between()
    return SwissRound(games, bye.player_id if bye else None, unpaired)
