"""Games as text (docs/notation.md): a game's record, and a record imported
as a game for review."""

from flask import Response, g, url_for

from buttonup.api.docs import ALWAYS, GAME_ID, READ_503, WITH_BODY, WRITE_503, operation
from buttonup.api.games import codec, games
from buttonup.api.http import ApiBlueprint, ApiView, bearer_token, json_response

TEXT = "text/plain; charset=utf-8"
# A whole game to 3 points, as docs/notation.md shows it (a test imports it).
RECORD_EXAMPLE = (
    '[Red "Ana"]\n[Black "Bo"]\n[Date "2026-12-05"]\n[Target "3"]\n[Seed "8"]\n'
    '[Result "red"]\n[End "target_score"]\n\n'
    "1. r BWRRWBWBR 1 2+ 4+ 5 6+ 7 0 3 = RWBBWRRWB 14-16 0-2\n"
    "2. r BBRWRWRWB 3 4 5 6 0 2+ 7 8 = BBRRRBWWW 12-9 3-2\n"
)
RECORD_CONTENT = {
    "text/plain": {
        "schema": {"type": "string", "description": "A game record (docs/notation.md)"},
        "example": RECORD_EXAMPLE,
    }
}
blp = ApiBlueprint("records", __name__, url_prefix="/v1/games", description="Records")


def text_response(body: str) -> Response:
    return Response(body, status=200, content_type=TEXT)


@blp.route("/<game_id>/record", parameters=[GAME_ID])
class GameRecord(ApiView):
    @operation(
        blp,
        "get_record",
        "Read a game's record",
        "The game as a record (docs/notation.md): tags, then a line for each round with "
        "its deal, its moves and its result. A game in play is written up to its last "
        "move, with `Result` `*`. Written one way only: importing it and reading the "
        "record again gives the same bytes. Anyone with the id may read it; it holds no "
        "token or key.",
        errors=(*ALWAYS, 404, 503),
        codes={404: ("game_not_found",), 503: READ_503},
        responses={200: {"description": "The record", "content": RECORD_CONTENT}},
    )
    def get(self, game_id: str) -> Response:
        return text_response(games().record(game_id))


# The operation's body, documented by hand: flask-smorest documents JSON bodies.
IMPORT_BODY = {"required": True, "content": RECORD_CONTENT}
# Views that take a text body (api.check_json_body lets it through as g.text_body).
TEXT_BODY_ENDPOINTS = frozenset({"records.GameImport"})


@blp.route("/import")
class GameImport(ApiView):
    @blp.doc(requestBody=IMPORT_BODY)
    @operation(
        blp,
        "import_game",
        "Import a game",
        "Makes a private, finished game of a record (`text/plain`, docs/notation.md) for "
        "review: its moves, events, analysis and record as any game's; nobody holds its "
        "seats. The record is read strictly and every move is played: the first thing "
        "wrong is 422 `invalid_record` with its `line`, `column` and `reason`. Only a game "
        "that is over is imported (its `Result` is not `*`). A body over the size limit "
        "is 413. A record that passes through a position the fair-play gate keeps (a "
        "protected game in play stands there, or a running par tournament keeps it, in any "
        "of its forms), or sent by a player seated in a protected game in play, is 403 "
        "`position_in_play`.",
        errors=(*WITH_BODY, 403, 422, 503),
        codes={
            403: ("position_in_play",),
            415: ("unsupported_media_type",),
            422: ("invalid_record",),
            503: WRITE_503,
        },
        secured=None,
        responses={
            201: {
                "description": "The game made",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Game"}}},
                "headers": {
                    "Location": {"description": "The new game's URL", "schema": {"type": "string"}}
                },
            }
        },
    )
    def post(self) -> Response:
        outcome = games().import_record(g.text_body, bearer_token())
        location = url_for("games.Game", game_id=outcome.match.id)
        return json_response(codec().created(outcome), 201, {"Location": location})
