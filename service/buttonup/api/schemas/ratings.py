"""The documented shape of a rating and a player's ratings (engine.ratings),
as a player, a seat and a seek show them; the ratings wing documents its
own pages (ratings.schemas).

Tested in tests/contract/test_openapi.py, tests/api/test_players.py.
"""

from marshmallow import fields

from buttonup.api.schemas.shared import CATEGORIES, Document, doc
from buttonup.engine.ratings import PROVISIONAL_DEVIATION

RATING_EXAMPLE = {"rating": 1500, "deviation": 350, "provisional": True, "games": 0}


class RatingSchema(Document):
    """A Glicko-2 rating in one category."""

    rating = fields.Integer(**doc("The rating, rounded (1500 to start)", 1500))
    deviation = fields.Integer(**doc("How uncertain it is, rounded (350 to start)", 350))
    provisional = fields.Boolean(
        **doc(
            f"The deviation is over {PROVISIONAL_DEVIATION:.0f}: too few games to say much "
            "(shown with a `?`, kept off leaderboards)",
            True,
        )
    )
    games = fields.Integer(**doc("Rated games played in the category", 0))


# One field per category, as engine.ratings names them.
RatingsSchema = type(
    "RatingsSchema",
    (Document,),
    {
        "__doc__": 'A player\'s rating in each category (docs/api.md, "Ratings").',
        **{
            category: fields.Nested(RatingSchema, **doc(f"The `{category}` rating", RATING_EXAMPLE))
            for category in CATEGORIES
        },
    },
)


def ratings_field(description: str) -> fields.Nested:
    return fields.Nested(
        RatingsSchema, **doc(description, {category: RATING_EXAMPLE for category in CATEGORIES})
    )
