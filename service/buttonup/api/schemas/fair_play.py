"""The fair-play figures of the API (docs/api.md, "Fair play"): a finished
rated game's exact review, a player's reviewed games summed, and a flag
with its evidence.

Tested in tests/contract/test_openapi.py, tests/e2e/test_fair_play_review.py.
"""

from marshmallow import fields, validate

from buttonup.api.schemas.shared import Document, doc, timestamp
from buttonup.games.flags import FlagStatus

SEAT_REVIEW_EXAMPLE = {
    "moves": 18,
    "mattered": 11,
    "perfect": 9,
    "accuracy": 81.8,
    "lost": 3,
    "largest": 2,
}


class SeatReviewSchema(Document):
    """One seat's moves of a finished game judged against perfect play
    (docs/api.md, "Fair play"): exact, from the solver."""

    moves = fields.Integer(**doc("The seat's moves", 18))
    mattered = fields.Integer(
        **doc("Of them, those whose choice mattered (the legal moves' values differ)", 11)
    )
    perfect = fields.Integer(**doc("Of those that mattered, the ones played perfectly", 9))
    accuracy = fields.Float(
        allow_none=True,
        **doc("`perfect` / `mattered` in percent, one decimal; null when no choice mattered", 81.8),
    )
    lost = fields.Integer(
        **doc(
            "Points given away in all: for each move, the position's perfect-play value "
            "before it minus after it, from the mover's side (0 for a perfect move)",
            3,
        )
    )
    largest = fields.Integer(**doc("The most points one move gave away", 2))


class GameReviewSchema(Document):
    """A finished rated game's exact review, by seat."""

    red = fields.Nested(SeatReviewSchema, **doc("Red's moves", SEAT_REVIEW_EXAMPLE))
    black = fields.Nested(SeatReviewSchema, **doc("Black's moves", SEAT_REVIEW_EXAMPLE))


class ReviewedSchema(SeatReviewSchema):
    """A player's last 50 reviewed rated games, their figures summed
    (docs/api.md, "Fair play")."""

    games = fields.Integer(**doc("The reviewed rated games summed (the last 50 at most)", 12))


FLAG_STATUSES = tuple(FlagStatus)


class FlagSchema(Document):
    """A fair-play flag and its evidence (docs/api.md, "Fair play"): shown to
    its player and to the operator, nobody else."""

    player_id = fields.String(**doc("The player flagged", "Yb2kQ0sNw4ZrT6hV8uXa"))
    status = fields.String(
        validate=validate.OneOf(FLAG_STATUSES),
        **doc(
            "`flagged` by the rule, then `confirmed` or `cleared` by an operator; off the "
            "leaderboards unless cleared",
            "flagged",
        ),
    )
    flagged_at = timestamp("When the rule raised it, RFC 3339 UTC")
    decided_at = timestamp("When an operator cleared or confirmed it", nullable=True)
    games = fields.Integer(**doc("The reviewed rated games looked at", 14))
    mattered = fields.Integer(**doc("Their moves whose choice mattered", 160))
    perfect = fields.Integer(**doc("Of those, the ones played perfectly", 158))
    share = fields.Float(allow_none=True, **doc("`perfect` / `mattered`", 0.9875))
    reference_share = fields.Float(
        **doc("The strongest honest reference player's perfect share", 0.86)
    )
    p_value = fields.Float(
        **doc("The binomial test's p-value of `perfect` of `mattered` at the reference", 1e-9)
    )
    significance = fields.Float(**doc("A flag's p-value is below this", 1e-6))


class FlagsSchema(Document):
    """A page of fair-play flags, oldest first."""

    items = fields.List(fields.Nested(FlagSchema), **doc("The flags", []))
    next = fields.String(
        allow_none=True, **doc("Pass back as `cursor` for the next page; null: the last", None)
    )


def game_review_field() -> fields.Nested:
    """The Game's `review`."""
    return fields.Nested(
        GameReviewSchema,
        allow_none=True,
        **doc(
            'A finished rated game\'s exact review (docs/api.md, "Fair play"), worked out '
            "as it ends; null for any other game, and for one whose review the fair-play "
            "gate kept back as it ended (a par tournament's, or a position a protected game "
            "stood at)",
            None,
        ),
    )
