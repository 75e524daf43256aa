"""The longest legal records a request can carry: two players who tie
every round they can (nobody scores on a tie), so a game to any target
goes on for as many rounds as the text has room for. The tests of bounded
work and bench/hostile_bench.py import these."""

from functools import cache

from buttonup.engine import PLAYERS, Color, Options
from buttonup.engine.board import Circle, legal_moves, sow, strengths
from buttonup.engine.events import Moved
from buttonup.engine.match import Match
from buttonup.engine.records import write_record

AT = 1_764_979_200_000  # 2025-12-06, any fixed instant


@cache
def _closest_to_a_tie(circle: Circle) -> int:
    """The smallest margin both players together can still reach."""
    moves = legal_moves(circle)
    if not moves:
        final = next(stack for stack in circle if stack)
        totals = strengths(final)
        return abs(totals[Color.RED] - totals[Color.BLACK])
    return min(_closest_to_a_tie(sow(circle, move).circle) for move in moves)


def _tying_move(circle: Circle) -> int:
    moves = legal_moves(circle)
    return min(moves, key=lambda move: _closest_to_a_tie(sow(circle, move).circle))


def tied_record(max_bytes: int = 16 * 1024, seed: int = 1, target: int = 100) -> str:
    """A finished game's record (red resigns at the end) of as many rounds
    as fit in `max_bytes`, nearly all of them tied."""
    match = Match.new("long", Options(target_score=target, seed=seed), AT)
    for color, name in zip(PLAYERS, ("Ana", "Bo"), strict=True):
        match = match.join(color, name, f"{color}-token", AT).match
    moves: list[Moved] = []
    record = ""
    while True:
        for _ in range(8):
            mover = match.game.to_move
            assert mover is not None
            progress = match.play(mover, _tying_move(match.game.round.circle), AT)
            moves += [event for event in progress.events if isinstance(event, Moved)]
            match = progress.match
        if match.game.to_move is None:
            break  # someone reached the target
        ended = match.resign(Color.RED, AT).match
        longer = write_record(ended, moves)
        if len(longer.encode()) > max_bytes:
            break
        record = longer
    assert record, "max_bytes holds no round"
    return record
