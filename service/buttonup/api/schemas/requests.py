"""Request bodies: strict, so unknown fields and loose types are refused
(queries are in schemas.queries).

Tested in tests/contract/test_openapi.py, tests/api/test_json_bodies.py.
"""

from typing import Any

from marshmallow import ValidationError, fields, post_load, validate, validates_schema

from buttonup.api.schemas.shared import (
    BOT_LEVEL,
    BOT_LEVELS,
    CLOCK_TYPES,
    NAME_PATTERN,
    PLAYER_COLORS,
    SEAT_TYPES,
    VISIBILITIES,
    Described,
    RefusedPosition,
    StrictBoolean,
    StrictInteger,
    _is_player_color,
    _unicode_text,
    doc,
    player_color,
)
from buttonup.engine import (
    BotLevel,
    Color,
    Options,
    SeatType,
    Visibility,
)
from buttonup.engine.clock import (
    FISCHER_INCREMENT_SECONDS,
    FISCHER_INITIAL_SECONDS,
    PER_MOVE_SECONDS,
    ClockType,
)
from buttonup.engine.names import NAME_LENGTH, name_problem, normal_name
from buttonup.engine.notation import (
    MAX_POSITION_LENGTH,
    POSITION_PATTERN,
    NotationError,
    Position,
    read_position,
)
from buttonup.engine.options import SEED_RANGE
from buttonup.engine.rules import DEFAULT_TARGET_SCORE, TARGET_SCORE_RANGE
from buttonup.games import NewGame


def _position(text: str) -> Position:
    """A position string (docs/notation.md), read: the reason it is refused, else."""
    try:
        return read_position(text)
    except NotationError as refused:
        text = f"not a position: column {refused.column}: {refused.text}"
        why = RefusedPosition(text, refused.reason.value, refused.line, refused.column)
        raise ValidationError(why) from None


def playable_position(data: dict[str, Any], original: Any) -> None:
    """A request's position to start from (its field `position`, if any) has
    someone to move and its own target (which `target_score` must not
    contradict), and its game is never rated: ValidationError naming the
    field otherwise."""
    if data.get("position") is None:
        return
    if data.get("rated"):
        raise ValidationError("a game from a position is not rated", "rated")
    start = _position(data["position"])
    if start.to_move is None:
        raise ValidationError("the game is over there: nobody moves", "position")
    given = original.get("target_score") if isinstance(original, dict) else None
    if given is not None and given != start.target:
        raise ValidationError(f"the position's target is {start.target}", "target_score")


def position_field(description: str, **extra: Any) -> fields.String:
    return fields.String(
        validate=[
            validate.Length(1, MAX_POSITION_LENGTH),
            validate.Regexp(POSITION_PATTERN, error="not a position (docs/notation.md)"),
            _position,
        ],
        **doc(description, "-.WW.W.R.R.R.B.B.B_r_0-0_15_1r"),
        **extra,
    )


class NameField(fields.String):
    """A name people see, by the one rule (engine.names), kept in NFC."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        return normal_name(super()._deserialize(value, attr, data, **kwargs))


def _a_name(value: str) -> None:
    problem = name_problem(value)
    if problem is not None:
        raise ValidationError(problem)


def name_field(description: str, *, required: bool = False, example: str = "Ana") -> fields.String:
    """A name people see: 1 to 40 characters, none hidden (engine.names)."""
    low, high = NAME_LENGTH
    described = doc(description, example)["metadata"]
    return NameField(
        required=required,
        validate=[_unicode_text, _a_name],
        metadata={**described, "pattern": NAME_PATTERN, "minLength": low, "maxLength": high},
    )


class SeatRequestSchema(Described):
    """Who sits in a seat: a human (open until someone takes it) or a bot."""

    type = fields.String(
        load_default=SeatType.HUMAN.value,
        validate=validate.OneOf(SEAT_TYPES),
        **doc("`human` (default) or `bot`", "bot"),
    )
    level = fields.String(
        validate=validate.OneOf(BOT_LEVELS),
        **doc("A bot's level (default `perfect`); only for bots", "perfect"),
    )

    @validates_schema
    def _level_only_for_bots(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "level" in data and data["type"] != SeatType.BOT:
            raise ValidationError("only a bot seat has a level", "level")


# The spec states SeatRequest's rule (level only with type bot) as a choice of
# two shapes, which the flat schema above cannot say.
SEAT_REQUEST_COMPONENTS = {
    "HumanSeat": {
        "type": "object",
        "description": "A seat for a person: open until someone takes it",
        "properties": {
            "type": {
                "type": "string",
                "enum": [SeatType.HUMAN.value],
                "description": "`human` (the default)",
                "example": "human",
            }
        },
        "additionalProperties": False,
    },
    "BotSeat": {
        "type": "object",
        "description": "A seat the service plays: taken from the start",
        "properties": {
            "type": {
                "type": "string",
                "enum": [SeatType.BOT.value],
                "description": "`bot`",
                "example": "bot",
            },
            "level": {
                "allOf": [BOT_LEVEL],
                "description": "Default `perfect`",
                "example": "perfect",
            },
        },
        "required": ["type"],
        "additionalProperties": False,
    },
    "SeatRequest": {
        "description": "Who sits in a seat: a human (open until someone takes it) or a bot",
        "oneOf": [
            {"$ref": "#/components/schemas/HumanSeat"},
            {"$ref": "#/components/schemas/BotSeat"},
        ],
    },
}


class ClockRequestSchema(Described):
    """A time control: `fischer` (a bank per player, plus an increment after each
    of one's moves) or `per_move` (the same time for every turn)."""

    type = fields.String(
        required=True, validate=validate.OneOf(CLOCK_TYPES), **doc("The kind", "fischer")
    )
    initial_seconds = StrictInteger(
        validate=validate.Range(*FISCHER_INITIAL_SECONDS),
        **doc("fischer: each player's bank at the start", 180),
    )
    increment_seconds = StrictInteger(
        validate=validate.Range(*FISCHER_INCREMENT_SECONDS),
        **doc("fischer: added after each of one's moves", 2),
    )
    seconds = StrictInteger(
        validate=validate.Range(*PER_MOVE_SECONDS),
        **doc("per_move: the time of every turn (up to 14 days)", 86_400),
    )

    @validates_schema
    def _fields_of_its_type(self, data: dict[str, Any], **kwargs: Any) -> None:
        wanted = CLOCK_FIELDS.get(data.get("type"), ())  # type: ignore[arg-type]
        for name in wanted:
            if name not in data:
                raise ValidationError(f"required for a {data['type']} clock", name)
        for name in data:
            if name != "type" and name not in wanted:
                raise ValidationError(f"not a field of a {data['type']} clock", name)


CLOCK_FIELDS = {
    ClockType.FISCHER.value: ("initial_seconds", "increment_seconds"),
    ClockType.PER_MOVE.value: ("seconds",),
}


def _clock_settings_component(kind: ClockType, description: str) -> dict[str, Any]:
    properties = {
        name: field
        for name, field in CLOCK_REQUEST_PROPERTIES.items()
        if name in CLOCK_FIELDS[kind.value]
    }
    return {
        "type": "object",
        "description": description,
        "properties": {
            "type": {
                "type": "string",
                "enum": [kind.value],
                "description": f"`{kind.value}`",
                "example": kind.value,
            },
            **properties,
        },
        "required": ["type", *CLOCK_FIELDS[kind.value]],
        "additionalProperties": False,
    }


def _range(description: str, bounds: tuple[int, int], example: int) -> dict[str, Any]:
    return {
        "type": "integer",
        "minimum": bounds[0],
        "maximum": bounds[1],
        "description": description,
        "example": example,
    }


CLOCK_REQUEST_PROPERTIES = {
    "initial_seconds": _range("Each player's bank at the start", FISCHER_INITIAL_SECONDS, 180),
    "increment_seconds": _range("Added after each of one's moves", FISCHER_INCREMENT_SECONDS, 2),
    "seconds": _range("The time of every turn (up to 14 days)", PER_MOVE_SECONDS, 86_400),
}
# As for seats: the spec states which fields go with which type as a choice.
CLOCK_REQUEST_COMPONENTS = {
    "FischerClockSettings": _clock_settings_component(
        ClockType.FISCHER, "A bank of time per player, plus an increment after each move"
    ),
    "PerMoveClockSettings": _clock_settings_component(
        ClockType.PER_MOVE, "The same time for every turn; nothing carries over"
    ),
    "ClockRequest": {
        "description": "A time control",
        "oneOf": [
            {"$ref": "#/components/schemas/FischerClockSettings"},
            {"$ref": "#/components/schemas/PerMoveClockSettings"},
        ],
        "discriminator": {
            "propertyName": "type",
            "mapping": {
                ClockType.FISCHER.value: "#/components/schemas/FischerClockSettings",
                ClockType.PER_MOVE.value: "#/components/schemas/PerMoveClockSettings",
            },
        },
    },
}


class PlayersRequestSchema(Described):
    """The two seats of a new game."""

    red = fields.Nested(SeatRequestSchema, **doc("The red seat", {"type": "human"}))
    black = fields.Nested(
        SeatRequestSchema, **doc("The black seat", {"type": "bot", "level": "perfect"})
    )


class CreateGameSchema(Described):
    """Options of a new game; every field is optional."""

    target_score = StrictInteger(
        load_default=DEFAULT_TARGET_SCORE,
        validate=validate.Range(*TARGET_SCORE_RANGE),
        **doc("Points that win the game", DEFAULT_TARGET_SCORE),
    )
    first_player = fields.String(
        load_default="random",
        validate=validate.OneOf([*PLAYER_COLORS, "random"]),
        **doc("Who starts the first round; `random` draws it", "random"),
    )
    seed = StrictInteger(
        validate=validate.Range(*SEED_RANGE),
        **doc("Makes every random draw of the game reproducible", 42),
    )
    visibility = fields.String(
        load_default=Visibility.PRIVATE.value,
        validate=validate.OneOf(VISIBILITIES),
        **doc("`public` games are listed in the lobby while a seat is open", "private"),
    )
    hints = StrictBoolean(
        **doc(
            "Whether `/analysis` answers while the game is in play (always once it is "
            "over); players who agree to play without hints create the game with false. "
            "True by default; a rated game has none (false by default, true is 422)",
            True,
        ),
    )
    rated = StrictBoolean(
        load_default=False,
        **doc(
            "Whether the result changes both players' ratings: both seats must then be "
            "taken with a player's key, no bot (409 `rated_needs_players`), and the game "
            "starts from a first deal, not a `position`",
            False,
        ),
    )
    players = fields.Nested(
        PlayersRequestSchema,
        **doc("The seats; both human by default", {"red": {"type": "human"}}),
    )
    position = position_field(
        "Start from this position (docs/notation.md) rather than a first deal: its round "
        "as it stands, with its score and target (which `target_score` must not contradict), "
        "someone to move; later rounds are dealt from `seed`"
    )
    clock = fields.Nested(
        ClockRequestSchema,
        allow_none=True,
        **doc(
            "The time control; absent or null: untimed. A player whose clock runs out "
            "loses (the game is aborted instead when its first move never came)",
            {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2},
        ),
    )

    @validates_schema
    def _rated_without_hints(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("rated") and data.get("hints"):
            raise ValidationError("a rated game has no hints", "hints")

    @validates_schema(pass_original=True)
    def _playable_position(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        playable_position(data, original)

    @post_load
    def _new_game(self, data: dict[str, Any], **kwargs: Any) -> NewGame:
        """The game to make: every other field is one of its options."""
        seats = data.pop("players", {})
        if data.get("first_player") == "random":
            data["first_player"] = None
        data.setdefault("hints", not data.get("rated"))
        if "position" in data:
            start = _position(data["position"])
            data["target_score"] = start.target  # the position's: checked against it above
            data["first_player"] = None
        return NewGame(
            options=Options.from_plain(data),
            bots={
                Color(color): BotLevel(seat.get("level", BotLevel.PERFECT))
                for color, seat in seats.items()
                if seat["type"] == SeatType.BOT
            },
        )


class JoinGameSchema(Described):
    """The seat to take."""

    color = player_color(
        "Seat to take; by default the first open one, red before black",
        validate=_is_player_color,
    )
    name = name_field(
        "Shown to the opponent: 1 to 40 characters, not only spaces, none of them control "
        "or invisible (direction overrides, zero-width characters); kept in Unicode NFC"
    )


class EmptyRequestSchema(Described):
    """No fields: send no body, or `{}`."""


class CreatePlayerSchema(Described):
    """Who the player is: every field is optional."""

    name = name_field(
        "Shown to opponents: 1 to 40 characters, not only spaces, none of them control or "
        "invisible (direction overrides, zero-width characters); kept in Unicode NFC"
    )


class PlayMoveSchema(Described):
    """A move: the position of a stack holding a white button."""

    position = StrictInteger(
        required=True,
        validate=validate.Range(0, 8),
        **doc("Position 0..8 (clockwise) of the stack to sow", 4),
    )


class PositionAnalysisRequestSchema(Described):
    """The position to analyse."""

    position = position_field("A position string (docs/notation.md)", required=True)

    @post_load
    def _read(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return {"position": _position(data["position"])}
