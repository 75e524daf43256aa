"""Computer players: random, greedy and perfect.

- random: a uniform legal move, drawn from the game's seed when it has one.
- greedy: one move deep. Take an extra turn when one is on offer; otherwise,
  and among several extra turns, play the move after which the mover's
  standing is best, where standing = the sum of the heights of the mover's
  buttons in every stack minus the opponent's (a button high in a stack
  tends to end high in the final stack). Ties go to the lowest position.
- perfect: a move that maximises the final round margin under perfect play
  (solver); ties go to the lowest position.
"""

import secrets
from enum import StrEnum

from buttonup.engine.board import Circle, Color, legal_moves, opponent, sow
from buttonup.engine.game import GameState
from buttonup.engine.randomness import SeededDraws
from buttonup.engine.solver import best_moves, move_margins


class BotLevel(StrEnum):
    RANDOM = "random"
    GREEDY = "greedy"
    PERFECT = "perfect"


BOT_NAMES = {
    BotLevel.RANDOM: "Random bot",
    BotLevel.GREEDY: "Greedy bot",
    BotLevel.PERFECT: "Perfect bot",
}


def choose_move(level: BotLevel, state: GameState, *, perfect: bool = True) -> int:
    """The position the bot of `level` plays for the player to move. A
    perfect bot the fair-play gate refuses perfect play here (`perfect`
    False: games.fair_play) plays the greedy bot's move, which tells
    nothing of perfect play."""
    legal = state.legal_moves()
    player = state.to_move
    if not legal or player is None:
        raise ValueError("no move to choose: the round is not in play")
    if level is BotLevel.RANDOM:
        return legal[_draw(state, len(legal))]
    if level is BotLevel.GREEDY or not perfect:
        return greedy_move(state.round.circle, player)
    return best_moves(move_margins(state.round.circle, player))[0]


def greedy_move(circle: Circle, player: Color) -> int:
    best_key, best_position = None, None
    for position in legal_moves(circle):
        sown = sow(circle, position)
        key = (sown.extra_turn, standing(sown.circle, player))
        if best_key is None or key > best_key:
            best_key, best_position = key, position
    assert best_position is not None
    return best_position


def standing(circle: Circle, player: Color) -> int:
    """Heights of the player's buttons minus the opponent's, stack by stack."""
    rival = opponent(player)
    total = 0
    for stack in circle:
        for height, button in enumerate(stack, start=1):
            if button is player:
                total += height
            elif button is rival:
                total -= height
    return total


def _draw(state: GameState, bound: int) -> int:
    if state.seed is None:
        return secrets.randbelow(bound)
    return SeededDraws(state.seed, f"bot/{state.moves_played + 1}").below(bound)
