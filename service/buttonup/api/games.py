"""/v1/games: create, read, join, play, list moves, resign, abort, claim
victory, presence, rematch."""

import base64
import json
import re
from typing import Any

from flask import Response, current_app, g, request, url_for
from werkzeug.routing import BaseConverter

from buttonup.api import schemas
from buttonup.api.codec import Codec, lobby_text, presence_view, rematch_offered_text, to_json
from buttonup.api.docs import (
    ALWAYS,
    GAME_ID,
    IDEMPOTENCY_KEY,
    IF_MATCH,
    IF_NONE_MATCH,
    READ_503,
    UNSCOPED_IDEMPOTENCY_KEY,
    WITH_BODY,
    WRITE_503,
    operation,
)
from buttonup.api.http import (
    ApiBlueprint,
    ApiView,
    InvalidParameter,
    bearer_token,
    etag,
    header,
    idempotency_key,
    if_none_match_hits,
    json_response,
    parse_if_match,
)
from buttonup.engine import Color
from buttonup.games import Games, Idempotency, NewGame, RematchOffered

blp = ApiBlueprint("games", __name__, url_prefix="/v1/games", description="Games and their moves")

PAGE_HEADERS = {
    "Next-Cursor": {
        "description": "Cursor of the next page, when paging",
        "schema": {"type": "string"},
    },
    "Link": {
        "description": 'The next page\'s URL with rel="next", when paging',
        "schema": {"type": "string"},
    },
}
ETAG_HEADER = {
    "ETag": {"description": 'The game version, e.g. `"7"`', "schema": {"type": "string"}}
}
LOCATION_HEADER = {"Location": {"description": "The new game's URL", "schema": {"type": "string"}}}


# Cursors are opaque to clients (base64url of these texts), and only the
# shapes the service writes are read back: anything else is 422.
_MOVES_CURSOR = re.compile(r"^(0|[1-9][0-9]{0,8}):$")  # the index of the next move
# The lobby's and the seeks': the score of the last item listed (when it was
# made) and its id.
_ORDERED_CURSOR = re.compile(r"^((?:0|[1-9][0-9]{0,16})(?:\.[0-9]{1,6})?):([A-Za-z0-9_-]{1,64})$")


def encode_cursor(position: tuple[float, str]) -> str:
    """Opaque to clients: where the next page starts."""
    score = position[0]
    number = str(int(score)) if float(score).is_integer() else repr(score)
    text = f"{number}:{position[1]}"
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def cursor_text(cursor: str, name: str) -> str:
    try:
        if len(cursor) > 200:
            raise ValueError(cursor)
        return base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode("ascii")
    except (ValueError, UnicodeDecodeError):
        raise InvalidParameter(name, "is not a cursor this service gave") from None


def decode_moves_cursor(cursor: str, name: str) -> int:
    found = _MOVES_CURSOR.match(cursor_text(cursor, name))
    if found is None:
        raise InvalidParameter(name, "is not a cursor this service gave")
    return int(found.group(1))


def decode_ordered_cursor(cursor: str, name: str) -> tuple[float, str]:
    found = _ORDERED_CURSOR.match(cursor_text(cursor, name))
    if found is None:
        raise InvalidParameter(name, "is not a cursor this service gave")
    return float(found.group(1)), found.group(2)


def games() -> Games:
    return current_app.extensions["buttonup.games"]


def codec() -> Codec:
    return current_app.extensions["buttonup.codec"]


def idempotency() -> Idempotency | None:
    """The request's Idempotency-Key, with the request it must repeat: its
    method, its route and the route's parameters (the game), and its body."""
    key = idempotency_key()
    if key is None:
        return None
    body = g.get("json_body")  # parsed before the view (api.check_json_body)
    canonical_body = json.dumps(body if body is not None else {}, sort_keys=True)
    rule = request.url_rule.rule if request.url_rule is not None else request.path
    whole = json.dumps([request.method, rule, request.view_args or {}], sort_keys=True)
    return Idempotency(key=key, request=f"{whole}\n{canonical_body}", body=canonical_body)


@blp.route("")
class GameCollection(ApiView):
    @blp.arguments(schemas.LobbyQuerySchema(), location="query", as_kwargs=True)
    @blp.response(200, schemas.LobbyPageSchema)
    @operation(
        blp,
        "list_games",
        "List the lobby",
        "Public games with an open seat, newest first, a page at a time: pass `next` "
        "back as `cursor` for the following page. A game leaves the list when its seats "
        "fill or it expires.",
        errors=(*ALWAYS, 422, 503),
        codes={422: ("validation_error",), 503: READ_503},
    )
    def get(self, status: str, limit: int, cursor: str | None = None) -> Response:
        page = games().lobby(
            limit, decode_ordered_cursor(cursor, "cursor") if cursor is not None else None
        )
        following = encode_cursor(page.next_after) if page.next_after else None
        return json_response(lobby_text(page, following))

    @blp.arguments(schemas.CreateGameSchema(), required=False)
    @blp.response(201, schemas.GameSchema, headers=LOCATION_HEADER)
    @operation(
        blp,
        "create_game",
        "Create a game",
        "Deals the first round and opens both seats. With an `Idempotency-Key`, a retry "
        "with the same body returns the first answer and creates nothing more; the key is "
        "the player's own when a player key is sent as `Authorization: Bearer`, global "
        "otherwise (use random keys: a UUID). A rated game with a bot seat is 409 "
        "`rated_needs_players`. A game from a `position` the fair-play gate keeps (a "
        "protected game in play stands there, or a running par tournament keeps it, in any "
        "of its 18 forms), or asked for by a player seated in a protected game in play, is "
        "403 `position_in_play`; a perfect bot asks the gate before each move and, where "
        "it refuses, plays the greedy bot's move.",
        errors=(*WITH_BODY, 401, 403, 409, 422, 503),
        codes={403: ("position_in_play",), 409: ("rated_needs_players",), 503: WRITE_503},
        parameters=(UNSCOPED_IDEMPOTENCY_KEY,),
        secured=None,
    )
    def post(self, new: NewGame) -> Response:
        outcome = games().create(new, idempotency(), bearer_token())
        location = url_for("games.Game", game_id=outcome.match.id)
        return json_response(codec().created(outcome), 201, {"Location": location})


class GameIdConverter(BaseConverter):
    """A game's id in a path: any segment but `import`, which names
    POST /v1/games/import (api.records), not a game."""

    regex = r"(?!import$)[^/]+"


@blp.route("/<game_id:game_id>", parameters=[GAME_ID])
class Game(ApiView):
    @blp.response(200, schemas.GameSchema, headers=ETAG_HEADER)
    @operation(
        blp,
        "get_game",
        "Read a game",
        "Anyone with the id may read it. `ETag` is the version; send it back in "
        "`If-None-Match` to get 304 while nothing changed.",
        errors=(*ALWAYS, 404, 503),
        codes={404: ("game_not_found",), 503: READ_503},
        parameters=(IF_NONE_MATCH,),
        responses={304: {"description": "Not modified", "headers": ETAG_HEADER}},
    )
    def get(self, game_id: str) -> Response:
        match = games().get(game_id)
        tag = {"ETag": etag(match.version)}
        if if_none_match_hits(header("If-None-Match"), match.version):
            return Response(status=304, headers=tag)
        return json_response(codec().game_text(match), 200, tag)


@blp.route("/<game_id>/players", parameters=[GAME_ID])
class Players(ApiView):
    @blp.arguments(schemas.JoinGameSchema(), required=False)
    @blp.response(201, schemas.JoinedSchema)
    @operation(
        blp,
        "join_game",
        "Take a seat",
        "Takes the requested seat, or the first open one (red before black), and answers "
        "with the seat's bearer token, which no other response contains. The game starts "
        "once no seat is open. With an `Idempotency-Key` (scoped to the game), a retry "
        "answers the same seat and token: keep the key as secret as the token. With a "
        "player key as `Authorization: Bearer`, the seat is that player's (`player_id`), "
        "named as the player unless `name` is given, and the key works for it as its "
        "token does (any other bearer is ignored here; an unknown player key is 401).",
        errors=(*WITH_BODY, 401, 404, 409, 422, 503),
        codes={404: ("game_not_found",), 409: ("seat_taken", "game_full"), 503: WRITE_503},
        parameters=(UNSCOPED_IDEMPOTENCY_KEY,),
        secured=None,
    )
    def post(self, args: dict[str, Any], game_id: str) -> Response:
        color = Color(args["color"]) if "color" in args else None
        seated = games().join(
            game_id, color, args.get("name"), idempotency(), credential=bearer_token()
        )
        return json_response(codec().seated(seated), 201)


@blp.route("/<game_id>/moves", parameters=[GAME_ID])
class Moves(ApiView):
    @blp.arguments(schemas.MovesQuerySchema(), location="query", as_kwargs=True)
    @blp.response(200, schemas.MoveSchema(many=True), headers=PAGE_HEADERS)
    @operation(
        blp,
        "list_moves",
        "List the moves",
        "Every move of the game, oldest first, numbered over the whole game from 1. With "
        "`limit`, `cursor` or `after`, a page of them: the `Next-Cursor` header (and a "
        '`Link: <...>; rel="next"`) names the next page and is absent on the last.',
        errors=(*ALWAYS, 404, 422, 503),
        codes={404: ("game_not_found",), 422: ("validation_error",), 503: READ_503},
    )
    def get(
        self,
        game_id: str,
        limit: int | None = None,
        cursor: str | None = None,
        after: int | None = None,
    ) -> Response:
        if limit is None and cursor is None and after is None:
            return json_response(codec().moves(games().moves(game_id)[0]))
        if cursor is not None and after is not None:
            raise InvalidParameter("after", "give either cursor or after, not both")
        start = decode_moves_cursor(cursor, "cursor") if cursor is not None else (after or 0)
        count = limit or 20
        moves, more = games().moves(game_id, start, count)
        body = codec().moves(moves)
        headers = {}
        if more:
            following = encode_cursor((start + count, ""))
            headers["Next-Cursor"] = following
            url = url_for("games.Moves", game_id=game_id, cursor=following, limit=count)
            headers["Link"] = f'<{url}>; rel="next"'
        return json_response(body, headers=headers)

    @blp.arguments(schemas.PlayMoveSchema())
    @blp.response(201, schemas.PlayedSchema)
    @operation(
        blp,
        "play_move",
        "Play a move",
        "Sows the stack at `position` for the player whose token is given. `If-Match` "
        "applies it only at that version; `Idempotency-Key` makes retries safe.",
        errors=(*WITH_BODY, 401, 404, 409, 412, 422, 503),
        codes={
            404: ("game_not_found",),
            409: ("not_your_turn", "illegal_move", "game_not_in_progress", "version_conflict"),
            503: WRITE_503,
        },
        parameters=(IF_MATCH, IDEMPOTENCY_KEY),
        secured=True,
    )
    def post(self, args: dict[str, Any], game_id: str) -> Response:
        outcome = games().play(
            game_id,
            bearer_token(),
            args["position"],
            if_match=parse_if_match(header("If-Match")),
            idempotency=idempotency(),
        )
        return json_response(codec().played(outcome), 201)


@blp.route("/<game_id>/resign", parameters=[GAME_ID])
class Resign(ApiView):
    @blp.arguments(schemas.EmptyRequestSchema(), required=False)
    @blp.response(200, schemas.GameSchema)
    @operation(
        blp,
        "resign_game",
        "Resign",
        "The token's player gives up; the other colour wins and the game is finished. "
        "`Idempotency-Key` makes retries safe.",
        errors=(*WITH_BODY, 401, 404, 409, 422, 503),
        codes={
            404: ("game_not_found",),
            409: ("game_not_in_progress", "version_conflict"),
            503: WRITE_503,
        },
        parameters=(IDEMPOTENCY_KEY,),
        secured=True,
    )
    def post(self, _: dict[str, Any], game_id: str) -> Response:
        outcome = games().resign(game_id, bearer_token(), idempotency())
        return json_response(codec().game_text(outcome.match))


@blp.route("/<game_id>/berserk", parameters=[GAME_ID])
class Berserk(ApiView):
    @blp.arguments(schemas.EmptyRequestSchema(), required=False)
    @blp.response(200, schemas.GameSchema)
    @operation(
        blp,
        "berserk_game",
        "Go berserk",
        "Before the token's player's first move, in a game that allows it (an arena's: the "
        "seat is in `clock.berserk_open`): half the initial time comes off their clock and "
        "they get no increment for the rest of the game; a win so played scores more in the "
        "arena (docs/tournaments.md). Once only, and never after one's first move: 409 "
        "`berserk_not_allowed`. `Idempotency-Key` makes retries safe.",
        errors=(*WITH_BODY, 401, 404, 409, 422, 503),
        codes={
            404: ("game_not_found",),
            409: ("berserk_not_allowed", "game_not_in_progress", "version_conflict"),
            503: WRITE_503,
        },
        parameters=(IDEMPOTENCY_KEY,),
        secured=True,
    )
    def post(self, _: dict[str, Any], game_id: str) -> Response:
        outcome = games().berserk(game_id, bearer_token(), idempotency())
        return json_response(codec().game_text(outcome.match))


@blp.route("/<game_id>/abort", parameters=[GAME_ID])
class Abort(ApiView):
    @blp.arguments(schemas.EmptyRequestSchema(), required=False)
    @blp.response(200, schemas.GameSchema)
    @operation(
        blp,
        "abort_game",
        "Abort",
        "Either seat calls the game off before its first move: it is `finished` with "
        "`end_reason: aborted`, no winner and no score changed. After the first move, 409 "
        "`abort_not_allowed`. `Idempotency-Key` makes retries safe.",
        errors=(*WITH_BODY, 401, 404, 409, 422, 503),
        codes={
            404: ("game_not_found",),
            409: ("abort_not_allowed", "game_not_in_progress", "version_conflict"),
            503: WRITE_503,
        },
        parameters=(IDEMPOTENCY_KEY,),
        secured=True,
    )
    def post(self, _: dict[str, Any], game_id: str) -> Response:
        outcome = games().abort(game_id, bearer_token(), idempotency())
        return json_response(codec().game_text(outcome.match))


@blp.route("/<game_id>/claim-victory", parameters=[GAME_ID])
class ClaimVictory(ApiView):
    @blp.arguments(schemas.EmptyRequestSchema(), required=False)
    @blp.response(200, schemas.GameSchema)
    @operation(
        blp,
        "claim_victory",
        "Claim an abandoned game",
        "On the opponent's turn, once the opponent (a human) has had no stream open for "
        "`BUTTONUP_ABANDON_SECONDS` (60 by default) and their turn has lasted as long, the "
        "token's player wins: `end_reason: abandoned`. Otherwise 409 `claim_not_allowed`, "
        "whose `detail` says why and, while the wait runs, `retry_after_seconds` when.",
        errors=(*WITH_BODY, 401, 404, 409, 422, 503),
        codes={
            404: ("game_not_found",),
            409: ("claim_not_allowed", "game_not_in_progress", "version_conflict"),
            503: WRITE_503,
        },
        parameters=(IDEMPOTENCY_KEY,),
        secured=True,
    )
    def post(self, _: dict[str, Any], game_id: str) -> Response:
        outcome = games().claim_victory(game_id, bearer_token(), idempotency())
        return json_response(codec().game_text(outcome.match))


@blp.route("/<game_id>/rematch", parameters=[GAME_ID])
class Rematch(ApiView):
    @blp.arguments(schemas.EmptyRequestSchema(), required=False)
    @blp.response(201, schemas.JoinedSchema)
    @blp.alt_response(202, schema=schemas.RematchOfferSchema, description="Offered")
    @operation(
        blp,
        "request_rematch",
        "Ask for a rematch",
        "A seat of a finished game (its token, or its player's key) asks for another game, "
        "within `BUTTONUP_REMATCH_SECONDS` (600 by default) of the end. The first to ask: "
        "202 with `offered_by`, and the game's `rematch` shows the offer. The other asking "
        "(or at once, against a bot): 201 with the asker's seat and token in the new game "
        "(colours swapped, same target, clock and hints, private, started by whoever did "
        "not start the first round), whose id is in the old game's `rematch.game_id`. The "
        "first asker gets its own seat and token by asking again; asking again always "
        "answers the same seat and token. Both seats are reserved: `join_game` on the new "
        "game is 409 `game_full`; it starts, and its clock with it, once both seats hold "
        "their tokens. An aborted game has no rematch: 409 `rematch_closed`.",
        errors=(*WITH_BODY, 401, 404, 409, 422, 503),
        codes={
            404: ("game_not_found",),
            409: ("rematch_closed", "game_not_in_progress", "version_conflict"),
            503: WRITE_503,
        },
        secured=True,
    )
    def post(self, _: dict[str, Any], game_id: str) -> Response:
        asked = games().rematch(game_id, bearer_token())
        if isinstance(asked, RematchOffered):
            return json_response(rematch_offered_text(asked), 202)
        return json_response(codec().seated(asked), 201)


@blp.route("/<game_id>/presence", parameters=[GAME_ID])
class Presence(ApiView):
    @blp.response(200, schemas.PresenceSchema)
    @operation(
        blp,
        "get_presence",
        "Who is connected",
        "Whether each seat has an event stream open with its credential, and since when "
        "(null: never). Right within 5 s, across workers and replicas, also after a worker "
        "dies.",
        errors=(*ALWAYS, 404, 503),
        codes={404: ("game_not_found",), 503: READ_503},
    )
    def get(self, game_id: str) -> Response:
        return json_response(to_json(presence_view(games().presence(game_id))))
