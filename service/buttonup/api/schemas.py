"""Marshmallow schemas: request bodies (strict: unknown fields and loose types
are refused) and the documented shape of every response. Every field carries
a description and an example, which the published spec shows."""

import inspect
from typing import Any, ClassVar

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from buttonup.engine import (
    PLAYERS,
    BotLevel,
    Color,
    EndReason,
    Options,
    SeatType,
    Status,
    Visibility,
)
from buttonup.engine.clock import (
    FISCHER_INCREMENT_SECONDS,
    FISCHER_INITIAL_SECONDS,
    PER_MOVE_SECONDS,
    ClockType,
)
from buttonup.engine.rules import DEFAULT_TARGET_SCORE
from buttonup.games import NewGame
from buttonup.http_codes import PROBLEM_CODES

COLORS = tuple(color.value for color in Color)
PLAYER_COLORS = tuple(color.value for color in PLAYERS)
SEAT_TYPES = [kind.value for kind in SeatType]
STATUSES = [status.value for status in Status]
VISIBILITIES = [visibility.value for visibility in Visibility]
END_REASONS = [reason.value for reason in EndReason]
CLOCK_TYPES = [kind.value for kind in ClockType]
CIRCLE_EXAMPLE = [["white"], ["red"], ["black"], ["red", "white"], [], ["black"], [], [], []]
FINAL_STACK_EXAMPLE = ["red", "white", "red", "black", "white", "white", "red", "black", "black"]
TIME_EXAMPLE = "2026-11-29T16:00:00.000Z"
GAME_ID_EXAMPLE = "q7Xb0mXvYg3cS1pQ2a9e"


PLAYER_COLOR = {"$ref": "#/components/schemas/PlayerColor"}
BUTTON_COLOR = {"$ref": "#/components/schemas/ButtonColor"}
BOT_LEVEL = {"$ref": "#/components/schemas/BotLevel"}
BOT_LEVELS = tuple(level.value for level in BotLevel)
END_REASON = {"$ref": "#/components/schemas/EndReason"}
COMPONENTS = {
    "EndReason": {
        "type": "string",
        "enum": END_REASONS,
        "description": "How a game ended: `target_score` (a player reached it), "
        "`resignation`, `timeout` (a clock ran out), `abandoned` (the waiting player "
        "claimed it) or `aborted` (no winner, no score changed)",
        "example": "target_score",
    },
    "BotLevel": {
        "type": "string",
        "enum": list(BOT_LEVELS),
        "description": "`random`: a uniform legal move. `greedy`: one move deep (an extra "
        "turn if on offer, else the best immediate standing). `perfect`: a move that "
        "maximises the final round margin under perfect play",
        "example": "perfect",
    },
    "PlayerColor": {
        "type": "string",
        "enum": list(PLAYER_COLORS),
        "description": "A player's colour, which is also the name of their seat",
        "example": "red",
    },
    "ButtonColor": {
        "type": "string",
        "enum": list(COLORS),
        "description": "A button's colour: white buttons are the neutral spies",
        "example": "white",
    },
}


def doc(description: str, example: Any) -> dict[str, Any]:
    return {"metadata": {"description": description, "example": example}}


def timestamp(description: str, *, nullable: bool = False) -> fields.String:
    """An instant as the codec writes it: RFC 3339, UTC, milliseconds."""
    return fields.String(
        allow_none=nullable,
        metadata={"description": description, "example": TIME_EXAMPLE, "format": "date-time"},
    )


class Ref(fields.String):
    """A string documented by a shared component (PlayerColor, ButtonColor),
    so that clients get one type for it rather than one per field. Registered
    with no OpenAPI type of its own."""

    def __init__(
        self,
        component: dict[str, str],
        description: str,
        example: Any,
        *,
        nullable: bool = False,
        **kwargs: Any,
    ) -> None:
        schema = {"anyOf": [component, {"type": "null"}]} if nullable else {"allOf": [component]}
        super().__init__(
            allow_none=nullable,
            metadata={**schema, "description": description, "example": example},
            **kwargs,
        )


class StrictInteger(fields.Integer):
    """A JSON integer and nothing else: no "1", no true, no 1.5. As in JSON
    Schema, 1.0 is the integer 1."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid")
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return super()._deserialize(value, attr, data, **kwargs)


class StrictBoolean(fields.Boolean):
    """JSON true or false: no "true", no 1."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


def _unicode_text(value: str) -> None:
    # JSON can spell a lone surrogate, which is no character at all.
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValidationError("must be valid Unicode text") from None


# Printable: no control characters, and not only spaces.
_NOT_PRINTABLE = "\\u0000-\\u001f\\u007f-\\u009f"
NAME_PATTERN = f"^[^{_NOT_PRINTABLE}]*[^\\s{_NOT_PRINTABLE}][^{_NOT_PRINTABLE}]*$"


def _is_player_color(value: str) -> None:
    # A plain function, not OneOf: the spec takes the choices from PlayerColor.
    if value not in PLAYER_COLORS:
        raise ValidationError("Must be one of: red, black.")


def player_color(description: str, example: str | None = "red", **kwargs: Any) -> Ref:
    return Ref(PLAYER_COLOR, description, example, **kwargs)


def button_colors(description: str, example: list[str]) -> fields.List:
    return fields.List(Ref(BUTTON_COLOR, "A button", "white"), **doc(description, example))


def circle_field(description: str) -> fields.List:
    return fields.List(
        fields.List(Ref(BUTTON_COLOR, "A button", "white")),
        **doc(description, CIRCLE_EXAMPLE),
    )


def tally_field(description: str, example: dict[str, int]) -> fields.Nested:
    return fields.Nested(TallySchema, **doc(description, example))


class Described(Schema):
    """A schema whose docstring becomes its description in the spec."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # apispec reads the description from Meta; marshmallow options are unaffected.
        cls.Meta = type("Meta", (), {"description": inspect.cleandoc(cls.__doc__ or "")})


# Requests


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
        validate=validate.Range(1, 100),
        **doc("Points that win the game", DEFAULT_TARGET_SCORE),
    )
    first_player = fields.String(
        load_default="random",
        validate=validate.OneOf([*PLAYER_COLORS, "random"]),
        **doc("Who starts the first round; `random` draws it", "random"),
    )
    seed = StrictInteger(
        validate=validate.Range(-(2**63), 2**63 - 1),
        **doc("Makes every random draw of the game reproducible", 42),
    )
    visibility = fields.String(
        load_default=Visibility.PRIVATE.value,
        validate=validate.OneOf(VISIBILITIES),
        **doc("`public` games are listed in the lobby while a seat is open", "private"),
    )
    hints = StrictBoolean(
        load_default=True,
        **doc(
            "Whether `/analysis` answers while the game is in play (always once it is "
            "over); players who agree to play without hints create the game with false",
            True,
        ),
    )
    players = fields.Nested(
        PlayersRequestSchema,
        **doc("The seats; both human by default", {"red": {"type": "human"}}),
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

    @post_load
    def _new_game(self, data: dict[str, Any], **kwargs: Any) -> NewGame:
        """The game to make: every other field is one of its options."""
        seats = data.pop("players", {})
        if data.get("first_player") == "random":
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
    name = fields.String(
        validate=[
            validate.Length(1, 40),
            validate.Regexp(NAME_PATTERN, error="must be printable, not only spaces"),
            _unicode_text,
        ],
        **doc("Shown to the opponent: 1 to 40 printable characters", "Ana"),
    )


class EmptyRequestSchema(Described):
    """No fields: send no body, or `{}`."""


class CreatePlayerSchema(Described):
    """Who the player is: every field is optional."""

    name = fields.String(
        validate=[
            validate.Length(1, 40),
            validate.Regexp(NAME_PATTERN, error="must be printable, not only spaces"),
            _unicode_text,
        ],
        **doc("Shown to opponents: 1 to 40 printable characters", "Ana"),
    )


class LobbyQuerySchema(Described):
    """Which page of the lobby."""

    status = fields.String(
        load_default=Status.WAITING.value,
        validate=validate.OneOf([Status.WAITING.value]),
        **doc("Only `waiting` (a public game with an open seat) for now", "waiting"),
    )
    limit = fields.Integer(
        load_default=20, validate=validate.Range(1, 100), **doc("Games per page", 20)
    )
    cursor = fields.String(
        **doc(
            "From the previous page's `next`; any other value is refused", "MTc2NDQzMjAwMDAwMDphYmM"
        )
    )


class MovesQuerySchema(Described):
    """Which moves: all of them, or a page."""

    limit = fields.Integer(
        validate=validate.Range(1, 100),
        **doc("Moves per page (default 20 once paging)", 20),
    )
    cursor = fields.String(
        **doc("From the previous page's `Next-Cursor` header; any other value is refused", "MjA")
    )
    after = fields.Integer(
        validate=validate.Range(0, 10**9),
        **doc("Start after this move number (instead of a cursor)", 16),
    )


class PlayMoveSchema(Described):
    """A move: the position of a stack holding a white button."""

    position = StrictInteger(
        required=True,
        validate=validate.Range(0, 8),
        **doc("Position 0..8 (clockwise) of the stack to sow", 4),
    )


# Responses


class Document(Described):
    """A response body: every field is always present (null where allowed),
    so the spec marks them required, except those named in OPTIONAL."""

    OPTIONAL: ClassVar[frozenset[str]] = frozenset()

    def on_bind_field(self, field_name: str, field_obj: fields.Field) -> None:
        field_obj.required = field_name not in self.OPTIONAL


class PlayerSchema(Document):
    """A seat of a game."""

    type = fields.String(validate=validate.OneOf(SEAT_TYPES), **doc("`human` or `bot`", "human"))
    name = fields.String(allow_none=True, **doc("The player's name, if given", "Ana"))
    joined = fields.Boolean(**doc("Whether the seat is taken", True))
    level = Ref(BOT_LEVEL, "A bot's level; null for humans", None, nullable=True)
    player_id = fields.String(
        allow_none=True,
        **doc("The player who holds the seat (joined with a player key); null otherwise", None),
    )


class PlayersSchema(Document):
    """Both seats."""

    red = fields.Nested(
        PlayerSchema,
        **doc("The red seat", {"type": "human", "name": "Ana", "joined": True, "level": None}),
    )
    black = fields.Nested(
        PlayerSchema,
        **doc("The black seat", {"type": "human", "name": None, "joined": False, "level": None}),
    )


class TallySchema(Document):
    """A number for each player."""

    red = fields.Integer(**doc("Red's value", 11))
    black = fields.Integer(**doc("Black's value", 21))


class RoundSchema(Document):
    """The round in play, or the last one when the game is finished."""

    number = fields.Integer(**doc("Round number, from 1", 1))
    starting_player = player_color("Who moved first in this round")
    to_move = player_color("Who moves next; null while waiting or finished", nullable=True)
    initial_circle = circle_field("The deal: 9 stacks of one button each")
    circle = circle_field("9 stacks, index = position, each bottom first; [] is empty")
    legal_moves = fields.List(
        fields.Integer(),
        **doc("Positions the player to move may play: the stacks holding a white button", [0, 3]),
    )
    moves_played = fields.Integer(**doc("Moves played in this round (8 end it)", 2))


class RoundResultSchema(Document):
    """A finished round."""

    number = fields.Integer(**doc("Round number", 1))
    starting_player = player_color("Who moved first in the round")
    initial_circle = circle_field("The deal")
    final_stack = button_colors("The last stack, bottom first: heights 1..9", FINAL_STACK_EXAMPLE)
    strength = tally_field("Sum of heights of each player's buttons", {"red": 11, "black": 21})
    points = tally_field("Points scored: the difference, to the stronger", {"red": 0, "black": 10})


class ClockSchema(Document):
    """A game's clock: its settings (`initial_seconds` and `increment_seconds`
    for `fischer`, `seconds` for `per_move`) and where it stands."""

    OPTIONAL = frozenset({"initial_seconds", "increment_seconds", "seconds"})

    type = fields.String(validate=validate.OneOf(CLOCK_TYPES), **doc("The kind", "fischer"))
    initial_seconds = fields.Integer(**doc("fischer: each player's bank at the start", 180))
    increment_seconds = fields.Integer(**doc("fischer: added after each of one's moves", 2))
    seconds = fields.Integer(**doc("per_move: the time of every turn", 86_400))
    remaining_ms = tally_field(
        "Each player's time left, as of the game's `updated_at`", {"red": 171_250, "black": 180_000}
    )
    running = player_color("Whose clock runs (null: none)", "black", nullable=True)
    deadline = timestamp(
        "When the running clock reaches zero (null: none runs); compare "
        "with the `Date` header for the client's own clock",
        nullable=True,
    )


class SeatPresenceSchema(Document):
    """Whether a seat has a stream open."""

    connected = fields.Boolean(**doc("A stream with the seat's credential is open", True))
    since = timestamp(
        "When it last became connected or disconnected (null: never connected)",
        nullable=True,
    )


class PresenceSchema(Document):
    """Who is connected, by seat: right within 5 s, across workers and replicas."""

    red = fields.Nested(SeatPresenceSchema, **doc("The red seat", {"connected": True}))
    black = fields.Nested(SeatPresenceSchema, **doc("The black seat", {"connected": False}))


class RematchSchema(Document):
    """A rematch asked for after the end."""

    offered_by = fields.List(
        Ref(PLAYER_COLOR, "A seat", "red"),
        **doc("The seats that asked for one, in the order they asked", ["red"]),
    )
    game_id = fields.String(
        allow_none=True,
        **doc("The next game, once both seats asked (null until then)", None),
    )


class RematchOfferSchema(Document):
    """A rematch offered, waiting for the other seat."""

    offered_by = fields.List(
        Ref(PLAYER_COLOR, "A seat", "red"),
        **doc("The seats that asked for one so far", ["red"]),
    )


class GameSchema(Document):
    """A game of Button Up!"""

    id = fields.String(**doc("The game's id", GAME_ID_EXAMPLE))
    status = fields.String(
        validate=validate.OneOf(STATUSES),
        **doc("`waiting` for a seat, `playing`, or `finished`", "playing"),
    )
    version = fields.Integer(**doc("Grows by one with every change; the ETag", 3))
    created_at = timestamp("RFC 3339 UTC")
    updated_at = timestamp("RFC 3339 UTC, the last change")
    visibility = fields.String(
        validate=validate.OneOf(VISIBILITIES), **doc("Lobby visibility", "private")
    )
    hints = fields.Boolean(**doc("Whether analysis answers while the game is in play", True))
    target_score = fields.Integer(**doc("Points that win the game", 15))
    players = fields.Nested(
        PlayersSchema,
        **doc(
            "The two seats",
            {
                "red": {"type": "human", "name": "Ana", "joined": True, "level": None},
                "black": {"type": "human", "name": "Bo", "joined": True, "level": None},
            },
        ),
    )
    score = tally_field("Points so far", {"red": 0, "black": 10})
    winner = player_color("The winner once finished, else null", nullable=True)
    resigned = player_color("Who resigned, if anyone", None, nullable=True)
    end_reason = Ref(END_REASON, "How it ended; null until finished", None, nullable=True)
    clock = fields.Nested(
        ClockSchema,
        allow_none=True,
        **doc(
            "Null when untimed",
            {
                "type": "fischer",
                "initial_seconds": 180,
                "increment_seconds": 2,
                "remaining_ms": {"red": 171_250, "black": 180_000},
                "running": "black",
                "deadline": TIME_EXAMPLE,
            },
        ),
    )
    round = fields.Nested(
        RoundSchema,
        **doc(
            "The round in play",
            {
                "number": 1,
                "starting_player": "red",
                "to_move": "black",
                "initial_circle": [["white"]] * 3 + [["red"]] * 3 + [["black"]] * 3,
                "circle": [[], ["white", "white"], ["white"]] + [["red"]] * 3 + [["black"]] * 3,
                "legal_moves": [1, 2],
                "moves_played": 1,
            },
        ),
    )
    rounds = fields.List(fields.Nested(RoundResultSchema), **doc("Finished rounds", []))
    rematch = fields.Nested(
        RematchSchema,
        allow_none=True,
        **doc("Null until a seat asks for a rematch of the finished game", None),
    )


MOVE_EXAMPLE = {
    "number": 1,
    "round": 1,
    "player": "red",
    "position": 0,
    "extra_turn": True,
    "overflow": False,
    "round_over": False,
    "created_at": TIME_EXAMPLE,
}


class MoveSchema(Document):
    """One move of the game."""

    number = fields.Integer(**doc("Counts moves over the whole game, from 1", 1))
    round = fields.Integer(**doc("The round it was played in", 1))
    player = player_color("Who played it")
    position = fields.Integer(**doc("The position sown", 0))
    extra_turn = fields.Boolean(
        **doc(
            "The last button sown covered one of its own colour (never after an overflow "
            "or the round's last move): the same player moves again",
            True,
        )
    )
    overflow = fields.Boolean(
        **doc(
            "More buttons were lifted than there were other stacks: each other stack got "
            "one and the last one took the rest",
            False,
        )
    )
    round_over = fields.Boolean(**doc("The move ended the round", False))
    created_at = timestamp("RFC 3339 UTC")


class JoinedSchema(Document):
    """A seat taken: keep the token, it is shown only here."""

    color = player_color("The seat taken")
    token = fields.String(
        **doc(
            "Bearer token of this seat; shown once", "3q2-7vVn0kY0n4mYw1bq0g2yVJ8rTQ9mI9b4xJmA8sE"
        )
    )
    bot_moves = fields.List(
        fields.Nested(MoveSchema), **doc("Moves a bot played once the game started", [])
    )
    game = fields.Nested(GameSchema, **doc("The game after joining", {"id": GAME_ID_EXAMPLE}))


class PlayedSchema(Document):
    """A move applied, and the moves bots played in reply."""

    move = fields.Nested(MoveSchema, **doc("The move", MOVE_EXAMPLE))
    bot_moves = fields.List(
        fields.Nested(MoveSchema), **doc("Moves bots played after it, in order", [])
    )
    game = fields.Nested(
        GameSchema, **doc("The game after the move and the bots' replies", {"id": GAME_ID_EXAMPLE})
    )


class MoveMarginSchema(Document):
    """A legal move and where it leads under perfect play."""

    position = fields.Integer(**doc("The position", 3))
    margin = fields.Integer(
        **doc("Final margin (to_move's strength minus the other's) after this move", -2)
    )


class MoveReviewSchema(Document):
    """A move of a finished round, against the best move at that point."""

    number = fields.Integer(**doc("The move's number in the game", 9))
    player = player_color("Who played it")
    position = fields.Integer(**doc("The position played", 3))
    margin = fields.Integer(**doc("Where it led under perfect play, from the mover's side", 1))
    best_margin = fields.Integer(**doc("Where the best move would have led", 3))
    loss = fields.Integer(**doc("best_margin - margin: 0 for a best move", 2))


class RoundReviewSchema(Document):
    """A finished round, reviewed move by move."""

    number = fields.Integer(**doc("Round number", 1))
    starting_player = player_color("Who moved first in the round")
    opening_value = fields.Integer(
        **doc("Perfect-play margin of the deal, from the starter's side", 1)
    )
    final_margin = fields.Integer(**doc("The margin actually played, from the starter's side", -4))
    moves = fields.List(fields.Nested(MoveReviewSchema), **doc("Its eight moves", []))


class AnalysisSchema(Document):
    """Exact perfect play for the round in place, and a review of finished rounds."""

    version = fields.Integer(**doc("The game version analysed", 7))
    round = fields.Integer(**doc("The round analysed: in play, or the last one", 2))
    to_move = player_color("Who moves; null when the round is over", "black", nullable=True)
    value = fields.Integer(
        **doc(
            "Perfect-play final margin from to_move's side; when the round is over, the "
            "margin played from its starter's side (0 for a round cut short)",
            -2,
        )
    )
    moves = fields.List(
        fields.Nested(MoveMarginSchema),
        **doc("Each legal move and its margin", [{"position": 3, "margin": -2}]),
    )
    best = fields.List(fields.Integer(), **doc("The positions with the best margin", [3]))
    review = fields.List(
        fields.Nested(RoundReviewSchema), **doc("Each finished round, oldest first", [])
    )


class ProblemSchema(Document):
    """An RFC 9457 problem: every error the service sends."""

    OPTIONAL = frozenset({"version", "errors", "retry_after_seconds"})

    type = fields.String(
        **doc("A URI naming the problem type", "urn:buttonup:problem:not_your_turn")
    )
    title = fields.String(**doc("Short summary of the problem type", "Not your turn"))
    status = fields.Integer(**doc("The HTTP status", 409))
    detail = fields.String(**doc("What went wrong, for people", "it is black's turn"))
    code = fields.String(
        validate=validate.OneOf(list(PROBLEM_CODES)),
        **doc("Stable snake_case code for programs: branch on this", "not_your_turn"),
    )
    instance = fields.String(**doc("The request path", "/v1/games/q7Xb0mXvYg3cS1pQ2a9e/moves"))
    version = fields.Integer(**doc("The game's current version (conflicts)", 3))
    errors = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String()),
        **doc("Messages by field (validation errors)", {"position": ["Not a valid integer."]}),
    )
    retry_after_seconds = fields.Integer(
        **doc("claim_not_allowed: when the claim would be allowed, if nothing changes", 42)
    )


class MyGamesQuerySchema(Described):
    """Which of the player's games, a page at a time."""

    status = fields.String(
        validate=validate.OneOf(STATUSES),
        **doc("Only games in this status; by default every game not finished", "playing"),
    )
    limit = fields.Integer(
        load_default=20, validate=validate.Range(1, 100), **doc("Games per page", 20)
    )
    cursor = fields.String(
        validate=validate.Length(1, 200),
        **doc("`next` of the page before", "b2Zmc2V0OjIw"),
    )


class MyGameSchema(Document):
    """One of the player's games, from the player's side."""

    id = fields.String(**doc("The game's id", GAME_ID_EXAMPLE))
    status = fields.String(validate=validate.OneOf(STATUSES), **doc("The game's status", "playing"))
    color = player_color("The player's seat")
    my_turn = fields.Boolean(**doc("The game is playing and it is the player's move", True))
    deadline = timestamp(
        "When the running clock runs out (null: untimed, or none runs)",
        nullable=True,
    )
    opponent = fields.Nested(
        PlayerSchema,
        **doc("The other seat", {"type": "human", "name": "Bo", "joined": True, "level": None}),
    )
    score = tally_field("Points so far", {"red": 0, "black": 10})
    winner = player_color("The winner once finished, else null", None, nullable=True)
    end_reason = Ref(END_REASON, "How it ended; null until finished", None, nullable=True)
    updated_at = timestamp("RFC 3339 UTC, the last change")


class MyGamesPageSchema(Document):
    """A page of the player's games."""

    items = fields.List(fields.Nested(MyGameSchema), **doc("The games", []))
    next = fields.String(allow_none=True, **doc("Cursor of the next page; null on the last", None))


class MeSchema(Document):
    """A player, as the player's own key reads it."""

    id = fields.String(**doc("The player's id", "Yb2kQ0sNw4ZrT6hV8uXa"))
    name = fields.String(allow_none=True, **doc("The player's name, if given", "Ana"))
    created_at = timestamp("RFC 3339 UTC")


class NewPlayerSchema(MeSchema):
    """A new player and its key, which no other answer shows again."""

    key = fields.String(
        **doc(
            "The player's secret key (over 128 bits): send it as `Authorization: Bearer` "
            "to join games as this player and wherever a seat's token works",
            "Yb2kQ0sNw4ZrT6hV8uXa.Zk1...",
        )
    )


class GameSummarySchema(Document):
    """A game in the lobby."""

    id = fields.String(**doc("The game's id", GAME_ID_EXAMPLE))
    created_at = timestamp("RFC 3339 UTC")
    target_score = fields.Integer(**doc("Points that win the game", 15))
    open_seats = fields.List(
        Ref(PLAYER_COLOR, "A seat", "black"), **doc("Seats to take", ["black"])
    )
    players = fields.Nested(
        PlayersSchema,
        **doc(
            "The two seats",
            {
                "red": {"type": "human", "name": "Ana", "joined": True, "level": None},
                "black": {"type": "human", "name": None, "joined": False, "level": None},
            },
        ),
    )


class LobbyPageSchema(Document):
    """A page of the lobby."""

    items = fields.List(fields.Nested(GameSummarySchema), **doc("Newest first", []))
    next = fields.String(allow_none=True, **doc("Cursor of the next page; null on the last", None))


class HealthSchema(Document):
    """A probe's answer."""

    status = fields.String(**doc("Always `ok` when the probe passes", "ok"))
