"""Whether a circle can happen in play: some deal and some legal moves lead
to it, with the given player to move, in a round the given player started.

Searched backwards, a move at a time: every move empties one position, so a
circle with k empty positions is k moves into its round, and undoing a move
means lifting back, onto one of the empty positions, the buttons it sowed
(the tops of the stacks that follow it, or after an overflow, the top run
of the last one). Depth eight at most, a few hundred circles in all.

Tested in tests/engine/test_notation.py.
"""

from functools import lru_cache

from buttonup.engine.board import (
    BOARD_SIZE,
    BUTTONS,
    PLAYERS,
    Circle,
    Color,
    Stack,
    legal_moves,
    opponent,
    sow_unchecked,
)


def reachable(circle: Circle, to_move: Color | None, starter: Color) -> bool:
    """Whether `circle` arises in a round `starter` began, with `to_move`
    to move (None: after the game ended there, whoever was to move)."""
    if len(circle) != BOARD_SIZE or sorted(b for stack in circle for b in stack) != sorted(BUTTONS):
        return False
    movers = PLAYERS if to_move is None else (to_move,)
    return any(_reachable(circle, mover, starter) for mover in movers)


def holds_the_buttons(circle: Circle) -> bool:
    """Whether `circle` has nine positions holding the nine buttons, three
    of each colour."""
    buttons = sorted(button for stack in circle for button in stack)
    return len(circle) == BOARD_SIZE and buttons == sorted(BUTTONS)


@lru_cache(maxsize=65_536)  # a few hundred circles a search: bounded, for a long-lived worker
def _reachable(circle: Circle, to_move: Color, starter: Color) -> bool:
    if all(len(stack) == 1 for stack in circle):
        return to_move is starter
    for before, mover in _predecessors(circle, to_move):
        if _reachable(before, mover, starter):
            return True
    return False


def _predecessors(circle: Circle, to_move: Color) -> list[tuple[Circle, Color]]:
    """Each (circle, mover) one legal move before `circle` with `to_move` next."""
    found = []
    for position in range(BOARD_SIZE):
        if circle[position]:
            continue
        others = [
            (position + step) % BOARD_SIZE
            for step in range(1, BOARD_SIZE)
            if circle[(position + step) % BOARD_SIZE]
        ]
        for lifted, before in _unsown(circle, position, others):
            if Color.WHITE not in lifted or position not in legal_moves(before):
                continue
            sown = sow_unchecked(before, position)
            if sown.circle != circle:
                continue
            mover = to_move if sown.extra_turn else opponent(to_move)
            found.append((before, mover))
    return found


def _unsown(circle: Circle, position: int, others: list[int]) -> list[tuple[Stack, Circle]]:
    """The stacks that, lifted from `position`, could have been sown onto
    `others` (the stacks after it), and the circle each leaves before."""
    found = []
    m = len(others)
    # Without overflow: one button on each of the first n stacks.
    for n in range(1, m + 1):
        if any(len(circle[target]) < 2 for target in others[:n]):
            break
        found.append(_lift(circle, position, others[:n], 0))
    # With overflow: one on each of the first m - 1, the rest on the m-th.
    last = others[-1] if others else None
    if last is not None and all(len(circle[target]) >= 2 for target in others[:-1]):
        for run in range(2, len(circle[last])):
            found.append(_lift(circle, position, others[:-1], run, last))
    return found


def _lift(
    circle: Circle, position: int, singles: list[int], run: int, last: int | None = None
) -> tuple[Stack, Circle]:
    stacks = list(circle)
    lifted: list[Color] = []
    for target in singles:
        lifted.append(stacks[target][-1])
        stacks[target] = stacks[target][:-1]
    if last is not None:
        lifted += stacks[last][-run:]
        stacks[last] = stacks[last][:-run]
    stacks[position] = tuple(lifted)
    return tuple(lifted), tuple(stacks)
