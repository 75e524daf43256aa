"""Challenges: what a challenge takes and shows (challenges.model).

Tested in tests/e2e/test_challenges.py, tests/contract/test_openapi.py.
"""

from typing import Any

from marshmallow import ValidationError, fields, post_load, validate, validates_schema

from buttonup.challenges.model import (
    MAX_MESSAGE,
    SPEEDS,
    Accepts,
    ChallengeStatus,
    DeclineReason,
    NewChallenge,
)
from buttonup.kit import TARGET_SCORE_RANGE, Category, Color, Options, read_position
from buttonup.kit.http import (
    CATEGORIES,
    PLAYER_COLORS,
    RATING_CATEGORY,
    ClockRequestSchema,
    Described,
    Document,
    Ref,
    StrictBoolean,
    StrictInteger,
    doc,
    playable_position,
    position_field,
    timestamp_field,
)

# The spec's named types for a challenge's status and a decline's reason
# (one type each in the generated client: Routes' components).
DECLINE_REASON = {"$ref": "#/components/schemas/DeclineReason"}
CHALLENGE_STATUS = {"$ref": "#/components/schemas/ChallengeStatus"}
COMPONENTS = {
    "DeclineReason": {
        "type": "string",
        "enum": [reason.value for reason in DeclineReason],
        "description": "Why a challenge was declined",
    },
    "ChallengeStatus": {
        "type": "string",
        "enum": [status.value for status in ChallengeStatus],
        "description": "Where a challenge stands",
    },
}
BLITZ_EXAMPLE = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}
PLAYER_ID = validate.Regexp(r"^[A-Za-z0-9_-]{1,64}$", error="not a player id")
ID_EXAMPLE = "Hq2X0mXvYg3cS1pQ2a9e"


class ChallengeRequestSchema(Described):
    """A game offered to one player, or (`to` null) to any two by a link."""

    to = fields.String(
        allow_none=True,
        load_default=None,
        validate=PLAYER_ID,
        **doc("The player challenged; null: an open challenge, a link for two seats", "p1b2"),
    )
    clock = fields.Nested(
        ClockRequestSchema,
        allow_none=True,
        load_default=None,
        **doc(
            "The time control, as `create_game` takes it; null or absent: untimed", BLITZ_EXAMPLE
        ),
    )
    rated = StrictBoolean(
        load_default=False, **doc("Whether the game changes both players' ratings", False)
    )
    color = fields.String(
        load_default="random",
        validate=validate.OneOf([*PLAYER_COLORS, "random"]),
        **doc(
            "The maker's seat (an open challenge's: its first taker's); `random`: drawn",
            "random",
        ),
    )
    target_score = StrictInteger(
        validate=validate.Range(*TARGET_SCORE_RANGE),
        **doc("Points that win the game (a position's own by default)", 15),
    )
    position = position_field(
        "Start from this position (docs/notation.md), unrated only; someone to move",
        allow_none=True,
        load_default=None,
    )
    message = fields.String(
        load_default="",
        validate=validate.Length(max=MAX_MESSAGE),
        **doc("A short note the invitee reads", "A game?"),
    )
    for_ = fields.List(
        fields.String(validate=PLAYER_ID),
        data_key="for",
        validate=validate.Length(equal=2),
        **doc(
            "An open challenge's two players (different ones; only with `to` null), the only "
            "ones who may take it",
            ["p1", "p2"],
        ),
    )

    @validates_schema(pass_original=True)
    def _playable(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        named = data.get("for_")
        if named is not None and (data.get("to") is not None or named[0] == named[1]):
            raise ValidationError("`for`: two different players of an open challenge", "for")
        playable_position(data, original)

    @post_load
    def _new_challenge(self, data: dict[str, Any], **kwargs: Any) -> NewChallenge:
        position = data["position"]
        target = read_position(position).target if position else data.get("target_score")
        return NewChallenge(
            to=data["to"],
            clock=Options.from_plain({"clock": data["clock"]}).clock,
            rated=data["rated"],
            color=Color(data["color"]) if data["color"] != "random" else None,
            target_score=target,
            position=position,
            message=data["message"],
            named=tuple(data.get("for_") or ()),
        )


class DeclineRequestSchema(Described):
    """Why the challenge is declined."""

    reason = Ref(
        DECLINE_REASON,
        "One of the documented reasons; `generic` by default",
        "later",
        load_default=DeclineReason.GENERIC.value,
        validate=validate.OneOf([reason.value for reason in DeclineReason]),
    )


class ChallengeSchema(Document):
    """A challenge, as its players (and, an open one, anyone with its link) see it."""

    id = fields.String(**doc("The challenge's id", ID_EXAMPLE))
    from_ = fields.String(data_key="from", **doc("The maker's player id", "p1"))
    from_name = fields.String(allow_none=True, **doc("The maker's name, if given", "Ana"))
    to = fields.String(allow_none=True, **doc("The player challenged; null: open", "p2"))
    to_name = fields.String(allow_none=True, **doc("Their name, if given", "Bo"))
    for_ = fields.List(
        fields.String(), data_key="for", **doc("An open challenge's two players, if named", [])
    )
    takers = fields.List(
        fields.String(), **doc("An open challenge's players who took it so far", [])
    )
    status = Ref(CHALLENGE_STATUS, "Where it stands", "pending")
    category = Ref(RATING_CATEGORY, "The rating category of its clock", "blitz")
    clock = fields.Nested(
        ClockRequestSchema, allow_none=True, **doc("The time control; null: untimed", BLITZ_EXAMPLE)
    )
    rated = fields.Boolean(**doc("Whether its game is rated", False))
    color = fields.String(
        validate=validate.OneOf([*PLAYER_COLORS, "random"]),
        **doc("The maker's seat (an open one's: its first taker's)", "random"),
    )
    target_score = fields.Integer(**doc("Points that win its game", 15))
    position = fields.String(allow_none=True, **doc("The position it starts from; null", None))
    message = fields.String(**doc("The maker's note", "A game?"))
    created_at = timestamp_field("When it was made, RFC 3339 UTC")
    expires_at = timestamp_field(
        "When it lapses if nobody answers (a real-time one sooner, once its maker's stream closes)"
    )
    game_id = fields.String(allow_none=True, **doc("Its game, once accepted; null before", None))
    decline_reason = Ref(
        DECLINE_REASON, "Why it was declined; null unless it was", None, nullable=True
    )
    url = fields.String(**doc("The board's page of it (an open one's link)", "/?challenge=Hq2X"))


class MyChallengesSchema(Document):
    """A player's pending challenges, oldest first."""

    incoming = fields.List(fields.Nested(ChallengeSchema), **doc("Those made to them", []))
    outgoing = fields.List(fields.Nested(ChallengeSchema), **doc("Those they made", []))


class AcceptsSchema(Described):
    """What a player accepts: a challenge outside it is declined at once, with
    the reason that says what to send instead (`too_fast`, `too_slow` or
    `timecontrol`; `casual`, `rated`; `position`)."""

    categories = fields.List(
        Ref(RATING_CATEGORY, "A category", "blitz", validate=validate.OneOf(CATEGORIES)),
        validate=validate.Length(max=len(SPEEDS)),
        load_default=lambda: [category.value for category in SPEEDS],
        **doc("The rating categories of the clocks it accepts; all by default", ["blitz"]),
    )
    rated = StrictBoolean(load_default=True, **doc("Whether it accepts rated games", True))
    casual = StrictBoolean(load_default=True, **doc("Whether it accepts unrated games", True))
    positions = StrictBoolean(
        load_default=True, **doc("Whether it accepts games from a position", False)
    )

    @post_load
    def _accepts(self, data: dict[str, Any], **kwargs: Any) -> Accepts:
        return Accepts(
            frozenset(Category(c) for c in data["categories"]),
            data["rated"],
            data["casual"],
            data["positions"],
        )


class BlocksSchema(Document):
    """The players one blocks: their challenges are declined at once."""

    items = fields.List(fields.String(), **doc("Their ids", ["p3"]))
