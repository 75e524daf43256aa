"""Games as text (docs/notation.md): a record of tags, then a line a round.

    [Red "Ana"]
    [Black "Bo"]
    [Date "2026-12-04"]
    [Target "15"]
    [Result "black"]
    [End "target_score"]

    1. r WWWRRRBBB 0+ 1 2 3 8 7+ 4 6 = RWRBWWRBB 11-21 0-10

A round line: its number, who starts it, its deal, its moves (a position
each; `+` after a move that gives its player another), and once it is over,
`=`, the final stack, each player's strength and the score after it.
Written one way (`write_record`) and read strictly (`read_record`, with
engine.record_reader): every move is played by the engine, and the first
thing wrong is named with its line and column."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from buttonup.engine.actions import Abort, Action, Claim, Join, Play, Progress, Resign, TimeOut
from buttonup.engine.board import PLAYERS, Color, opponent
from buttonup.engine.bots import BotLevel
from buttonup.engine.clock import ClockSettings, ClockType
from buttonup.engine.events import Moved
from buttonup.engine.match import Match
from buttonup.engine.notation import PLAYER_LETTERS, deal_text, stack_text
from buttonup.engine.options import EndReason, Options, SeatType, Status
from buttonup.engine.review import SeatReview

FROM_POSITION = "@"  # the first round's deal, in a game begun from a position
IN_PLAY = "*"
NO_WINNER = "none"
ANONYMOUS = "?"
SEAT_TAGS = {Color.RED: ("Red", "RedBot"), Color.BLACK: ("Black", "BlackBot")}
# A finished rated game's exact review, a seat's (engine.review): written, and
# ignored by a reader as any tag it does not take (an import is unrated).
REVIEW_TAGS = {Color.RED: "RedReview", Color.BLACK: "BlackReview"}
DATE_FORMAT = "%Y-%m-%d"
MOVES_PER_ROUND = 8
# Called between slices of a long reading (a round each): the caller's
# chance to serve other work. The engine itself never waits.
Pause = Callable[[], None]


def no_pause() -> None:
    """Reading in one go."""


@dataclass(frozen=True, slots=True)
class ReadRecord:
    """A record read and played through: what its match is made of."""

    options: Options
    created_at: int
    names: dict[Color, str | None]
    bots: dict[Color, BotLevel]
    moves: list[int]  # every move, in order
    end: EndReason | None
    winner: Color | None
    result_line: int = 1  # where its Result tag is (what an import of a game in play names)

    def changes(
        self, base: Match, token_sha256: dict[Color, str], pause: Pause = no_pause
    ) -> list[Progress]:
        """The versions that make the recorded game of `base` (a match made
        with this record's options and bots), played once: the humans' joins
        (each with a token hash nobody holds), every move, and the ending,
        all at the record's time; `pause` is called after each round's worth."""
        at = self.created_at
        actions: list[Action] = [
            Join(color, self.names[color], token_sha256[color], at)
            for color in PLAYERS
            if color not in self.bots
        ]
        actions += [Play(position, at) for position in self.moves]
        changes = []
        for progress in base.replay(actions):
            changes.append(progress)
            if len(changes) % MOVES_PER_ROUND == 0:
                pause()
        match = changes[-1].match if changes else base
        ending = self._ending(match)
        return [*changes, match.apply(ending)] if ending is not None else changes

    def _ending(self, match: Match) -> Action | None:
        """The action that ends `match` as the record says it ended."""
        at = self.created_at
        if self.end is EndReason.RESIGNATION and self.winner is not None:
            return Resign(opponent(self.winner), at)
        if self.end is EndReason.TIMEOUT:
            return TimeOut(match.deadline if match.deadline is not None else at)
        if self.end is EndReason.ABANDONED and self.winner is not None:
            return Claim(self.winner, at)
        if self.end is EndReason.ABORTED:
            return Abort(match.game.to_move or Color.RED, at)
        return None


def write_record(match: Match, moves: Sequence[Moved]) -> str:
    """The record of a game as it stands (one way to write each game)."""
    tags = "".join(f'[{name} "{escaped(value)}"]\n' for name, value in _tags(match))
    return tags + "\n" + "".join(_round_lines(match, moves))


def _tags(match: Match) -> list[tuple[str, str]]:
    options = match.options
    tags: list[tuple[str, str]] = []
    for color in PLAYERS:
        seat = match.seat(color)
        name_tag, bot_tag = SEAT_TAGS[color]
        tags.append((name_tag, seat.name or ANONYMOUS))
        if seat.type is SeatType.BOT and seat.level is not None:
            tags.append((bot_tag, seat.level.value))
    tags.append(
        ("Date", datetime.fromtimestamp(match.created_at / 1000, UTC).strftime(DATE_FORMAT))
    )
    tags.append(("Target", str(match.game.target_score)))
    if options.clock is not None:
        tags.append(("Clock", clock_text(options.clock)))
    if options.seed is not None:
        tags.append(("Seed", str(options.seed)))
    if options.position is not None:
        tags.append(("Position", options.position))
    if match.status is not Status.FINISHED or match.end_reason is None:
        tags.append(("Result", IN_PLAY))
    else:
        winner = match.game.winner
        tags.append(("Result", winner.value if winner is not None else NO_WINNER))
        tags.append(("End", match.end_reason.value))
    if match.review is not None:
        for color in PLAYERS:
            tags.append((REVIEW_TAGS[color], review_text(match.review[color])))
    return tags


def review_text(seat: SeatReview) -> str:
    """A seat's review as a tag says it: `perfect/mattered lost largest`."""
    return f"{seat.perfect}/{seat.mattered} {seat.lost} {seat.largest}"


def _round_lines(match: Match, moves: Sequence[Moved]) -> list[str]:
    game = match.game
    by_round: dict[int, list[Moved]] = {}
    for move in moves:
        by_round.setdefault(move.outcome.round, []).append(move)
    finished = {result.number: result for result in game.rounds}
    numbers = [result.number for result in game.rounds]
    if game.round.number not in finished:
        numbers.append(game.round.number)
    # The score before the first round written: a game from a position starts with one.
    red = game.score.red - sum(result.points.red for result in game.rounds)
    black = game.score.black - sum(result.points.black for result in game.rounds)
    lines = []
    for number in numbers:
        result = finished.get(number)
        starter = result.starting_player if result else game.round.starting_player
        deal = result.initial_circle if result else game.round.initial_circle
        from_position = match.options.position is not None and number == numbers[0]
        parts = [f"{number}.", PLAYER_LETTERS[starter]]
        parts.append(FROM_POSITION if from_position else deal_text(deal))
        parts += [
            f"{move.outcome.position}{'+' if move.outcome.extra_turn else ''}"
            for move in by_round.get(number, [])
        ]
        if result is not None:
            red, black = red + result.points.red, black + result.points.black
            parts += [
                "=",
                stack_text(result.final_stack),
                f"{result.strength.red}-{result.strength.black}",
            ]
            parts.append(f"{red}-{black}")
        lines.append(" ".join(parts) + "\n")
    return lines


def clock_text(clock: ClockSettings) -> str:
    if clock.type is ClockType.FISCHER:
        return f"{clock.type.value} {clock.initial_seconds}+{clock.increment_seconds}"
    return f"{clock.type.value} {clock.seconds}"


def escaped(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')
