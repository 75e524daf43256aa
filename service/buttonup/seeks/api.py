"""The seeks wing's routes, /v1/seeks: play anyone now. A player's seek
waits while their stream is open, or is paired at once into a new game
(seeks.service).

Tested in tests/e2e/test_seeks.py, tests/e2e/test_client_seeks.py.
"""

from typing import Any, cast

from flask import Response, current_app

from buttonup.kit.http import (
    ALWAYS,
    IDEMPOTENCY_KEY,
    READ_503,
    WITH_BODY,
    WRITE_503,
    ApiBlueprint,
    ApiView,
    bearer_token,
    decode_ordered_cursor,
    encode_cursor,
    id_parameter,
    idempotency,
    json_response,
    operation,
    to_json,
)
from buttonup.seeks import MANIFEST, schemas
from buttonup.seeks.service import Seeks
from buttonup.seeks.views import open_seeks_view, seek_placed_view

SEEK_ID = id_parameter("seek_id", "The seek's id, from `create_seek`", "Hq2X0mXvYg3cS1pQ2a9e")

blp = ApiBlueprint("seeks", __name__, url_prefix="/v1/seeks", description="Play anyone now")
EXTENSION = MANIFEST.extension  # where the app keeps its use cases


def seeks() -> Seeks:
    return cast(Seeks, current_app.extensions[EXTENSION])


@blp.route("")
class SeekCollection(ApiView):
    @blp.arguments(schemas.SeekRequestSchema())
    @blp.response(201, schemas.SeekPlacedSchema)
    @operation(
        blp,
        "create_seek",
        "Play anyone now",
        "Seek a game with this clock, rated or not, against anyone whose seek suits it "
        "(the same clock and `rated`, each rating within the other's `rating_range`, "
        "colours that do not clash). If one is waiting, the two are paired at once into a "
        "new private game with both seats taken for their players: each hears `game_start` "
        "on their own stream (`stream_my_events`), with their seat's token. Otherwise the "
        "seek waits, for as long as the player's stream stays open and read (nobody is "
        "paired with it once the stream closes), so open the stream first (409 "
        "`stream_required`). A player has "
        "one seek per rating category: a second replaces the first; once paired, all their "
        "seeks are gone. A rated seek by a player who holds as many rated games in play of "
        "its kind as one may is 409 `rated_game_in_progress`. With an `Idempotency-Key` "
        "(the player's own), a retry gets the first answer (the game that request paired "
        "the seek into, or null) and places nothing again. A bot account plays "
        "challenges, not seeks: 403 `bots_not_allowed`. `answers` names one waiting seek "
        "to pair with (a lobby's tap): 404 `seek_not_found` when it is gone or does not "
        "suit, nothing placed.",
        errors=(*WITH_BODY, 401, 403, 404, 409, 422, 503),
        codes={
            403: ("bots_not_allowed",),
            404: ("seek_not_found",),
            409: ("stream_required", "rated_game_in_progress"),
            422: ("validation_error", "idempotency_key_reused"),
            503: WRITE_503,
        },
        parameters=(IDEMPOTENCY_KEY,),
        secured=True,
    )
    def post(self, args: Any) -> Response:
        placed = seeks().seek(bearer_token(), args, idempotency())
        return json_response(to_json(seek_placed_view(placed)), 201)

    @blp.arguments(schemas.SeeksQuerySchema(), location="query", as_kwargs=True)
    @blp.response(200, schemas.OpenSeeksSchema)
    @operation(
        blp,
        "list_seeks",
        "Seeks waiting",
        "The seeks waiting for an opponent, oldest first, for a lobby: each by the "
        "seeker's name and rating alone; `category` for one rating category's; `limit` "
        "at a time (1..100, 50 by default), `next` passed back as `cursor` for the page "
        "after.",
        errors=(*ALWAYS, 422, 503),
        codes={422: ("validation_error",), 503: READ_503},
    )
    def get(self, limit: int, category: str | None = None, cursor: str | None = None) -> Response:
        after = decode_ordered_cursor(cursor, "cursor") if cursor is not None else None
        waiting, following = seeks().open(category, limit, after)
        view = open_seeks_view(waiting)
        view["next"] = encode_cursor(following) if following is not None else None
        return json_response(to_json(view))


@blp.route("/<seek_id>", parameters=[SEEK_ID])
class SeekItem(ApiView):
    @blp.response(204)
    @operation(
        blp,
        "cancel_seek",
        "Stop seeking",
        "The player's own seek, out of the pool. 404 `seek_not_found` when it is not "
        "theirs or not waiting (paired already, or gone with their stream).",
        errors=(*ALWAYS, 401, 404, 503),
        codes={404: ("seek_not_found",), 503: WRITE_503},
        secured=True,
    )
    def delete(self, seek_id: str) -> Response:
        seeks().cancel(bearer_token(), seek_id)
        return Response(status=204)
