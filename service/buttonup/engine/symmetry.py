"""The eighteen forms of a position (docs/notation.md, "Canonical form").

Sowing goes clockwise from a stack to the next ones, whatever their numbers,
so turning the circle (nine rotations) changes nothing in play but the
positions' numbers; exchanging red and black buttons, and the player to move
with them (the colour swap), changes nothing but who is who. A position's
value from the mover's side is the same in all 9 x 2 forms (red's value is
negated by the swap), so perfect play for one is perfect play for all: the
fair-play gate (games.fair_play) compares positions in one canonical form.

Tested in tests/engine/test_symmetry.py.
"""

from dataclasses import replace

from buttonup.engine.board import BOARD_SIZE, Circle, Color, opponent
from buttonup.engine.game import Tally
from buttonup.engine.notation import Position, stack_text

FORMS = 2 * BOARD_SIZE
_SWAPPED = {Color.RED: Color.BLACK, Color.BLACK: Color.RED, Color.WHITE: Color.WHITE}
_SWAP_LETTERS = str.maketrans("RB", "BR")


def rotated(circle: Circle, steps: int) -> Circle:
    """The circle turned `steps` positions clockwise: position p's stack
    stands at (p + steps) mod 9."""
    steps %= BOARD_SIZE
    return circle[BOARD_SIZE - steps :] + circle[: BOARD_SIZE - steps]


def colours_swapped(circle: Circle) -> Circle:
    """Every red button black and every black one red."""
    return tuple(tuple(_SWAPPED[button] for button in stack) for stack in circle)


def canonical_text(circle: Circle, to_move: Color) -> str:
    """The form with red to move (the colours swapped when black is), turned
    to the smallest of its nine circle texts in byte order, then `_r`."""
    texts = [stack_text(stack) for stack in circle]
    if to_move is Color.BLACK:
        texts = [text.translate(_SWAP_LETTERS) for text in texts]
    smallest = min(".".join(texts[k:] + texts[:k]) for k in range(BOARD_SIZE))
    return f"{smallest}_r"


def position_forms(position: Position) -> list[Position]:
    """The 18 forms of a whole position: the nine rotations, then the nine
    rotations of the colour swap (score, mover and round's starter swapped
    too). The first is the position itself."""
    swapped = replace(
        position,
        circle=colours_swapped(position.circle),
        to_move=opponent(position.to_move) if position.to_move is not None else None,
        score=Tally(red=position.score.black, black=position.score.red),
        starter=opponent(position.starter),
    )
    return [
        replace(base, circle=rotated(base.circle, steps))
        for base in (position, swapped)
        for steps in range(BOARD_SIZE)
    ]
