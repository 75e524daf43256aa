"""What perfect play says about a game: the position in play, and a review
of every finished round (what each move gave up against the best one)."""

from collections.abc import Sequence
from dataclasses import dataclass

from buttonup.engine.board import Circle, Color, opponent, sow
from buttonup.engine.game import GameState, RoundResult
from buttonup.engine.solver import best_moves, move_margins, position_value


@dataclass(frozen=True, slots=True)
class PositionAnalysis:
    round: int
    to_move: Color | None
    value: int  # from to_move's side; when the round is over, from its starter's
    margins: dict[int, int]  # legal position -> margin from to_move's side
    best: list[int]


@dataclass(frozen=True, slots=True)
class PlayedMove:
    number: int
    player: Color
    position: int


@dataclass(frozen=True, slots=True)
class MoveReview:
    number: int
    player: Color
    position: int
    margin: int  # what this move leads to under perfect play, from the mover's side
    best_margin: int  # what the best move would have led to
    loss: int  # best_margin - margin: 0 for a best move


@dataclass(frozen=True, slots=True)
class RoundReview:
    number: int
    starting_player: Color
    opening_value: int  # perfect-play margin of the deal, from the starter's side
    final_margin: int  # what was played, from the starter's side
    moves: tuple[MoveReview, ...]


def analyse_position(state: GameState) -> PositionAnalysis:
    current = state.round
    if current.to_move is None:
        return PositionAnalysis(current.number, None, _played_margin(state), {}, [])
    margins = move_margins(current.circle, current.to_move)
    return PositionAnalysis(
        round=current.number,
        to_move=current.to_move,
        value=max(margins.values()),
        margins=margins,
        best=best_moves(margins),
    )


def played_from(result: RoundResult, moves: Sequence[PlayedMove]) -> list[tuple[Circle, Color]]:
    """The position each of a finished round's moves was played from, and
    its mover: what the round's review tells perfect play about."""
    circle = result.initial_circle
    positions = []
    for move in moves:
        positions.append((circle, move.player))
        circle = sow(circle, move.position).circle
    return positions


def review_round(result: RoundResult, moves: Sequence[PlayedMove]) -> RoundReview:
    """Replays a finished round's moves from its deal, scoring each one."""
    circle = result.initial_circle
    reviews = []
    for move in moves:
        margins = move_margins(circle, move.player)
        best = max(margins.values())
        margin = margins[move.position]
        reviews.append(
            MoveReview(move.number, move.player, move.position, margin, best, best - margin)
        )
        circle = sow(circle, move.position).circle
    starter = result.starting_player
    final = result.strength[starter] - result.strength[opponent(starter)]
    return RoundReview(
        number=result.number,
        starting_player=starter,
        opening_value=position_value(result.initial_circle, starter),
        final_margin=final,
        moves=tuple(reviews),
    )


def _played_margin(state: GameState) -> int:
    """The round in place is over: its final margin from its starter's side
    (from its final stack when only a position says it: a position read
    from text has no round result), or 0 when it was cut short (a
    resignation mid-round)."""
    current = state.round
    if state.rounds and state.rounds[-1].number == current.number:
        result = state.rounds[-1]
    else:
        stacks = [stack for stack in current.circle if stack]
        if len(stacks) != 1:
            return 0
        result = RoundResult.scored(
            current.number, current.starting_player, current.initial_circle, stacks[0]
        )
    starter = result.starting_player
    return result.strength[starter] - result.strength[opponent(starter)]
