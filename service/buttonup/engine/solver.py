"""Exact perfect play for a round: the final margin under best play by both.

A round has at most 3 legal moves a turn and exactly 8 moves, so the whole
tree is small; a transposition table shared by the process (bounded, and
emptied when full) makes repeated questions nearly free.

Internally a board is a tuple of 9 strings of letters "R", "B", "W" (bottom
first), which hashes and slices far faster than tuples of Colors.
"""

import itertools
import threading
from collections.abc import Iterable

from buttonup.engine.board import BOARD_SIZE, Circle, Color

Board = tuple[str, ...]

_LETTER = {Color.RED: "R", Color.BLACK: "B", Color.WHITE: "W"}
# Entries, about 340 bytes each: some 17 MB at most per process, so that no
# flood of questions grows a worker past that (bench/hostile_bench.py). A
# deal's whole solve is about 430 entries: what a round's moves reuse.
TABLE_LIMIT = 50_000

_table: dict[tuple[Board, bool], int] = {}
_table_lock = threading.Lock()


def board_of(circle: Circle) -> Board:
    return tuple("".join(_LETTER[button] for button in stack) for stack in circle)


def _legal(board: Board) -> list[int]:
    return [i for i in range(BOARD_SIZE) if "W" in board[i]]


def _sow(board: Board, position: int) -> tuple[Board, bool, int]:
    """(new board, extra turn, stacks left) — the rules of board.sow, on letters."""
    lifted = board[position]
    stacks = list(board)
    stacks[position] = ""
    others = [
        (position + step) % BOARD_SIZE
        for step in range(1, BOARD_SIZE)
        if board[(position + step) % BOARD_SIZE]
    ]
    n, m = len(lifted), len(others)
    if n > m:
        for target, button in zip(others[: m - 1], lifted, strict=False):
            stacks[target] += button
        stacks[others[m - 1]] += lifted[m - 1 :]
        return tuple(stacks), False, m
    for target, button in zip(others, lifted, strict=False):
        stacks[target] += button
    last = others[n - 1]
    extra = m > 1 and board[last][-1] == lifted[-1]
    return tuple(stacks), extra, m


def _final_margin(stack: str) -> int:
    """Red strength minus black strength of the last stack."""
    margin = 0
    for height, button in enumerate(stack, start=1):
        if button == "R":
            margin += height
        elif button == "B":
            margin -= height
    return margin


def _value_after(board: Board, position: int, red_to_move: bool) -> int:
    """Red minus black under perfect play once `position` is played."""
    after, extra, left = _sow(board, position)
    if left == 1:
        return _final_margin(next(stack for stack in after if stack))
    return _value(after, red_to_move if extra else not red_to_move)


def _value(board: Board, red_to_move: bool) -> int:
    """Red's strength minus black's under perfect play: red maximises, black minimises."""
    key = (board, red_to_move)
    cached = _table.get(key)
    if cached is not None:
        return cached
    best = None
    for position in _legal(board):
        value = _value_after(board, position, red_to_move)
        if best is None or (value > best if red_to_move else value < best):
            best = value
    assert best is not None, "a position with two or more stacks always has a legal move"
    if len(_table) >= TABLE_LIMIT:
        with _table_lock:
            if len(_table) >= TABLE_LIMIT:
                # The oldest sixteenth goes: a few milliseconds of freeing,
                # where emptying the table whole held a worker 10-50 ms.
                for oldest in list(itertools.islice(_table, max(1, TABLE_LIMIT // 16))):
                    _table.pop(oldest, None)
    _table[key] = best
    return best


def move_margins(circle: Circle, to_move: Color) -> dict[int, int]:
    """For each legal move: the final margin (to_move's strength minus the
    other's) if it is played and both sides then play perfectly."""
    board = board_of(circle)
    red = to_move is Color.RED
    sign = 1 if red else -1
    return {position: sign * _value_after(board, position, red) for position in _legal(board)}


def position_value(circle: Circle, to_move: Color) -> int:
    """The perfect-play final margin from to_move's side."""
    return max(move_margins(circle, to_move).values())


def best_moves(margins: dict[int, int]) -> list[int]:
    top = max(margins.values())
    return sorted(position for position, margin in margins.items() if margin == top)


def table_size() -> int:
    return len(_table)


def clear_table() -> None:
    with _table_lock:
        _table.clear()


def all_openings() -> Iterable[Board]:
    """The 1,680 distinct arrangements of three buttons of each colour."""
    seen: set[Board] = set()

    def place(prefix: tuple[str, ...], red: int, black: int, white: int) -> Iterable[Board]:
        if len(prefix) == BOARD_SIZE:
            yield prefix
            return
        for letter, left in (("R", red), ("B", black), ("W", white)):
            if left:
                yield from place(
                    (*prefix, letter),
                    red - (letter == "R"),
                    black - (letter == "B"),
                    white - (letter == "W"),
                )

    for board in place((), 3, 3, 3):
        if board not in seen:
            seen.add(board)
            yield board


def opening_value(board: Board, red_starts: bool = True) -> int:
    """Red minus black under perfect play from a deal; exposed for statistics."""
    return _value(board, red_starts)
