"""A player as their own key reads them: when made (with the key, shown
once), and later (with their fair-play flag, which only they see).

Tested in tests/api/test_players.py.
"""

from marshmallow import fields

from buttonup.api.schemas.fair_play import FlagSchema
from buttonup.api.schemas.ratings import ratings_field
from buttonup.api.schemas.shared import Document, doc, timestamp


class MeSchema(Document):
    """A player, as the player's own key reads it."""

    id = fields.String(**doc("The player's id", "Yb2kQ0sNw4ZrT6hV8uXa"))
    name = fields.String(allow_none=True, **doc("The player's name, if given", "Ana"))
    created_at = timestamp("RFC 3339 UTC")
    bot = fields.Boolean(
        **doc("Whether the player is a bot account (`become_bot`): a program", False)
    )
    ratings = ratings_field("The player's rating in each category")


class NewPlayerSchema(MeSchema):
    """A new player and its key, which no other answer shows again."""

    key = fields.String(
        **doc(
            "The player's secret key (over 128 bits): send it as `Authorization: Bearer` "
            "to join games as this player and wherever a seat's token works",
            "Yb2kQ0sNw4ZrT6hV8uXa.Zk1...",
        )
    )


class MyPlayerSchema(MeSchema):
    """A player as their own key reads them: with their fair-play flag, if any."""

    fair_play = fields.Nested(
        FlagSchema,
        allow_none=True,
        **doc("The player's fair-play flag, which only they and the operator see", None),
    )
