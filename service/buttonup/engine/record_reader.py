"""Reading a game record (engine.records, docs/notation.md) strictly: the
tags, then each round line, every move played by the engine. The first
thing wrong raises NotationError with its line and column (from 1).

Tested in tests/engine/test_records.py.
"""

import re
from dataclasses import dataclass
from datetime import UTC, datetime

from buttonup.engine.board import PLAYERS, Circle, Color, opponent
from buttonup.engine.bots import BOT_NAMES, BotLevel
from buttonup.engine.clock import ClockSettings, ClockType
from buttonup.engine.errors import RulesError
from buttonup.engine.game import GameState
from buttonup.engine.names import name_problem, normal_name
from buttonup.engine.notation import (
    PLAYER_LETTERS,
    NotationError,
    Position,
    Reason,
    deal_text,
    read_deal,
    read_position,
    stack_text,
)
from buttonup.engine.options import SEED_RANGE, EndReason, Options, Visibility
from buttonup.engine.records import (
    ANONYMOUS,
    DATE_FORMAT,
    FROM_POSITION,
    IN_PLAY,
    NO_WINNER,
    SEAT_TAGS,
    Pause,
    ReadRecord,
    no_pause,
)
from buttonup.engine.rules import TARGET_SCORE_RANGE, Rules

MAX_RECORD_BYTES = 64 * 1024  # some two hundred rounds: far more than a game plays
_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9_]{0,31}) "((?:[^"\\\x00-\x1f\x7f]|\\["\\])*)"\]')
_ROUND = re.compile(r"(0|[1-9][0-9]{0,5})\. ([rb]) (\S+)")
_MOVE = re.compile(r"([0-8])(\+?)")
_NUMBER = re.compile(r"0|-?[1-9][0-9]{0,38}")  # each tag then holds it to its range
_RESULT = re.compile(r"= ([RBW]{9}) (0|[1-9][0-9]?)-(0|[1-9][0-9]?) (\S+)-(\S+)")
_PLAYER_OF = {letter: color for color, letter in PLAYER_LETTERS.items()}
NOT_OVER = "the round is not over: a round is eight moves"
OVER = "the round is over: its result comes next, after '='"
BAD_MOVE = "a move is a position 0 to 8, '+' after an extra turn"
BAD_RESULT = "a round's result is '=', the final stack, the strengths and the score"


@dataclass(frozen=True, slots=True)
class _Line:
    number: int  # the line's, in the text
    round: int
    starter: Color
    deal: str
    rest: str  # the moves and the result
    rest_column: int


def read_record(text: str, pause: Pause = no_pause) -> ReadRecord:
    """A record, read strictly and played through by the engine (`pause`
    called after each round)."""
    if len(text.encode()) > MAX_RECORD_BYTES:
        raise NotationError(
            Reason.RECORD_TOO_LARGE, f"a record is at most {MAX_RECORD_BYTES} bytes"
        )
    lines = text.split("\n")
    if lines[-1] != "":
        raise NotationError(
            Reason.FINAL_LINE_BREAK,
            "a record ends with a line break",
            len(lines),
            len(lines[-1]) + 1,
        )
    lines.pop()
    tags, blank = _tags(lines)
    rounds = [_round_line(line, number) for number, line in enumerate(lines, 1) if number > blank]
    return _Game(tags, blank).play(rounds, len(lines), pause)


def _tags(lines: list[str]) -> tuple[dict[str, tuple[str, int]], int]:
    """The tags (name -> value and its line) and the number of the blank line after them."""
    tags: dict[str, tuple[str, int]] = {}
    for number, line in enumerate(lines, start=1):
        if line == "":
            return tags, number
        found = _TAG.fullmatch(line)
        if found is None:
            raise NotationError(
                Reason.TAG_FORMAT, 'a tag is [Name "value"], alone on its line', number
            )
        name = found.group(1)
        if name in tags:
            raise NotationError(Reason.TAG_TWICE, f"the tag {name} is given twice", number, 2)
        tags[name] = (re.sub(r"\\(.)", r"\1", found.group(2)), number)
    raise NotationError(Reason.TAGS_END, "the tags end with a blank line", len(lines) + 1)


def _round_line(line: str, number: int) -> _Line:
    found = _ROUND.match(line)
    if found is None:
        raise NotationError(
            Reason.ROUND_LINE, "a round line is its number, a period, 'r' or 'b', its deal", number
        )
    rest = line[found.end() :]
    if rest and (not rest.startswith(" ") or rest == " "):
        raise NotationError(
            Reason.MOVE_SEPARATOR, "moves are separated by spaces", number, found.end() + 1
        )
    start = found.end() + 2
    return _Line(
        number, int(found.group(1)), _PLAYER_OF[found.group(2)], found.group(3), rest[1:], start
    )


class _Game:
    def __init__(self, tags: dict[str, tuple[str, int]], blank: int) -> None:
        self._tags = tags
        self._blank = blank
        self.target = self._number("Target", required=True, within=TARGET_SCORE_RANGE) or 0
        self.seed = self._number("Seed", within=SEED_RANGE)
        self.clock = self._clock()
        self.names, self.bots = self._seats()
        self.created_at = self._date()
        found = tags.get("Position")
        self.position: Position | None = None
        if found is not None:
            self.position = read_position(found[0], found[1], len('[Position "') + 1)
            if self.position.target != self.target:
                raise NotationError(
                    Reason.TARGET_MISMATCH,
                    "the position's target is not the Target tag's",
                    found[1],
                )
        self.moves: list[int] = []

    def play(self, lines: list[_Line], last_line: int, pause: Pause) -> ReadRecord:
        if not lines:
            raise NotationError(
                Reason.ROUNDS_MISSING,
                "a record has a line for each round it reached",
                last_line + 1,
            )
        deals = self._deals(lines)
        state = self._first_state(lines[0], deals)
        for index, line in enumerate(lines):
            if line.round != state.round.number:
                raise NotationError(
                    Reason.ROUND_ORDER, f"this is round {state.round.number}", line.number
                )
            if line.starter is not state.round.starting_player:
                raise NotationError(
                    Reason.ROUND_STARTER,
                    f"{state.round.starting_player} starts round {line.round}",
                    line.number,
                    len(str(line.round)) + 3,
                )
            state = self._play_round(state, line, last=index == len(lines) - 1)
            pause()
        return self._ended(state, last_line)

    def _deals(self, lines: list[_Line]) -> tuple[Circle, ...]:
        """Each round's deal by its number (empty for rounds no line deals)."""
        deals: list[Circle] = []
        for index, line in enumerate(lines):
            column = len(str(line.round)) + 5
            if line.deal == FROM_POSITION:
                if index or self.position is None:
                    raise NotationError(
                        Reason.POSITION_MARK,
                        "only the round of the Position tag is '@'",
                        line.number,
                        column,
                    )
                continue
            if index == 0 and self.position is not None:
                raise NotationError(
                    Reason.POSITION_MARK,
                    "a game from a position starts with '@'",
                    line.number,
                    column,
                )
            deals += [()] * (line.round - 1 - len(deals))
            deals.append(read_deal(line.deal, line.number, column))
        return tuple(deals)

    def _first_state(self, first: _Line, deals: tuple[Circle, ...]) -> GameState:
        rules = Rules(target_score=self.target)
        if self.position is not None:
            return self.position.state(self.seed, rules, deals)
        if first.round != 1:
            raise NotationError(Reason.FIRST_ROUND, "a game starts at round 1", first.number)
        return GameState.new(rules, first.starter, self.seed, deals)

    def _play_round(self, state: GameState, line: _Line, last: bool) -> GameState:
        number, column = line.number, line.rest_column
        words = line.rest.split(" ") if line.rest else []
        for index, word in enumerate(words):
            if word == "=":
                if not state.rounds or state.rounds[-1].number != line.round:
                    raise NotationError(Reason.ROUND_NOT_OVER, NOT_OVER, number, column)
                self._check_result(state, " ".join(words[index:]), number, column)
                return state
            move = _MOVE.fullmatch(word)
            if move is None:
                raise NotationError(Reason.MOVE_FORMAT, BAD_MOVE, number, column)
            if state.round.number != line.round or state.to_move is None:
                raise NotationError(Reason.ROUND_IS_OVER, OVER, number, column)
            try:
                state, outcome = state.apply(state.to_move, int(move.group(1)))
            except RulesError as refused:
                raise NotationError(
                    Reason.ILLEGAL_MOVE, f"illegal move: {refused.detail}", number, column
                ) from None
            if outcome.extra_turn != bool(move.group(2)):
                need = "gives an extra turn: '+'" if outcome.extra_turn else "gives no extra turn"
                raise NotationError(Reason.EXTRA_TURN_MARK, f"this move {need}", number, column)
            self.moves.append(outcome.position)
            column += len(word) + 1
        if state.rounds and state.rounds[-1].number == line.round:
            raise NotationError(Reason.ROUND_IS_OVER, OVER, number, column)
        if not last:
            raise NotationError(Reason.ROUND_NOT_OVER, NOT_OVER, number, column)
        return state

    def _check_result(self, state: GameState, text: str, line: int, column: int) -> None:
        found = _RESULT.fullmatch(text)
        if found is None:
            raise NotationError(
                Reason.RESULT_FORMAT,
                BAD_RESULT,
                line,
                column,
            )
        result = state.rounds[-1]
        final = stack_text(result.final_stack)
        if found.group(1) != final:
            raise NotationError(Reason.FINAL_STACK, f"the final stack is {final}", line, column + 2)
        strength = (int(found.group(2)), int(found.group(3)))
        if strength != (result.strength.red, result.strength.black):
            raise NotationError(
                Reason.STRENGTHS,
                f"the strengths are {result.strength.red}-{result.strength.black}",
                line,
                column + 12,
            )
        if (found.group(4), found.group(5)) != (str(state.score.red), str(state.score.black)):
            raise NotationError(
                Reason.SCORE_MISMATCH,
                f"the score is {state.score.red}-{state.score.black}",
                line,
                found.start(4) + column,
            )

    def _ended(self, state: GameState, last_line: int) -> ReadRecord:
        result, result_line = self._tags.get("Result", ("", self._blank))
        end_tag = self._tags.get("End")
        winner = {color.value: color for color in PLAYERS}.get(result)
        if result not in (IN_PLAY, NO_WINNER) and winner is None:
            raise NotationError(Reason.RESULT_TAG, "Result: red, black, none or *", result_line, 10)
        end = None
        if result == IN_PLAY:
            if end_tag is not None:
                raise NotationError(Reason.END_IN_PLAY, "a game in play has no End tag", end_tag[1])
            if state.is_over:
                raise NotationError(
                    Reason.RESULT_IN_PLAY,
                    "the game is over: its Result names the winner",
                    result_line,
                    10,
                )
        else:
            if end_tag is None:
                raise NotationError(Reason.END_MISSING, "a game over has an End tag", self._blank)
            try:
                end = EndReason(end_tag[0])
            except ValueError:
                raise NotationError(
                    Reason.END_VALUE, f"End: one of {', '.join(EndReason)}", end_tag[1], 7
                ) from None
            self._check_end(state, end, winner, end_tag[1])
        options = Options(
            target_score=self.target,
            first_player=None
            if self.position
            else (state.rounds or (state.round,))[0].starting_player,
            seed=self.seed,
            visibility=Visibility.PRIVATE,
            clock=self.clock,
            position=self._tags["Position"][0] if self.position else None,
            deals=tuple(deal_text(deal) if deal else "" for deal in state.deals),
        )
        return ReadRecord(
            options, self.created_at, self.names, self.bots, self.moves, end, winner, result_line
        )

    def _check_end(self, state: GameState, end: EndReason, winner: Color | None, line: int) -> None:
        def refuse(reason: str) -> None:
            raise NotationError(Reason.END_MISMATCH, reason, line, 7)

        if end is EndReason.TARGET_SCORE:
            if not state.is_over or state.winner is not winner:
                refuse("the target was not reached by the Result's winner")
            return
        if state.is_over:
            refuse("the game ended at the target score")
        if end is EndReason.ABORTED:
            if winner is not None or state.moves_played:
                refuse("only a game without a move is aborted, with Result none")
            return
        if winner is None:
            refuse("this ending has a winner")
        loser = opponent(winner)  # type: ignore[arg-type]
        if end is EndReason.TIMEOUT:
            if self.clock is None or state.to_move is not loser or not state.moves_played:
                refuse("a game is lost on time by the player to move, with a clock, after a move")
        elif end is EndReason.ABANDONED and state.to_move is not loser:
            refuse("a game is abandoned by the player to move")

    def _number(self, name: str, *, within: tuple[int, int], required: bool = False) -> int | None:
        found = self._tags.get(name)
        if found is None:
            if required:
                raise NotationError(Reason.TAG_MISSING, f"the {name} tag is needed", self._blank)
            return None
        if not _NUMBER.fullmatch(found[0]):
            raise NotationError(
                Reason.TAG_NUMBER, f"{name}: a whole number", found[1], len(name) + 4
            )
        low, high = within
        if not low <= int(found[0]) <= high:
            raise NotationError(
                Reason.TAG_RANGE, f"{name}: {low} to {high}", found[1], len(name) + 4
            )
        return int(found[0])

    def _clock(self) -> ClockSettings | None:
        found = self._tags.get("Clock")
        if found is None:
            return None
        value, line = found
        kind, _, amount = value.partition(" ")
        try:
            if kind == ClockType.FISCHER.value:
                initial, plus, increment = amount.partition("+")
                if not (plus and _NUMBER.fullmatch(initial) and _NUMBER.fullmatch(increment)):
                    raise ValueError("fischer <initial>+<increment>, in seconds")
                return ClockSettings(ClockType.FISCHER, int(initial), int(increment))
            if kind == ClockType.PER_MOVE.value and _NUMBER.fullmatch(amount):
                return ClockSettings(ClockType.PER_MOVE, seconds=int(amount))
            raise ValueError("'fischer <initial>+<increment>' or 'per_move <seconds>'")
        except ValueError as error:
            raise NotationError(Reason.CLOCK_TAG, f"Clock: {error}", line, 9) from None

    def _seats(self) -> tuple[dict[Color, str | None], dict[Color, BotLevel]]:
        names: dict[Color, str | None] = {}
        bots: dict[Color, BotLevel] = {}
        for color in PLAYERS:
            name_tag, bot_tag = SEAT_TAGS[color]
            name = self._tags.get(name_tag)
            if name is None:
                raise NotationError(
                    Reason.TAG_MISSING,
                    f"the {name_tag} tag is needed ('?' when unnamed)",
                    self._blank,
                )
            if name[0] == ANONYMOUS:
                names[color] = None
            else:
                problem = name_problem(name[0])
                if problem is not None:  # the one rule for names (engine.names)
                    raise NotationError(
                        Reason.NAME_TAG,
                        f"{name_tag}: a name of {problem}",
                        name[1],
                        len(name_tag) + 4,
                    )
                names[color] = normal_name(name[0])
            bot = self._tags.get(bot_tag)
            if bot is not None:
                try:
                    bots[color] = BotLevel(bot[0])
                except ValueError:
                    raise NotationError(
                        Reason.BOT_TAG, f"{bot_tag}: one of {', '.join(BotLevel)}", bot[1]
                    ) from None
                if names[color] != BOT_NAMES[bots[color]]:
                    raise NotationError(
                        Reason.BOT_NAME,
                        f"a {bot[0]} bot is named {BOT_NAMES[bots[color]]}",
                        name[1],
                    )
        return names, bots

    def _date(self) -> int:
        found = self._tags.get("Date")
        if found is None:
            raise NotationError(Reason.TAG_MISSING, "the Date tag is needed", self._blank)
        try:
            day = datetime.strptime(found[0], DATE_FORMAT).replace(tzinfo=UTC)
        except ValueError:
            raise NotationError(Reason.DATE_TAG, "Date: YYYY-MM-DD", found[1], 8) from None
        if day.strftime(DATE_FORMAT) != found[0]:
            raise NotationError(Reason.DATE_TAG, "Date: YYYY-MM-DD", found[1], 8)
        return int(day.timestamp() * 1000)


def _first_starter(state: GameState) -> Color:
    """Who started the game's first round."""
    return (state.rounds[0] if state.rounds else state.round).starting_player
