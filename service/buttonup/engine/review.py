"""The exact review of a finished game (docs/api.md, "Fair play"): for every
move, the points it gave away (the position's perfect-play value before it
minus its value after it, both from the mover's side, extra turns included:
0 for a perfect move) and whether the choice mattered (the legal moves'
values differ); per seat, the moves that mattered, how many of them were
played perfectly, the points given away in all and the most at once.

Exact, not estimated: the solver's values are the game's own.

Tested in tests/engine/test_review.py.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from buttonup.engine.board import PLAYERS, Circle, Color, sow
from buttonup.engine.game import GameState, MoveOutcome
from buttonup.engine.solver import move_margins


@dataclass(frozen=True, slots=True)
class JudgedMove:
    player: Color
    position: int  # the stack played
    lost: int  # the best move's margin minus this one's, from the mover's side
    mattered: bool  # the legal moves' margins differ
    played_from: Circle = ()  # the circle it was played in


@dataclass(frozen=True, slots=True)
class SeatReview:
    moves: int = 0
    mattered: int = 0  # moves whose choice mattered
    perfect: int = 0  # of those, played perfectly
    lost: int = 0  # points given away in all
    largest: int = 0  # the most given away by one move

    @property
    def figures(self) -> tuple[int, int, int, int, int]:
        """Its fields in order, as records keep them."""
        return (self.moves, self.mattered, self.perfect, self.lost, self.largest)

    @property
    def accuracy(self) -> float | None:
        """The share of the moves that mattered played perfectly, in percent
        (one decimal); None when no choice mattered."""
        if not self.mattered:
            return None
        return round(100 * self.perfect / self.mattered, 1)

    def counted(self, move: JudgedMove) -> "SeatReview":
        return SeatReview(
            moves=self.moves + 1,
            mattered=self.mattered + move.mattered,
            perfect=self.perfect + (move.mattered and move.lost == 0),
            lost=self.lost + move.lost,
            largest=max(self.largest, move.lost),
        )

    def plus(self, other: "SeatReview") -> "SeatReview":
        return SeatReview(
            self.moves + other.moves,
            self.mattered + other.mattered,
            self.perfect + other.perfect,
            self.lost + other.lost,
            max(self.largest, other.largest),
        )


@dataclass(frozen=True, slots=True)
class GameReview:
    red: SeatReview
    black: SeatReview

    def __getitem__(self, color: Color) -> SeatReview:
        return self.red if color is Color.RED else self.black


def round_openings(game: GameState) -> dict[int, Circle]:
    """Each round's circle as it began, by number, the round in place too."""
    openings = {result.number: result.initial_circle for result in game.rounds}
    openings[game.round.number] = game.round.initial_circle
    return openings


def judge_moves(
    openings: Mapping[int, Circle],
    moves: Sequence[MoveOutcome],
    pause: Callable[[], None] = lambda: None,
) -> list[JudgedMove]:
    """Every move judged against perfect play from the position it was
    played in; `pause` is called between rounds (a round's first solve is a
    few milliseconds)."""
    judged = []
    circle: Circle = ()
    current_round = None
    for move in moves:
        if move.round != current_round:
            if current_round is not None:
                pause()
            current_round, circle = move.round, openings[move.round]
        margins = move_margins(circle, move.player)
        best = max(margins.values())
        lost = best - margins[move.position]
        mattered = len(set(margins.values())) > 1
        judged.append(JudgedMove(move.player, move.position, lost, mattered, circle))
        circle = sow(circle, move.position).circle
    return judged


def review_of(judged: Sequence[JudgedMove]) -> GameReview:
    seats = dict.fromkeys(PLAYERS, SeatReview())
    for move in judged:
        seats[move.player] = seats[move.player].counted(move)
    return GameReview(seats[Color.RED], seats[Color.BLACK])
