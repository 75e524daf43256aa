"""/v1/games/{id}/analysis: exact perfect play and a review of finished rounds."""

from flask import Response, current_app
from flask_smorest import Blueprint

from buttonup.api import schemas
from buttonup.api.codec import analysis_text
from buttonup.api.docs import ALWAYS, GAME_ID, READ_503, operation
from buttonup.api.http import ApiView, json_response
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
        return json_response(analysis_text(games.analysis(game_id)))
