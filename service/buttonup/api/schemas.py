"""Marshmallow schemas: request bodies (strict: unknown fields and loose types
are refused) and the documented shape of every response."""

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

COLORS = ("red", "black", "white")
PLAYER_COLORS = ("red", "black")


class StrictInteger(fields.Integer):
    """An integer and nothing else: no "1", no 1.0, no true."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


def _printable(value: str) -> None:
    if not value.isprintable() or not value.strip():
        raise ValidationError("must be printable characters, not only spaces")


def stack_field() -> fields.List:
    return fields.List(
        fields.String(validate=validate.OneOf(COLORS)),
        metadata={"description": "Buttons bottom first", "example": ["red", "white"]},
    )


# Requests


class SeatRequestSchema(Schema):
    type = fields.String(
        load_default="human",
        validate=validate.OneOf(["human"]),
        metadata={"description": "Who sits here: `human` (open until someone joins)"},
    )


class PlayersRequestSchema(Schema):
    red = fields.Nested(SeatRequestSchema)
    black = fields.Nested(SeatRequestSchema)


class CreateGameSchema(Schema):
    target_score = StrictInteger(
        load_default=15,
        validate=validate.Range(1, 100),
        metadata={"description": "Points that win the game", "example": 15},
    )
    first_player = fields.String(
        load_default="random",
        validate=validate.OneOf(["red", "black", "random"]),
        metadata={"description": "Who starts the first round", "example": "random"},
    )
    seed = StrictInteger(
        load_default=None,
        validate=validate.Range(-(2**63), 2**63 - 1),
        metadata={"description": "Makes every random draw reproducible", "example": 42},
    )
    visibility = fields.String(
        load_default="private",
        validate=validate.OneOf(["private", "public"]),
        metadata={"description": "`public` games are listed in the lobby", "example": "private"},
    )
    players = fields.Nested(PlayersRequestSchema, load_default=None)


class JoinGameSchema(Schema):
    color = fields.String(
        load_default=None,
        validate=validate.OneOf(PLAYER_COLORS),
        metadata={"description": "Seat to take; default the first open one, red first"},
    )
    name = fields.String(
        load_default=None,
        validate=[validate.Length(1, 40), _printable],
        metadata={"description": "Shown to the opponent", "example": "Ana"},
    )


class PlayMoveSchema(Schema):
    position = StrictInteger(
        required=True,
        validate=validate.Range(0, 8),
        metadata={"description": "Position of the stack to sow", "example": 4},
    )


# Responses


class PlayerSchema(Schema):
    type = fields.String(validate=validate.OneOf(["human", "bot"]))
    name = fields.String(allow_none=True)
    joined = fields.Boolean()
    level = fields.String(allow_none=True)


class PlayersSchema(Schema):
    red = fields.Nested(PlayerSchema)
    black = fields.Nested(PlayerSchema)


class TallySchema(Schema):
    red = fields.Integer()
    black = fields.Integer()


class RoundSchema(Schema):
    number = fields.Integer(metadata={"example": 1})
    starting_player = fields.String(validate=validate.OneOf(PLAYER_COLORS))
    to_move = fields.String(allow_none=True, validate=validate.OneOf(PLAYER_COLORS))
    initial_circle = fields.List(stack_field(), metadata={"description": "The deal, 9 stacks"})
    circle = fields.List(stack_field(), metadata={"description": "9 stacks, index = position"})
    legal_moves = fields.List(fields.Integer(), metadata={"example": [0, 4, 7]})
    moves_played = fields.Integer()


class RoundResultSchema(Schema):
    number = fields.Integer()
    starting_player = fields.String(validate=validate.OneOf(PLAYER_COLORS))
    initial_circle = fields.List(stack_field())
    final_stack = fields.List(fields.String(validate=validate.OneOf(COLORS)))
    strength = fields.Nested(TallySchema)
    points = fields.Nested(TallySchema)


class GameSchema(Schema):
    id = fields.String(metadata={"example": "q7Xb0mXvYg3cS1pQ2a9e"})
    status = fields.String(validate=validate.OneOf(["waiting", "playing", "finished"]))
    version = fields.Integer(metadata={"example": 0})
    created_at = fields.String(metadata={"example": "2026-11-29T16:00:00.000Z"})
    updated_at = fields.String(metadata={"example": "2026-11-29T16:00:00.000Z"})
    visibility = fields.String(validate=validate.OneOf(["private", "public"]))
    target_score = fields.Integer(metadata={"example": 15})
    players = fields.Nested(PlayersSchema)
    score = fields.Nested(TallySchema)
    winner = fields.String(allow_none=True, validate=validate.OneOf(PLAYER_COLORS))
    resigned = fields.String(allow_none=True, validate=validate.OneOf(PLAYER_COLORS))
    round = fields.Nested(RoundSchema)
    rounds = fields.List(fields.Nested(RoundResultSchema))


class MoveSchema(Schema):
    number = fields.Integer(metadata={"example": 1})
    round = fields.Integer(metadata={"example": 1})
    player = fields.String(validate=validate.OneOf(PLAYER_COLORS))
    position = fields.Integer(metadata={"example": 4})
    extra_turn = fields.Boolean()
    overflow = fields.Boolean()
    round_over = fields.Boolean()
    created_at = fields.String()


class JoinedSchema(Schema):
    color = fields.String(validate=validate.OneOf(PLAYER_COLORS))
    token = fields.String(metadata={"description": "Bearer token of this seat; shown once"})
    game = fields.Nested(GameSchema)


class PlayedSchema(Schema):
    move = fields.Nested(MoveSchema)
    game = fields.Nested(GameSchema)


class ProblemSchema(Schema):
    type = fields.String()
    title = fields.String()
    status = fields.Integer()
    detail = fields.String()
    code = fields.String(metadata={"description": "Stable snake_case code to switch on"})
    instance = fields.String()
    version = fields.Integer(metadata={"description": "The game's current version (conflicts)"})
    errors = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String()),
        metadata={"description": "Messages by field (validation errors)"},
    )


class HealthSchema(Schema):
    status = fields.String(metadata={"example": "ok"})
