"""Perfect play: a game's analysis (/v1/games/{id}/analysis), and any
position's, without a game (/v1/analysis)."""

from typing import Any

from flask import Response, current_app
from flask_smorest import Blueprint

from buttonup.api import schemas
from buttonup.api.codec import analysis_text, position_analysis_text
from buttonup.api.docs import ALWAYS, GAME_ID, READ_503, WITH_BODY, operation
from buttonup.api.http import ApiBlueprint, ApiView, bearer_token, json_response
from buttonup.engine.notation import write_position
from buttonup.games import Games

blp = Blueprint("analysis", __name__, url_prefix="/v1/games", description="Perfect play")
positions = ApiBlueprint(
    "positions", __name__, url_prefix="/v1/analysis", description="Perfect play"
)


def games() -> Games:
    return current_app.extensions["buttonup.games"]


@blp.route("/<game_id>/analysis", parameters=[GAME_ID])
class Analysis(ApiView):
    @blp.arguments(schemas.AnalysisQuerySchema(), location="query", as_kwargs=True)
    @blp.response(200, schemas.AnalysisSchema)
    @operation(
        blp,
        "get_analysis",
        "Analyse a game",
        "Exact perfect play for the round in play (or the last round once the game is "
        "finished): each legal move's final margin and the best moves. `review` goes over "
        "the finished rounds, 20 at most per request: the value of each deal and, for each "
        "move played, what it gave up against the best move; `review_next`, when more "
        "follow, is the `after` that asks for the next page. Anyone with the id may read it. "
        "The fair-play gate is asked about the round in place and every reviewed move's "
        "position: the round in place at a position a protected game in play stands at "
        "or a running par tournament keeps, in any of its 18 forms, or any game asked "
        "for by a player (key or seat token) seated in a protected game in play, is 403 "
        "`position_in_play`; a finished round with such a position is left out of "
        "`review` alone and its number listed in `review_withheld`.",
        errors=(*ALWAYS, 403, 404, 409, 422, 503),
        codes={
            403: ("hints_disabled", "position_in_play"),
            404: ("game_not_found",),
            409: ("game_not_in_progress",),
            422: ("validation_error",),
            503: READ_503,
        },
        secured=None,
    )
    def get(self, game_id: str, after: int, limit: int) -> Response:
        analysis = games().analysis(game_id, after, limit, bearer_token())
        return json_response(analysis_text(analysis))


@positions.route("")
class PositionAnalysis(ApiView):
    @positions.arguments(schemas.PositionAnalysisRequestSchema())
    @positions.response(200, schemas.PositionAnalysisSchema)
    @operation(
        positions,
        "analyse_position",
        "Analyse a position",
        "Exact perfect play from any position (docs/notation.md), without a game: each "
        "legal move's final margin for the round and the best moves, as a game's "
        "analysis answers them (no review). A position that does not read, or that no "
        "play reaches, is 422 `validation_error` with the reason. The fair-play gate "
        "refuses (403 `position_in_play`) the position a protected game in play (rated, "
        "without hints, or a tournament's) stands at, or a running par tournament keeps, "
        "in any of its 18 forms (the circle turned, the colours swapped: docs/notation.md), "
        "until that game moves on or ends; and any position asked for by a player (key or "
        "seat token) seated in a protected game in play. Answers are the same every time "
        "and are kept: asking again costs nothing.",
        errors=(*WITH_BODY, 403, 422, 503),
        codes={403: ("position_in_play",), 422: ("validation_error",), 503: READ_503},
        secured=None,
    )
    def post(self, args: dict[str, Any]) -> Response:
        position = args["position"]
        analysis = games().analyse_position(position, bearer_token())
        return json_response(position_analysis_text(write_position(position.state(None)), analysis))
