"""What the request and response schemas share: the enums' values, the
spec's components, strict fields, examples and `Described`.

Tested in tests/contract/test_openapi.py, tests/api/test_codec.py.
"""

import inspect
from typing import Any, ClassVar

from marshmallow import Schema, ValidationError, fields

from buttonup.engine import (
    PLAYERS,
    BotLevel,
    Color,
    EndReason,
    SeatType,
    Status,
    Visibility,
)
from buttonup.engine.clock import (
    ClockType,
)
from buttonup.engine.names import HIDDEN_RANGES
from buttonup.engine.notation import Reason
from buttonup.engine.options import UnratedReason
from buttonup.engine.ratings import Category

COLORS = tuple(color.value for color in Color)
PLAYER_COLORS = tuple(color.value for color in PLAYERS)
SEAT_TYPES = [kind.value for kind in SeatType]
STATUSES = [status.value for status in Status]
VISIBILITIES = [visibility.value for visibility in Visibility]
END_REASONS = [reason.value for reason in EndReason]
UNRATED_REASONS = [reason.value for reason in UnratedReason]
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
UNRATED_REASON = {"$ref": "#/components/schemas/UnratedReason"}
RATING_CATEGORY = {"$ref": "#/components/schemas/RatingCategory"}
NOTATION_REASON = {"$ref": "#/components/schemas/NotationReason"}
CATEGORIES = [category.value for category in Category]
COMPONENTS = {
    "NotationReason": {
        "type": "string",
        "enum": [reason.value for reason in Reason],
        "description": "Why a record or a position is refused, as a code "
        "(docs/notation.md#reasons): the refusal's `detail` says it in English, with "
        "what was expected there",
        "example": "extra_turn_mark",
    },
    "RatingCategory": {
        "type": "string",
        "enum": CATEGORIES,
        "description": 'A rating category, by time control (docs/api.md, "Ratings"): '
        "`blitz`, `rapid` and `classical` Fischer clocks by their estimated length, "
        "`daily` (a clock per move), `untimed`",
        "example": "blitz",
    },
    "EndReason": {
        "type": "string",
        "enum": END_REASONS,
        "description": "How a game ended: `target_score` (a player reached it), "
        "`resignation`, `timeout` (a clock ran out), `abandoned` (the waiting player "
        "claimed it) or `aborted` (no winner, no score changed)",
        "example": "target_score",
    },
    "UnratedReason": {
        "type": "string",
        "enum": UNRATED_REASONS,
        "description": "Why a game created rated is played unrated: `pair_limit` (its two "
        "players had started as many rated games with each other in 24 hours as allowed) "
        "or `rated_game_in_progress` (paired while one of them had another real-time rated "
        "game in play)",
        "example": "pair_limit",
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


# A name's characters as a pattern (engine.names says the rule): none hidden,
# not only spaces. The pattern names the hidden characters of the Basic
# Multilingual Plane; the few beyond it (tag characters, some format
# characters) are refused by the rule itself, as the description says.
_NOT_PRINTABLE = "".join(
    f"\\u{low:04x}-\\u{high:04x}" if high > low else f"\\u{low:04x}"
    for low, high in HIDDEN_RANGES
    if high <= 0xFFFF and not 0xD800 <= low <= 0xDFFF
)
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


class Described(Schema):
    """A schema whose docstring becomes its description in the spec."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # apispec reads the description from Meta; the class's own options stay.
        own = cls.__dict__.get("Meta", object)
        meta = type("Meta", (own,), {"description": inspect.cleandoc(cls.__doc__ or "")})
        setattr(cls, "Meta", meta)  # noqa: B010 (a class attribute typed by marshmallow)


class Document(Described):
    """A response body: every field is always present (null where allowed),
    so the spec marks them required, except those named in OPTIONAL."""

    OPTIONAL: ClassVar[frozenset[str]] = frozenset()

    def on_bind_field(self, field_name: str, field_obj: fields.Field) -> None:
        field_obj.required = field_name not in self.OPTIONAL


class TallySchema(Document):
    """A number for each player."""

    red = fields.Integer(**doc("Red's value", 11))
    black = fields.Integer(**doc("Black's value", 21))


def tally_field(description: str, example: dict[str, int]) -> fields.Nested:
    return fields.Nested(TallySchema, **doc(description, example))


class RefusedPosition(str):
    """A position's refusal as a field's message (its English text), with
    where and why as data: the 422 lifts `line`, `column` and `reason` (a
    code of docs/notation.md#reasons) beside `errors`, for a reader to say
    it in its own words."""

    reason: str
    line: int
    column: int

    def __new__(cls, text: str, reason: str, line: int, column: int) -> "RefusedPosition":
        refused = super().__new__(cls, text)
        refused.reason, refused.line, refused.column = reason, line, column
        return refused
