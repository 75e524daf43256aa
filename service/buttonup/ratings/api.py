"""The ratings wing's routes: a player's public profile and rating history
(/v1/players/{id}, documented with the players' operations), and the
leaderboards (/v1/leaderboards/{category})."""

from typing import cast

from flask import Response, current_app
from werkzeug.exceptions import NotFound

from buttonup.kit import Category
from buttonup.kit.http import (
    ALWAYS,
    CATEGORIES,
    RATING_CATEGORY,
    READ_503,
    ApiBlueprint,
    ApiView,
    id_parameter,
    json_response,
    operation,
    reviewed_view,
    to_json,
)
from buttonup.ratings import MANIFEST
from buttonup.ratings import schemas as rating_schemas
from buttonup.ratings.service import Ratings
from buttonup.ratings.views import leaderboard_view, profile_view, rating_history_view

EXTENSION = MANIFEST.extension  # where the app keeps its use cases

PLAYER_ID = id_parameter(
    "player_id",
    "The player's id (`id` of `create_player`, `player_id` on a seat)",
    "Yb2kQ0sNw4ZrT6hV8uXa",
)
CATEGORY = {
    "in": "path",
    "name": "category",
    "required": True,
    "description": 'A rating category (docs/api.md, "Ratings")',
    "schema": RATING_CATEGORY,
    "example": "blitz",
}

# A player's public pages sit beside /v1/players/me, among the players' operations.
blp = ApiBlueprint("leaderboards", __name__, url_prefix="/v1", description="Ratings")
PLAYERS_TAG = ["players"]


def ratings() -> Ratings:
    return cast(Ratings, current_app.extensions[EXTENSION])


@blp.route("/players/<player_id>", parameters=[PLAYER_ID], tags=PLAYERS_TAG)
class Profile(ApiView):
    @blp.response(200, rating_schemas.ProfileSchema)
    @operation(
        blp,
        "get_player",
        "A player's profile",
        "A player as anyone may see them: name, ratings in each category, counts of "
        "rated games, and their last 50 reviewed rated games' figures summed (`review`: "
        'docs/api.md, "Fair play"). Never a key, nor a fair-play flag.',
        errors=(*ALWAYS, 404, 503),
        codes={404: ("player_not_found",), 503: READ_503},
    )
    def get(self, player_id: str) -> Response:
        player = ratings().profile(player_id)
        reviewed = reviewed_view(*ratings().reviewed(player_id))
        return json_response(to_json({**profile_view(player), "review": reviewed}))


@blp.route("/players/<player_id>/ratings", parameters=[PLAYER_ID], tags=PLAYERS_TAG)
class RatingHistory(ApiView):
    @blp.arguments(rating_schemas.RatingHistoryQuerySchema(), location="query", as_kwargs=True)
    @blp.response(200, rating_schemas.RatingHistorySchema)
    @operation(
        blp,
        "get_rating_history",
        "A player's rating history",
        "The player's rated games, oldest first (the newest 1,000), each with the rating "
        "it left: for a chart of the rating over time.",
        errors=(*ALWAYS, 404, 422, 503),
        codes={404: ("player_not_found",), 422: ("validation_error",), 503: READ_503},
    )
    def get(self, player_id: str, category: str | None = None) -> Response:
        wanted = Category(category) if category is not None else None
        return json_response(to_json(rating_history_view(ratings().history(player_id, wanted))))


@blp.route("/leaderboards/<category>", parameters=[CATEGORY])
class Leaderboard(ApiView):
    @blp.arguments(rating_schemas.LeaderboardQuerySchema(), location="query", as_kwargs=True)
    @blp.response(200, rating_schemas.LeaderboardSchema)
    @operation(
        blp,
        "get_leaderboard",
        "A leaderboard",
        "The category's best players by rating, best first: only those whose rating is "
        "not provisional, and none the fair-play rule flagged (unless an operator cleared "
        "them). Kept as ratings change, so reading it is cheap.",
        errors=(*ALWAYS, 404, 422, 503),
        codes={404: ("not_found",), 422: ("validation_error",), 503: READ_503},
    )
    def get(self, category: str, limit: int) -> Response:
        if category not in CATEGORIES:
            raise NotFound(f"no category {category!r}: one of {', '.join(CATEGORIES)}")
        chosen = Category(category)
        return json_response(
            to_json(leaderboard_view(chosen, ratings().leaderboard(chosen, limit)))
        )
