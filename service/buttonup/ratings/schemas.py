"""The documented shape of the ratings wing's pages: a profile, a rating
history and a leaderboard.

Tested in tests/ratings/test_api.py, tests/contract/test_openapi.py.
"""

from marshmallow import fields, validate

from buttonup.kit.http import (
    CATEGORIES,
    RATING_CATEGORY,
    Described,
    Document,
    Ref,
    ReviewedSchema,
    doc,
    ratings_field,
    timestamp_field,
)


class CountsSchema(Document):
    """What a player has played, rated."""

    rated = fields.Integer(**doc("Rated games finished", 12))
    wins = fields.Integer(**doc("Rated games won", 7))
    losses = fields.Integer(**doc("Rated games lost", 5))


class ProfileSchema(Document):
    """A player as anyone sees them: never their key."""

    id = fields.String(**doc("The player's id", "Yb2kQ0sNw4ZrT6hV8uXa"))
    name = fields.String(allow_none=True, **doc("The player's name, if given", "Ana"))
    created_at = timestamp_field("RFC 3339 UTC")
    bot = fields.Boolean(**doc("Whether the player is a bot account (a program)", False))
    ratings = ratings_field("The player's rating in each category")
    counts = fields.Nested(CountsSchema, **doc("Rated games", {"rated": 0, "wins": 0, "losses": 0}))
    review = fields.Nested(
        ReviewedSchema,
        **doc(
            'The last 50 reviewed rated games\' exact review, summed (docs/api.md, "Fair play")',
            {
                "games": 0,
                "moves": 0,
                "mattered": 0,
                "perfect": 0,
                "accuracy": None,
                "lost": 0,
                "largest": 0,
            },
        ),
    )


class RatedGameSchema(Document):
    """A rated game in a player's history, and the rating it left."""

    game_id = fields.String(**doc("The game", "q7Xb0mXvYg3cS1pQ2a9e"))
    category = Ref(RATING_CATEGORY, "Its category", "blitz")
    ended_at = timestamp_field("When it ended, RFC 3339 UTC")
    won = fields.Boolean(**doc("Whether the player won it", True))
    rating = fields.Integer(**doc("The player's rating after it, rounded", 1662))
    deviation = fields.Integer(**doc("Its deviation after it, rounded", 290))


class RatingHistorySchema(Document):
    """A player's rated games, oldest first (up to the newest 1,000)."""

    items = fields.List(fields.Nested(RatedGameSchema), **doc("The games", []))


class LeaderSchema(Document):
    """A place on a leaderboard."""

    rank = fields.Integer(**doc("From 1", 1))
    player_id = fields.String(**doc("The player's id", "Yb2kQ0sNw4ZrT6hV8uXa"))
    name = fields.String(allow_none=True, **doc("The player's name, if given", "Ana"))
    rating = fields.Integer(**doc("The rating, rounded", 1874))
    deviation = fields.Integer(**doc("Its deviation, rounded", 64))
    games = fields.Integer(**doc("Rated games played in the category", 41))


class LeaderboardSchema(Document):
    """A category's best players, not provisional, best first."""

    category = Ref(RATING_CATEGORY, "The category", "blitz")
    items = fields.List(fields.Nested(LeaderSchema), **doc("Best first", []))


class RatingHistoryQuerySchema(Described):
    """Which of the player's rated games."""

    category = Ref(
        RATING_CATEGORY,
        "Only games in this category; by default every category",
        "blitz",
        validate=validate.OneOf(CATEGORIES),
    )


class LeaderboardQuerySchema(Described):
    """How many of the best."""

    limit = fields.Integer(
        load_default=50, validate=validate.Range(1, 200), **doc("Players to list", 50)
    )
