"""Seeks: what "play anyone now" takes and shows (seeks.model).

Tested in tests/e2e/test_seeks.py, tests/contract/test_openapi.py.
"""

from typing import Any

from marshmallow import fields, post_load, validate

from buttonup.kit import Color, Options
from buttonup.kit.http import (
    CATEGORIES,
    PLAYER_COLOR,
    PLAYER_COLORS,
    RATING_CATEGORY,
    RATING_EXAMPLE,
    ClockRequestSchema,
    Described,
    Document,
    Ref,
    StrictBoolean,
    StrictInteger,
    doc,
    next_cursor,
    page_limit,
    timestamp_field,
)
from buttonup.seeks.model import NewSeek

BLITZ_EXAMPLE = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}
RATING_LIMITS = (0, 4000)


class SeekRequestSchema(Described):
    """A game against anyone now: the time control, rated or not, and what
    opponent and colour it takes."""

    clock = fields.Nested(
        ClockRequestSchema,
        allow_none=True,
        load_default=None,
        **doc(
            "The time control, as `create_game` takes it; null or absent: untimed. Only a "
            "seek with the same clock (and the same `rated`) is paired with it",
            BLITZ_EXAMPLE,
        ),
    )
    rated = StrictBoolean(
        load_default=False, **doc("Whether the game changes both players' ratings", False)
    )
    rating_range = fields.List(
        StrictInteger(validate=validate.Range(*RATING_LIMITS)),
        validate=validate.Length(equal=2),
        **doc(
            "`[lowest, highest]` (in either order): the opponents' ratings (in the clock's "
            "category) it accepts; absent: anyone",
            [1400, 1700],
        ),
    )
    color = fields.String(
        load_default="random",
        validate=validate.OneOf([*PLAYER_COLORS, "random"]),
        **doc("The colour to play; `random`: either", "random"),
    )
    answers = fields.String(
        load_default=None,
        validate=validate.Length(1, 64),
        **doc(
            "The id of a waiting seek (from `list_seeks`) to answer: paired with that one "
            "alone, or 404 `seek_not_found` when it is gone or does not suit this seek (its "
            "clock, `rated`, colour or rating range), and nothing is placed",
            "Hq2X0mXvYg3cS1pQ2a9e",
        ),
    )

    @post_load
    def _new_seek(self, data: dict[str, Any], **kwargs: Any) -> NewSeek:
        low_high = data.get("rating_range")
        return NewSeek(
            clock=Options.from_plain({"clock": data["clock"]}).clock,
            rated=data["rated"],
            rating_range=(min(low_high), max(low_high)) if low_high is not None else None,
            color=Color(data["color"]) if data["color"] != "random" else None,
            answers=data.get("answers"),
        )


class SeekPlacedSchema(Document):
    """A seek made. When it was paired at once, `game_id` names the game (and
    the player's stream sends `game_start` with the seat's token)."""

    id = fields.String(**doc("The seek's id (for `cancel_seek`)", "Hq2X0mXvYg3cS1pQ2a9e"))
    game_id = fields.String(
        allow_none=True, **doc("The game it was paired into at once; null: it waits", None)
    )


class OpenSeekSchema(Document):
    """A seek waiting, as the lobby shows it: who by name and rating only."""

    id = fields.String(**doc("The seek's id", "Hq2X0mXvYg3cS1pQ2a9e"))
    name = fields.String(allow_none=True, **doc("The seeker's name, if given", "Ana"))
    rating = fields.Integer(**doc("The seeker's rating in the category, rounded", 1500))
    provisional = fields.Boolean(**doc("Whether that rating is provisional", True))
    category = Ref(RATING_CATEGORY, "The rating category of its clock", "blitz")
    clock = fields.Nested(
        ClockRequestSchema, allow_none=True, **doc("The time control; null: untimed", BLITZ_EXAMPLE)
    )
    rated = fields.Boolean(**doc("Whether it is for a rated game", False))
    rating_range = fields.List(
        fields.Integer(),
        allow_none=True,
        **doc("The opponents' ratings it accepts; null: anyone", None),
    )
    color = Ref(PLAYER_COLOR, "The colour it asks for; null: either", None, nullable=True)
    created_at = timestamp_field("When it was made, RFC 3339 UTC")


class OpenSeeksSchema(Document):
    """A page of the seeks waiting, oldest first."""

    next = fields.String(
        allow_none=True, **doc("Pass as `cursor` for the following page; null on the last", None)
    )

    items = fields.List(
        fields.Nested(OpenSeekSchema),
        **doc(
            "The seeks",
            [
                {
                    "id": "Hq2X0mXvYg3cS1pQ2a9e",
                    "name": "Ana",
                    "rating": RATING_EXAMPLE["rating"],
                    "provisional": True,
                    "category": "blitz",
                    "clock": BLITZ_EXAMPLE,
                    "rated": False,
                    "rating_range": None,
                    "color": None,
                    "created_at": "2026-11-29T16:00:00.000Z",
                }
            ],
        ),
    )


class SeeksQuerySchema(Described):
    """Which page of the seeks waiting."""

    category = fields.String(
        validate=validate.OneOf(CATEGORIES),
        **doc("Only the seeks of this rating category; all of them by default", "blitz"),
    )
    limit = page_limit(50, "Seeks")
    cursor = next_cursor("MTc2NDQzMjAwMDAwMDpI")
