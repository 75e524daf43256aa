"""The bodies of perfect play: a game's analysis and a position's.

Tested in tests/contract/test_openapi.py, tests/api/test_analysis.py.
"""

from marshmallow import fields

from buttonup.api.schemas.shared import Document, doc, player_color


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
        fields.Nested(RoundReviewSchema),
        **doc("Finished rounds after `after`, oldest first, `limit` at most", []),
    )
    review_next = fields.Integer(
        allow_none=True,
        **doc(
            "When more finished rounds follow this page: the round number to pass as "
            "`after` for the next; null when the review is whole",
            None,
        ),
    )
    review_withheld = fields.List(
        fields.Integer(),
        **doc(
            "This page's finished rounds left out of `review` by the fair-play gate: one "
            "of their positions, in any of its 18 forms, is one a protected game in play "
            "stands at or a running par tournament keeps. Ask again once it is over",
            [],
        ),
    )


class PositionAnalysisSchema(AnalysisSchema):
    """Exact perfect play from a position of no game: as a game's analysis, with
    the position analysed in place of the game's version, and no review."""

    class Meta:
        exclude = ("version",)

    position = fields.String(
        **doc("The position analysed (docs/notation.md)", "-.WW.W.R.R.R.B.B.B_r_0-0_15_1r")
    )
