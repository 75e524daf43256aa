"""/v1/games/{id}/analysis: exact perfect play and a review of finished rounds."""

from typing import Any

from flask import Response, current_app
from flask_smorest import Blueprint

from buttonup.api import schemas
from buttonup.api.codec import to_json
from buttonup.api.docs import ALWAYS, GAME_ID, READ_503, operation
from buttonup.api.http import ApiView, json_response
from buttonup.engine.analysis import RoundReview
from buttonup.games import Games

blp = Blueprint("analysis", __name__, url_prefix="/v1/games", description="Perfect play")


@blp.route("/<game_id>/analysis", parameters=[GAME_ID])
class Analysis(ApiView):
    @blp.response(200, schemas.AnalysisSchema)
    @operation(
        blp,
        "get_analysis",
        "Analyse a game",
        "Exact perfect play for the round in play (or the last round once the game is "
        "finished): each legal move's final margin and the best moves. `review` goes over "
        "every finished round: the value of its deal and, for each move played, what it "
        "gave up against the best move. Anyone with the id may read it.",
        errors=(*ALWAYS, 403, 404, 409, 503),
        codes={404: ("game_not_found",), 409: ("game_not_in_progress",), 503: READ_503},
    )
    def get(self, game_id: str) -> Response:
        games: Games = current_app.extensions["buttonup.games"]
        analysis = games.analysis(game_id)
        position = analysis.position
        body = {
            "version": analysis.match.version,
            "round": position.round,
            "to_move": position.to_move,
            "value": position.value,
            "moves": [{"position": p, "margin": m} for p, m in sorted(position.margins.items())],
            "best": position.best,
            "review": [review_view(review) for review in analysis.reviews],
        }
        return json_response(to_json(body))


def review_view(review: RoundReview) -> dict[str, Any]:
    return {
        "number": review.number,
        "starting_player": review.starting_player,
        "opening_value": review.opening_value,
        "final_margin": review.final_margin,
        "moves": [
            {
                "number": move.number,
                "player": move.player,
                "position": move.position,
                "margin": move.margin,
                "best_margin": move.best_margin,
                "loss": move.loss,
            }
            for move in review.moves
        ],
    }
