"""The circle of stacks and the sowing move: the heart of RULES.md."""

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from buttonup.engine.errors import IllegalMove
from buttonup.engine.randomness import SeededDraws

BOARD_SIZE = 9


class Color(StrEnum):
    RED = "red"
    BLACK = "black"
    WHITE = "white"


PLAYERS = (Color.RED, Color.BLACK)
BUTTONS = (Color.RED,) * 3 + (Color.BLACK,) * 3 + (Color.WHITE,) * 3

Stack = tuple[Color, ...]
Circle = tuple[Stack, ...]


# The stacks of one button, shared. The collector tracks a tuple of buttons
# (enum members are objects it tracks), and a dealt circle is nine such
# stacks: every state a worker keeps (store.recent.RecentMatches) holds a
# circle for each round played, so sharing them keeps a kept game to a few
# dozen tracked objects and a full collection short (docs/performance.md, "Garbage
# collection").
_ONE_BUTTON: dict[Color, Stack] = {color: (color,) for color in Color}


def make_stack(buttons: Iterable[Color]) -> Stack:
    """A stack of these buttons, bottom first; one-button stacks are shared."""
    made = tuple(buttons)
    return _ONE_BUTTON[made[0]] if len(made) == 1 else made


def opponent(player: Color) -> Color:
    return Color.BLACK if player is Color.RED else Color.RED


@dataclass(frozen=True, slots=True)
class SowResult:
    circle: Circle
    extra_turn: bool
    overflow: bool
    round_over: bool


def deal_circle(seed: int | None, round_number: int) -> Circle:
    """One button on each position, shuffled uniformly.

    With a seed the shuffle depends only on the seed and the round number.
    """
    buttons = list(BUTTONS)
    if seed is None:
        # A fresh 256-bit secret drives the same uniform shuffle: one call to
        # the system's randomness, where SystemRandom makes one per draw.
        SeededDraws(secrets.randbits(256), "deal").shuffle(buttons)
    else:
        SeededDraws(seed, f"round/{round_number}").shuffle(buttons)
    return tuple(_ONE_BUTTON[button] for button in buttons)


_WHITE = Color.WHITE  # a module global: class attribute lookups on an Enum are slow
_EMPTY: Stack = ()


def legal_moves(circle: Circle) -> tuple[int, ...]:
    """Positions whose stack holds a white button, while two or more stacks remain."""
    if len(circle) - circle.count(_EMPTY) < 2:
        return ()
    return tuple([i for i, stack in enumerate(circle) if _WHITE in stack])


def sow(circle: Circle, position: int, legal: tuple[int, ...] | None = None) -> SowResult:
    """Play `position`: legal only on a stack that holds a white button.
    `legal`: the circle's legal moves, when the caller already has them."""
    if position not in (legal_moves(circle) if legal is None else legal):
        raise IllegalMove(f"position {position} is empty or holds no white button")
    return sow_unchecked(circle, position)


def sow_unchecked(circle: Circle, position: int) -> SowResult:
    """Lift any non-empty stack and sow it clockwise from its bottom button."""
    if not 0 <= position < BOARD_SIZE or not circle[position]:
        raise IllegalMove(f"position {position} is empty")
    lifted = circle[position]
    others = [
        (position + step) % BOARD_SIZE
        for step in range(1, BOARD_SIZE)
        if circle[(position + step) % BOARD_SIZE]
    ]
    n, m = len(lifted), len(others)
    stacks = list(circle)
    stacks[position] = ()
    overflow = n > m
    if overflow:
        for target, button in zip(others[: m - 1], lifted[: m - 1], strict=True):
            stacks[target] = stacks[target] + (button,)
        stacks[others[m - 1]] = stacks[others[m - 1]] + lifted[m - 1 :]
        extra_turn = False
    else:
        for target, button in zip(others[:n], lifted, strict=True):
            stacks[target] = stacks[target] + (button,)
        covered = circle[others[n - 1]][-1]
        extra_turn = lifted[-1] is covered
    round_over = m == 1
    return SowResult(
        circle=tuple(stacks),
        extra_turn=extra_turn and not round_over,
        overflow=overflow,
        round_over=round_over,
    )


def strengths(final_stack: Stack) -> dict[Color, int]:
    """Each player's sum of heights (bottom = 1) of their buttons."""
    totals = {player: 0 for player in PLAYERS}
    for height, button in enumerate(final_stack, start=1):
        if button in totals:
            totals[button] += height
    return totals
