"""Positions as text (docs/notation.md): one line, safe in a URL and in a
JSON string, written one way and read strictly.

    W.W.W.R.R.R.B.B.B_r_0-0_15_1r

The nine positions in order, each a stack bottom first (`R` red, `B` black,
`W` white) or `-` when empty; who is to move (`r`, `b`, or `-` once the game
is over); the score, red's then black's; the target; the round's number and
who started it (who moves first in a round decides who starts the next after
a tie, so a position that is to be played on needs it)."""

import re
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache

from buttonup.engine.board import BOARD_SIZE, PLAYERS, Circle, Color, Stack, make_stack
from buttonup.engine.errors import RulesError
from buttonup.engine.game import GameState, RoundState, Tally
from buttonup.engine.reachability import holds_the_buttons, reachable
from buttonup.engine.rules import STANDARD_RULES, TARGET_SCORE_RANGE, Rules

BUTTON_LETTERS = {Color.RED: "R", Color.BLACK: "B", Color.WHITE: "W"}
PLAYER_LETTERS = {Color.RED: "r", Color.BLACK: "b"}
EMPTY = "-"
NOBODY = "-"
MAX_POSITION_LENGTH = 64  # the longest a well-formed position can be, with room
_BUTTON_OF = {letter: color for color, letter in BUTTON_LETTERS.items()}
_PLAYER_OF = {letter: color for color, letter in PLAYER_LETTERS.items()}
_DEAL_LETTERS = "RRRBBBWWW"
_COUNT = re.compile(r"0|[1-9][0-9]{0,5}")
# The grammar of docs/notation.md as one expression, for schemas: what it
# accepts may still be unreachable, which only reading a position tells.
_STACK = "(-|[RBW]{1,9})"
_NUMBER = f"({_COUNT.pattern})"
POSITION_PATTERN = rf"^{_STACK}(\.{_STACK}){{8}}_[rb-]_{_NUMBER}-{_NUMBER}_{_NUMBER}_{_NUMBER}[rb]$"


class Reason(StrEnum):
    """Why a text is not a position or a record, or breaks a rule: the
    refusal's `reason`, one of these codes (docs/notation.md#reasons), for a
    reader to say in its own words; its `detail` says it in English."""

    # A position string.
    POSITION_TOO_LONG = "position_too_long"
    POSITION_PARTS = "position_parts"
    CIRCLE_POSITIONS = "circle_positions"
    STACK_LETTERS = "stack_letters"
    MOVER = "mover"
    SCORE_FORMAT = "score_format"
    WHOLE_NUMBER = "whole_number"
    TARGET_RANGE = "target_range"
    ROUND_FORMAT = "round_format"
    ROUND_FROM_ONE = "round_from_one"
    BUTTON_COUNTS = "button_counts"
    TARGET_REACHED = "target_reached"
    ROUND_OVER_ONE_STACK = "round_over_one_stack"
    GAME_OVER_WINNER = "game_over_winner"
    TWO_AT_TARGET = "two_at_target"
    SCORE_IN_FIRST_ROUND = "score_in_first_round"
    UNREACHABLE = "unreachable"
    # A deal.
    DEAL_LETTERS = "deal_letters"
    DEAL_COUNTS = "deal_counts"
    # A record: its text and its tags.
    RECORD_TOO_LARGE = "record_too_large"
    NOT_UTF8 = "not_utf8"
    FINAL_LINE_BREAK = "final_line_break"
    TAG_FORMAT = "tag_format"
    TAG_TWICE = "tag_twice"
    TAGS_END = "tags_end"
    TAG_MISSING = "tag_missing"
    TAG_NUMBER = "tag_number"
    TAG_RANGE = "tag_range"
    TARGET_MISMATCH = "target_mismatch"
    CLOCK_TAG = "clock_tag"
    NAME_TAG = "name_tag"
    BOT_TAG = "bot_tag"
    BOT_NAME = "bot_name"
    DATE_TAG = "date_tag"
    # A record: its rounds and moves.
    ROUND_LINE = "round_line"
    MOVE_SEPARATOR = "move_separator"
    ROUNDS_MISSING = "rounds_missing"
    ROUND_ORDER = "round_order"
    ROUND_STARTER = "round_starter"
    POSITION_MARK = "position_mark"
    FIRST_ROUND = "first_round"
    ROUND_NOT_OVER = "round_not_over"
    MOVE_FORMAT = "move_format"
    ROUND_IS_OVER = "round_is_over"
    ILLEGAL_MOVE = "illegal_move"
    EXTRA_TURN_MARK = "extra_turn_mark"
    RESULT_FORMAT = "result_format"
    FINAL_STACK = "final_stack"
    STRENGTHS = "strengths"
    SCORE_MISMATCH = "score_mismatch"
    # A record: how the game ended.
    RESULT_TAG = "result_tag"
    END_IN_PLAY = "end_in_play"
    RESULT_IN_PLAY = "result_in_play"
    END_MISSING = "end_missing"
    END_VALUE = "end_value"
    END_MISMATCH = "end_mismatch"
    NOT_OVER = "not_over"


class NotationError(RulesError):
    """Text that is not a position or record, or breaks a rule: `line` and
    `column` (from 1) say where, `reason` why (a code), `text` why in English."""

    def __init__(self, reason: Reason, text: str, line: int = 1, column: int = 1) -> None:
        super().__init__(f"line {line}, column {column}: {text}")
        self.reason = reason
        self.text = text
        self.line = line
        self.column = column


@dataclass(frozen=True, slots=True)
class Position:
    circle: Circle
    to_move: Color | None  # None: the game is over
    score: Tally
    target: int
    round: int
    starter: Color  # who moved first in this round

    @property
    def moves_played(self) -> int:
        """Every move of a round empties one position."""
        return sum(1 for stack in self.circle if not stack)

    def state(
        self, seed: int | None, rules: Rules | None = None, deals: tuple[Circle, ...] = ()
    ) -> GameState:
        """The game from this position on: this round as it stands, later
        rounds dealt from `seed`, played to the position's target by `rules`
        (standard ones by default). The round's deal is not known: its
        `initial_circle` is the position itself."""
        return GameState(
            rules=replace(rules or STANDARD_RULES, target_score=self.target),
            seed=seed,
            round=RoundState(
                number=self.round,
                starting_player=self.starter,
                initial_circle=self.circle,
                circle=self.circle,
                to_move=self.to_move,
                moves_played=self.moves_played,
            ),
            score=self.score,
            moves_played=self.moves_played,
            deals=deals,
        )


def circle_text(circle: Circle) -> str:
    return ".".join([stack_text(stack) for stack in circle])


@lru_cache(maxsize=8192)
def stack_text(stack: Stack) -> str:
    """Kept: every version of every game writes its position (the Game's
    `round.position`), and stacks repeat across positions."""
    return "".join([BUTTON_LETTERS[button] for button in stack]) or EMPTY


def deal_text(circle: Circle) -> str:
    """A deal: one button on each position, as nine letters."""
    return "".join(BUTTON_LETTERS[stack[0]] for stack in circle)


def read_deal(text: str, line: int = 1, column: int = 1) -> Circle:
    """A deal: nine letters, three of each of R, B and W."""
    bad = next((i for i, letter in enumerate(text) if letter not in _BUTTON_OF), None)
    if bad is not None:
        raise NotationError(
            Reason.DEAL_LETTERS, "a deal is nine buttons R, B and W", line, column + bad
        )
    if len(text) != BOARD_SIZE or sorted(text) != sorted(_DEAL_LETTERS):
        raise NotationError(
            Reason.DEAL_COUNTS, "a deal is nine buttons, three of each of R, B and W", line, column
        )
    return tuple(make_stack([_BUTTON_OF[letter]]) for letter in text)


def deals_of(texts: tuple[str, ...]) -> tuple[Circle, ...]:
    """Deals as options keep them ("" for a round they do not deal)."""
    return tuple(read_deal(text) if text else () for text in texts)


def write_position(state: GameState) -> str:
    """The position string of a game as it stands."""
    current = state.round
    return "_".join(
        [
            circle_text(current.circle),
            PLAYER_LETTERS[current.to_move] if current.to_move else NOBODY,
            f"{state.score.red}-{state.score.black}",
            str(state.target_score),
            f"{current.number}{PLAYER_LETTERS[current.starting_player]}",
        ]
    )


def read_position(text: str, line: int = 1, column: int = 1, *, stored: bool = False) -> Position:
    """A position string, checked: well formed, and a position that play
    can reach (NotationError says where and why, counting from `column`).
    Its target is within TARGET_SCORE_RANGE, but for a `stored` game's,
    which is read as it was made (games made before the bound still load)."""
    if len(text) > MAX_POSITION_LENGTH:
        raise NotationError(
            Reason.POSITION_TOO_LONG, f"longer than {MAX_POSITION_LENGTH} characters", line, column
        )
    parts = text.split("_")
    if len(parts) != 5:
        raise NotationError(
            Reason.POSITION_PARTS,
            "a position is five parts joined by '_': circle, mover, score, target, round",
            line,
            column + len(text),
        )
    starts = [column]
    for part in parts[:-1]:
        starts.append(starts[-1] + len(part) + 1)
    circle = _circle(parts[0], line, starts[0])
    to_move = _mover(parts[1], line, starts[1])
    score = _score(parts[2], line, starts[2])
    target = _count(parts[3], "the target", line, starts[3])
    low, high = TARGET_SCORE_RANGE
    if target < low or (target > high and not stored):
        raise NotationError(Reason.TARGET_RANGE, f"the target is {low} to {high}", line, starts[3])
    number, starter = _round(parts[4], line, starts[4])
    position = Position(circle, to_move, score, target, number, starter)
    _check_reachable(position, line, column)
    return position


def _circle(text: str, line: int, column: int) -> Circle:
    stacks = text.split(".")
    if len(stacks) != BOARD_SIZE:
        raise NotationError(
            Reason.CIRCLE_POSITIONS,
            f"the circle has {BOARD_SIZE} positions joined by '.'",
            line,
            column,
        )
    circle: list[tuple[Color, ...]] = []
    at = column
    for stack in stacks:
        if stack == EMPTY:
            circle.append(())
        elif not stack or any(letter not in _BUTTON_OF for letter in stack):
            bad = next((i for i, letter in enumerate(stack) if letter not in _BUTTON_OF), 0)
            raise NotationError(
                Reason.STACK_LETTERS,
                "a stack is buttons R, B, W (bottom first) or '-'",
                line,
                at + bad,
            )
        else:
            circle.append(make_stack(_BUTTON_OF[letter] for letter in stack))
        at += len(stack) + 1
    return tuple(circle)


def _mover(text: str, line: int, column: int) -> Color | None:
    if text == NOBODY:
        return None
    if text not in _PLAYER_OF:
        raise NotationError(Reason.MOVER, "who is to move is 'r', 'b' or '-'", line, column)
    return _PLAYER_OF[text]


def _score(text: str, line: int, column: int) -> Tally:
    red, dash, black = text.partition("-")
    if not dash:
        raise NotationError(
            Reason.SCORE_FORMAT, "the score is red's and black's points joined by '-'", line, column
        )
    return Tally(
        red=_count(red, "red's points", line, column),
        black=_count(black, "black's points", line, column + len(red) + 1),
    )


def _round(text: str, line: int, column: int) -> tuple[int, Color]:
    number, starter = text[:-1], text[-1:]
    if starter not in _PLAYER_OF:
        raise NotationError(
            Reason.ROUND_FORMAT,
            "the round is its number and who started it ('r' or 'b')",
            line,
            column + len(number),
        )
    count = _count(number, "the round's number", line, column)
    if count < 1:
        raise NotationError(Reason.ROUND_FROM_ONE, "rounds are numbered from 1", line, column)
    return count, _PLAYER_OF[starter]


def _count(text: str, what: str, line: int, column: int) -> int:
    if not _COUNT.fullmatch(text):
        raise NotationError(
            Reason.WHOLE_NUMBER, f"{what}: a whole number, no leading zeros", line, column
        )
    return int(text)


def _check_reachable(position: Position, line: int, column: int) -> None:
    """What no play can lead to is refused, with the first reason found."""
    if not holds_the_buttons(position.circle):
        raise NotationError(
            Reason.BUTTON_COUNTS, "the circle holds nine buttons, three of each of R, B and W", line
        )
    score, target = position.score, position.target
    stacks = sum(1 for stack in position.circle if stack)
    reached = [player for player in PLAYERS if score[player] >= target]
    if position.to_move is not None:
        if reached:
            raise NotationError(
                Reason.TARGET_REACHED, "a player has the target score, yet someone is to move", line
            )
        if stacks < 2:
            raise NotationError(
                Reason.ROUND_OVER_ONE_STACK,
                "a round with one stack left is over: nobody moves",
                line,
            )
    elif stacks == 1 and len(reached) != 1:
        raise NotationError(
            Reason.GAME_OVER_WINNER,
            "a game over at a round's end has one player at the target",
            line,
        )
    if len(reached) > 1:
        raise NotationError(Reason.TWO_AT_TARGET, "only one player can reach the target", line)
    if position.round == 1 and (score.red or score.black) and stacks > 1:
        raise NotationError(
            Reason.SCORE_IN_FIRST_ROUND, "nobody scores before the first round ends", line
        )
    if not reachable(position.circle, position.to_move, position.starter):
        raise NotationError(
            Reason.UNREACHABLE,
            "no deal and legal moves lead to this circle with this player to move in a round "
            "this player started",
            line,
            column,
        )
