"""A whole game: rounds, scores, the next round's starter, the winner, resignation.

States are immutable; `apply` returns a new state and a small outcome record.
`to_dict`/`from_dict` give the plain form that storage keeps.
"""

import secrets
from dataclasses import dataclass, field, replace
from typing import Any

from buttonup.engine.board import (
    PLAYERS,
    Circle,
    Color,
    Stack,
    deal_circle,
    legal_moves,
    make_stack,
    opponent,
    sow,
    strengths,
)
from buttonup.engine.errors import NotInProgress, NotYourTurn
from buttonup.engine.randomness import SeededDraws
from buttonup.engine.rules import STANDARD_RULES, Rules


@dataclass(frozen=True, slots=True)
class Tally:
    """A number per player (points, strengths)."""

    red: int = 0
    black: int = 0

    def __getitem__(self, player: Color) -> int:
        return self.red if player is Color.RED else self.black

    def add(self, player: Color, amount: int) -> "Tally":
        if player is Color.RED:
            return replace(self, red=self.red + amount)
        return replace(self, black=self.black + amount)

    def to_dict(self) -> dict[str, int]:
        return {"red": self.red, "black": self.black}

    @classmethod
    def from_dict(cls, data: dict[str, int]) -> "Tally":
        return cls(red=data["red"], black=data["black"])


@dataclass(frozen=True, slots=True)
class RoundState:
    """The round in play (or the last one once the game is over)."""

    number: int
    starting_player: Color
    initial_circle: Circle
    circle: Circle
    to_move: Color | None
    moves_played: int = 0
    # Its legal moves, found once: the answer to a move lists them, and the
    # next move checks against them.
    _legal: tuple[int, ...] | None = field(default=None, init=False, repr=False, compare=False)

    def legal_moves(self) -> tuple[int, ...]:
        legal = self._legal
        if legal is None:
            legal = legal_moves(self.circle) if self.to_move is not None else ()
            object.__setattr__(self, "_legal", legal)  # frozen: a cache, not a change
        return legal

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "starting_player": str(self.starting_player),
            "initial_circle": _circle_to_lists(self.initial_circle),
            "circle": _circle_to_lists(self.circle),
            "to_move": str(self.to_move) if self.to_move else None,
            "moves_played": self.moves_played,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RoundState":
        return cls(
            number=data["number"],
            starting_player=_color(data["starting_player"]),
            initial_circle=_circle_from_lists(data["initial_circle"]),
            circle=_circle_from_lists(data["circle"]),
            to_move=_color(data["to_move"]) if data["to_move"] else None,
            moves_played=data["moves_played"],
        )


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round: how it started, the final stack and what it scored."""

    number: int
    starting_player: Color
    initial_circle: Circle
    final_stack: Stack
    strength: Tally
    points: Tally
    # Its plain form, built once: a finished round never changes, yet every
    # later state of the game is serialised with it. Shared: not to be mutated.
    # Tuples of names and ints, which the collector stops tracking, so that
    # the form adds nothing to what a full collection walks.
    _plain: dict[str, Any] | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def scored(
        cls, number: int, starting_player: Color, initial_circle: Circle, final_stack: Stack
    ) -> "RoundResult":
        """The round that ended on `final_stack`: each player's strength, and
        the difference to the stronger."""
        totals = strengths(final_stack)
        strength = Tally(red=totals[Color.RED], black=totals[Color.BLACK])
        margin = strength.red - strength.black
        points = Tally()
        if margin > 0:
            points = points.add(Color.RED, margin)
        elif margin < 0:
            points = points.add(Color.BLACK, -margin)
        return cls(number, starting_player, initial_circle, final_stack, strength, points)

    @property
    def loser(self) -> Color | None:
        if self.strength.red == self.strength.black:
            return None
        return Color.RED if self.strength.red < self.strength.black else Color.BLACK

    def to_dict(self) -> dict[str, Any]:
        if self._plain is None:
            plain = {
                "number": self.number,
                "starting_player": str(self.starting_player),
                "initial_circle": tuple(_names(stack) for stack in self.initial_circle),
                "final_stack": _names(self.final_stack),
                "strength": self.strength.to_dict(),
                "points": self.points.to_dict(),
            }
            object.__setattr__(self, "_plain", plain)  # frozen: a cache, not a change
        return self._plain  # type: ignore[return-value]

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RoundResult":
        return cls(
            number=data["number"],
            starting_player=_color(data["starting_player"]),
            initial_circle=_circle_from_lists(data["initial_circle"]),
            final_stack=tuple(_COLOR_NAMED[b] for b in data["final_stack"]),
            strength=Tally.from_dict(data["strength"]),
            points=Tally.from_dict(data["points"]),
        )


@dataclass(frozen=True, slots=True)
class MoveOutcome:
    """What one move did, for the move list."""

    number: int
    round: int
    player: Color
    position: int
    extra_turn: bool
    overflow: bool
    round_over: bool
    game_over: bool


@dataclass(frozen=True, slots=True)
class GameState:
    rules: Rules
    seed: int | None
    round: RoundState
    score: Tally = Tally()
    rounds: tuple[RoundResult, ...] = ()
    winner: Color | None = None
    resigned: Color | None = None
    moves_played: int = 0
    # Rounds dealt in advance, by number from the first (an imported
    # game's; an empty one deals nothing); the others are dealt from the seed.
    deals: tuple[Circle, ...] = ()

    @classmethod
    def new(
        cls,
        rules: Rules = STANDARD_RULES,
        first_player: Color | None = None,
        seed: int | None = None,
        deals: tuple[Circle, ...] = (),
    ) -> "GameState":
        """A game with its first round dealt; `first_player=None` draws one at random."""
        if first_player is None:
            first_player = _draw_first_player(seed)
        elif first_player not in PLAYERS:
            raise ValueError("first_player must be red or black")
        return cls(
            rules=rules,
            seed=seed,
            round=_deal_round(seed, 1, first_player, deals),
            deals=deals,
        )

    @property
    def target_score(self) -> int:
        return self.rules.target_score

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def to_move(self) -> Color | None:
        return self.round.to_move

    def legal_moves(self) -> tuple[int, ...]:
        return self.round.legal_moves()

    def apply(self, player: Color, position: int) -> tuple["GameState", MoveOutcome]:
        """Play `position` for `player`; raises NotInProgress, NotYourTurn or IllegalMove."""
        if self.is_over:
            raise NotInProgress("the game is over")
        if player is not self.round.to_move:
            raise NotYourTurn(f"it is {self.round.to_move}'s turn")
        current = self.round
        sown = sow(current.circle, position, current.legal_moves())
        # Built field by field: dataclasses.replace costs half as much again
        # on every move's path. tests/engine/test_game.py walks every field,
        # so a field added and not carried here fails there.
        played = RoundState(
            number=current.number,
            starting_player=current.starting_player,
            initial_circle=current.initial_circle,
            circle=sown.circle,
            to_move=player if sown.extra_turn else opponent(player),
            moves_played=current.moves_played + 1,
        )
        state = GameState(
            rules=self.rules,
            seed=self.seed,
            round=played,
            score=self.score,
            rounds=self.rounds,
            winner=self.winner,
            resigned=self.resigned,
            moves_played=self.moves_played + 1,
            deals=self.deals,
        )
        if sown.round_over:
            state = state._finish_round()
        outcome = MoveOutcome(
            number=state.moves_played,
            round=played.number,
            player=player,
            position=position,
            extra_turn=sown.extra_turn,
            overflow=sown.overflow,
            round_over=sown.round_over,
            game_over=state.is_over,
        )
        return state, outcome

    def resign(self, player: Color) -> "GameState":
        """`player` gives up: the game is over and the opponent wins."""
        return replace(self.forfeit(player), resigned=player)

    def forfeit(self, player: Color) -> "GameState":
        """`player` loses without playing on (their time ran out, or they
        abandoned the game): the game is over and the opponent wins."""
        if self.is_over:
            raise NotInProgress("the game is over")
        if player not in PLAYERS:
            raise ValueError("only red or black can lose")
        return replace(self.halted(), winner=opponent(player))

    def halted(self) -> "GameState":
        """Nobody is to move any more; the score stands (an aborted game)."""
        return replace(self, round=replace(self.round, to_move=None))

    def _finish_round(self) -> "GameState":
        final_stack = next(stack for stack in self.round.circle if stack)
        result = RoundResult.scored(
            self.round.number, self.round.starting_player, self.round.initial_circle, final_stack
        )
        points = result.points
        score = Tally(red=self.score.red + points.red, black=self.score.black + points.black)
        winner = next((p for p in PLAYERS if score[p] >= self.target_score), None)
        rounds = self.rounds + (result,)
        if winner is not None:
            return replace(
                self,
                score=score,
                rounds=rounds,
                winner=winner,
                round=replace(self.round, to_move=None),
            )
        starter = next_round_starter(score, result)
        return replace(
            self,
            score=score,
            rounds=rounds,
            round=_deal_round(self.seed, self.round.number + 1, starter, self.deals),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "target_score": self.target_score,
            "seed": self.seed,
            "round": self.round.to_dict(),
            "score": self.score.to_dict(),
            "rounds": [result.to_dict() for result in self.rounds],
            "winner": str(self.winner) if self.winner else None,
            "resigned": str(self.resigned) if self.resigned else None,
            "moves_played": self.moves_played,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "GameState":
        return cls(
            rules=Rules(target_score=data["target_score"]),
            seed=data["seed"],
            round=RoundState.from_dict(data["round"]),
            score=Tally.from_dict(data["score"]),
            rounds=tuple(RoundResult.from_dict(r) for r in data["rounds"]),
            winner=_color(data["winner"]) if data["winner"] else None,
            resigned=_color(data["resigned"]) if data["resigned"] else None,
            moves_played=data["moves_played"],
        )


def next_round_starter(score: Tally, last_round: RoundResult) -> Color:
    """Fewer points starts; on equal points the last round's loser, and after
    a tied round the player who did not start it (house rule)."""
    if score.red != score.black:
        return Color.RED if score.red < score.black else Color.BLACK
    return last_round.loser or opponent(last_round.starting_player)


def _draw_first_player(seed: int | None) -> Color:
    if seed is None:
        return secrets.choice(PLAYERS)
    return PLAYERS[SeededDraws(seed, "first-player").below(len(PLAYERS))]


def _deal_round(
    seed: int | None, number: int, starter: Color, deals: tuple[Circle, ...]
) -> RoundState:
    given = deals[number - 1] if number <= len(deals) else ()
    circle = given or deal_circle(seed, number)
    return RoundState(
        number=number,
        starting_player=starter,
        initial_circle=circle,
        circle=circle,
        to_move=starter,
    )


# Colours are str members, so they serialise as they are; reading back goes
# through a dict, which costs a tenth of Color(name) on this hot path.
_COLOR_NAMED = {color.value: color for color in Color}


def _color(name: str) -> Color:
    return _COLOR_NAMED[name]


def _circle_to_lists(circle: Circle) -> list[list[str]]:
    return [list(stack) for stack in circle]


def _names(stack: Stack) -> tuple[str, ...]:
    return tuple([button.value for button in stack])


def _circle_from_lists(data: list[list[str]]) -> Circle:
    return tuple(make_stack(_COLOR_NAMED[button] for button in stack) for stack in data)
