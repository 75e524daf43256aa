"""Puzzles: what a puzzle is, found in a finished game's positions and
proved by the exact solver, and how an attempt at one is judged. Pure:
the solver's values are the game's own, so a puzzle is never wrong.

A position is a puzzle when exactly one legal move keeps the mover's value
(the round's final margin under perfect play, from their side) and every
other move gives away at least MIN_LOSS points, with MIN_STACKS stacks or
more left. Its line goes on while it
stays forced: the player's moves are each the only one (a turn with a
single legal move is played as the rules make it, not a choice), the
replies are the solver's (its best move, the lowest-numbered of equals),
extra turns included; it ends with the player's last real choice. A
puzzle asks for at least one real choice, its first move.

Each puzzle carries themes (Theme) found from its position and line, and
a first rating from its line's features (first_rating).

Tested in tests/puzzles/test_model.py.
"""

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum

from buttonup.kit import (
    Circle,
    Color,
    Rating,
    best_moves,
    circle_text,
    legal_moves,
    move_margins,
    sow,
)

# The wing's name (MANIFEST's), and the pool its players' ratings are kept
# in by the kit's results port: apart from the games' categories.
WING = "puzzles"
POOL = "puzzle"
# Every move but the only one gives away at least this many points.
MIN_LOSS = 3
# A puzzle's position has at least this many stacks: three moves or more
# left in its round, so that the choice is not the round's last plain sum.
MIN_STACKS = 4
# A position whose other moves give away this many or more is a swing.
SWING_POINTS = (5, 10)
# A line of this many of the player's moves or more is a long one.
LONG_LINE_MOVES = 3
# At most this many puzzles from one game, its first positions first;
# later positions inside a line already taken are not puzzles of their own.
PER_GAME = 3
# A round has 8 moves: an attempt has no more.
MAX_MOVES = 8
# A puzzle's first rating: the features of its line, bounded.
RATING_FLOOR, RATING_CEILING = 600.0, 2400.0
FIRST_DEVIATION = 300.0


class Theme(StrEnum):
    """What a puzzle is about (docs/api.md, "Puzzles")."""

    EXTRA_TURN = "extra_turn"  # a move of the player's earns an extra turn
    OVERFLOW = "overflow"  # a move of the player's overflows
    LAST_STACK = "last_stack"  # the line plays the round's last move
    SWING_5 = "swing_5"  # every other first move gives away 5 points or more
    SWING_10 = "swing_10"  # ... 10 or more
    LONG_LINE = "long_line"  # LONG_LINE_MOVES of the player's moves or more


@dataclass(frozen=True, slots=True)
class LineMove:
    """A move of a puzzle's line: the stack played, by whom, and whether it
    is the player's to find (else the solver's reply)."""

    position: int
    color: Color
    yours: bool


@dataclass(frozen=True, slots=True)
class Line:
    """A puzzle's forced line from its position: its moves, the real
    choices among the player's, the first move's features and the themes."""

    moves: tuple[LineMove, ...]
    choices: int  # the player's moves with more than one legal move
    first_options: int  # legal moves at the first
    first_gap: int  # the least points another first move gives away
    themes: tuple[Theme, ...]

    @property
    def yours(self) -> tuple[int, ...]:
        """The player's moves to find, in order."""
        return tuple(move.position for move in self.moves if move.yours)


@dataclass(frozen=True, slots=True)
class _Played:
    move: LineMove
    choice: bool
    extra_turn: bool
    overflow: bool
    round_over: bool


def only_move(margins: dict[int, int]) -> tuple[int, int] | None:
    """(the one move that keeps the value, the least points another gives
    away) when exactly one move keeps it and each other gives away MIN_LOSS
    or more; None otherwise (a single legal move is no choice)."""
    if len(margins) < 2:
        return None
    ranked = sorted(margins.items(), key=lambda item: (-item[1], item[0]))
    (best, value), (_, second) = ranked[0], ranked[1]
    if value - second < MIN_LOSS:
        return None
    return best, value - second


def solver_reply(margins: dict[int, int]) -> int:
    """The solver's move: a best one, the lowest-numbered of equals."""
    return best_moves(margins)[0]


def line_from(circle: Circle, mover: Color) -> Line | None:
    """The forced line from `mover` to move on `circle` (see the module's
    docstring); None when the position is not a puzzle."""
    if sum(1 for stack in circle if stack) < MIN_STACKS:
        return None
    start = move_margins(circle, mover)
    first = only_move(start)
    if first is None:
        return None
    played: list[_Played] = []
    to_move = mover
    while True:
        margins = start if not played else move_margins(circle, to_move)
        choice = False
        if to_move is not mover:
            position = solver_reply(margins)
        elif (only := only_move(margins)) is not None:
            position, choice = only[0], True
        elif len(margins) == 1:
            position = next(iter(margins))
        else:
            break  # no longer forced
        sown = sow(circle, position)
        move = LineMove(position, to_move, to_move is mover)
        played.append(_Played(move, choice, sown.extra_turn, sown.overflow, sown.round_over))
        if sown.round_over:
            break
        circle = sown.circle
        if not sown.extra_turn:
            to_move = Color.BLACK if to_move is Color.RED else Color.RED
    last_choice = max(i for i, step in enumerate(played) if step.choice)
    kept = played[: last_choice + 1]
    return Line(
        moves=tuple(step.move for step in kept),
        choices=sum(step.choice for step in kept),
        first_options=len(start),
        first_gap=first[1],
        themes=_themes(kept, first[1]),
    )


def _themes(kept: Sequence[_Played], gap: int) -> tuple[Theme, ...]:
    yours = [step for step in kept if step.move.yours]
    themes = set()
    if any(step.extra_turn for step in yours):
        themes.add(Theme.EXTRA_TURN)
    if any(step.overflow for step in yours):
        themes.add(Theme.OVERFLOW)
    if kept[-1].round_over:
        themes.add(Theme.LAST_STACK)
    if gap >= SWING_POINTS[0]:
        themes.add(Theme.SWING_5)
    if gap >= SWING_POINTS[1]:
        themes.add(Theme.SWING_10)
    if len(yours) >= LONG_LINE_MOVES:
        themes.add(Theme.LONG_LINE)
    return tuple(sorted(themes))


def first_rating(line: Line) -> Rating:
    """A puzzle's rating before anyone tries it, from its line: each real
    choice after the first adds 200, a third legal first move 100, and a
    subtle first move (the second best gives away little) 15 a point under
    10 (105 at most: others give away MIN_LOSS or more); the
    deviation wide (FIRST_DEVIATION), for attempts to correct it soon."""
    subtle = 15 * max(0, 10 - line.first_gap)
    rating = 1000 + 200 * (line.choices - 1) + 100 * (line.first_options - 2) + subtle
    bounded = min(RATING_CEILING, max(RATING_FLOOR, float(rating)))
    return Rating(rating=bounded, deviation=FIRST_DEVIATION)


@dataclass(frozen=True, slots=True)
class Found:
    """A puzzle found in a game: the index of the move it starts before
    (among the game's moves), and its line."""

    move_index: int
    line: Line


def found_in(
    positions: Sequence[tuple[Circle, Color]], pause: Callable[[], None] = lambda: None
) -> Iterator[Found]:
    """The puzzles among a game's positions (each move's circle and mover,
    in order), earliest first, as they are asked for (a game keeps PER_GAME
    at most of those new to the service); a position inside a line found
    already (the same round, before that line's end) is not one. `pause` is
    called before each position is solved (a long game's are many)."""
    covered_until = -1
    for index, (circle, mover) in enumerate(positions):
        if index <= covered_until:
            continue
        pause()
        line = line_from(circle, mover)
        if line is None:
            continue
        covered_until = index + len(line.moves) - 1
        yield Found(index, line)


@dataclass(frozen=True, slots=True)
class Judged:
    """An attempt's moves against a line: whether they are all of the
    player's moves, and the index of the first that is not (a wrong move, or
    the first missing one); `complete` when the attempt is in (solved, or a
    move wrong); the solver's replies after the last move, while not."""

    solved: bool
    first_wrong: int | None
    complete: bool
    replies: tuple[int, ...]


def judged(line: Line, moves: Sequence[int]) -> Judged:
    """The attempt `moves` (the player's moves only) judged against `line`."""
    yours = line.yours
    for index, position in enumerate(moves):
        if index >= len(yours) or position != yours[index]:
            return Judged(False, index, True, ())
    if len(moves) == len(yours):
        return Judged(True, None, True, ())
    return Judged(False, None, False, _replies_after(line, len(moves)))


def played_so_far(line: Line, found: int) -> tuple[LineMove, ...]:
    """The line's moves once the player's first `found` are played: those,
    and the replies that follow them."""
    played, seen = [], 0
    for move in line.moves:
        if move.yours:
            if seen == found:
                break
            seen += 1
        played.append(move)
    return tuple(played)


def _replies_after(line: Line, found: int) -> tuple[int, ...]:
    """The solver's replies that follow the player's `found`-th move."""
    if found == 0:
        return ()
    seen, replies = 0, []
    for move in line.moves:
        if move.yours:
            if seen == found:
                break
            seen += 1
        elif seen == found:
            replies.append(move.position)
    return tuple(replies)


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A puzzle as kept: where it starts (the game's position text, and its
    circle and mover read from it), its line, its rating now and how often
    it was tried and solved (first attempts only), and the game it is from."""

    id: str
    position: str
    circle: Circle
    mover: Color
    line: Line
    rating: Rating
    plays: int
    solved: int
    game_id: str
    created_at: int

    @property
    def legal_moves(self) -> tuple[int, ...]:
        """Where its player may move first."""
        return legal_moves(self.circle)

    def asked(self) -> list[tuple[Circle, Color]]:
        """Every position of its line with the player to move there: what the
        fair-play gate is asked before the puzzle or its solution is shown."""
        asked, circle = [], self.circle
        for move in self.line.moves:
            asked.append((circle, move.color))
            circle = sow(circle, move.position).circle
        return asked


@dataclass(frozen=True, slots=True)
class Shown:
    """A move of a line as the board draws it: the move, the circle after it
    (as the notation writes a circle), and the legal moves there (none once
    the round is over)."""

    move: LineMove
    after: str
    legal_moves: tuple[int, ...]


def shown(circle: Circle, moves: Sequence[LineMove]) -> list[Shown]:
    """`moves`, played from `circle`, each with the circle it leaves, for a
    board that knows no rules."""
    played = []
    for move in moves:
        circle = sow(circle, move.position).circle
        played.append(Shown(move, circle_text(circle), legal_moves(circle)))
    return played


@dataclass(frozen=True, slots=True)
class Tried:
    """A player's first attempt at a puzzle, as kept: whether it was solved,
    both ratings as it was made (each side is rated against the other's),
    when, and the seconds it took."""

    solved: bool
    player_rating: Rating | None
    puzzle_rating: Rating
    at: int
    seconds: int

    @property
    def score(self) -> float:
        return 1.0 if self.solved else 0.0
