"""/v1/games: create, read, join, play, list moves, resign."""

import json
from typing import Any

from flask import Response, current_app, request, url_for
from flask.views import MethodView
from flask_smorest import Blueprint

from buttonup.api import schemas
from buttonup.api.http import (
    bearer_token,
    etag,
    if_none_match_hits,
    json_response,
    parse_if_match,
)
from buttonup.api.representations import game_view, to_json
from buttonup.engine import Color
from buttonup.games import Games, Idempotency, NewGame
from buttonup.store import GameRecord

blp = Blueprint("games", __name__, url_prefix="/v1/games", description="Games and their moves")

PROBLEM = schemas.ProblemSchema
PROBLEM_JSON = "application/problem+json"


def games() -> Games:
    return current_app.extensions["buttonup.games"]


def idempotency(key: str | None) -> Idempotency | None:
    if key is None:
        return None
    body = request.get_json(silent=True)
    fingerprint = json.dumps(body if body is not None else {}, sort_keys=True)
    return Idempotency(key=key, fingerprint=fingerprint)


def problems(*statuses: int) -> Any:
    """Documents problem+json answers for the given statuses."""

    def decorate(view: Any) -> Any:
        for status in statuses:
            view = blp.alt_response(status, schema=PROBLEM, content_type=PROBLEM_JSON)(view)
        return view

    return decorate


@blp.route("")
class GameCollection(MethodView):
    @blp.arguments(schemas.CreateGameSchema)
    @blp.arguments(schemas.CreateGameHeadersSchema, location="headers", as_kwargs=True)
    @blp.response(201, schemas.GameSchema)
    @problems(400, 413, 415, 422, 503)
    @blp.doc(operationId="create_game", summary="Create a game")
    def post(self, args: dict[str, Any], idempotency_key: str | None) -> Response:
        first = args["first_player"]
        options = NewGame(
            target_score=args["target_score"],
            first_player=None if first == "random" else Color(first),
            seed=args["seed"],
            visibility=args["visibility"],
        )
        reply = games().create(
            options, idempotency(idempotency_key), lambda record: to_json(game_view(record))
        )
        location = url_for("games.Game", game_id=reply.game_id)
        return json_response(reply.body, 201, {"Location": location})


@blp.route("/<game_id>")
class Game(MethodView):
    @blp.arguments(schemas.GetGameHeadersSchema, location="headers", as_kwargs=True)
    @blp.response(200, schemas.GameSchema)
    @blp.alt_response(304, description="Not modified: the game is still at that version")
    @problems(404, 503)
    @blp.doc(operationId="get_game", summary="Read a game")
    def get(self, game_id: str, if_none_match: str | None) -> Response:
        record = games().get(game_id)
        tag = {"ETag": etag(record.version)}
        if if_none_match_hits(if_none_match, record.version):
            return Response(status=304, headers=tag)
        return json_response(to_json(game_view(record)), 200, tag)


@blp.route("/<game_id>/players")
class Players(MethodView):
    @blp.arguments(schemas.JoinGameSchema)
    @blp.response(201, schemas.JoinedSchema)
    @problems(400, 404, 409, 413, 415, 422, 503)
    @blp.doc(operationId="join_game", summary="Take a seat")
    def post(self, args: dict[str, Any], game_id: str) -> Response:
        color = Color(args["color"]) if args["color"] else None
        joined = games().join(game_id, color, args["name"])
        body = {
            "color": joined.color.value,
            "token": joined.token,
            "game": game_view(joined.record),
        }
        return json_response(to_json(body), 201)


@blp.route("/<game_id>/moves")
class Moves(MethodView):
    @blp.response(200, schemas.MoveSchema(many=True))
    @problems(404, 503)
    @blp.doc(operationId="list_moves", summary="Every move of the game, oldest first")
    def get(self, game_id: str) -> Response:
        return json_response(games().moves_json(game_id))

    @blp.arguments(schemas.PlayMoveSchema)
    @blp.arguments(schemas.PlayMoveHeadersSchema, location="headers", as_kwargs=True)
    @blp.response(201, schemas.PlayedSchema)
    @problems(400, 401, 404, 409, 412, 413, 415, 422, 503)
    @blp.doc(operationId="play_move", summary="Play a move", security=[{"bearerAuth": []}])
    def post(
        self,
        args: dict[str, Any],
        game_id: str,
        if_match: str | None,
        idempotency_key: str | None,
    ) -> Response:
        def render(record: GameRecord, move: dict[str, Any]) -> str:
            return to_json({"move": move, "game": game_view(record)})

        reply = games().play(
            game_id,
            bearer_token(),
            args["position"],
            if_match=parse_if_match(if_match),
            idempotency=idempotency(idempotency_key),
            render=render,
        )
        return json_response(reply.body, 201)


@blp.route("/<game_id>/resign")
class Resign(MethodView):
    @blp.response(200, schemas.GameSchema)
    @problems(401, 404, 409, 415, 503)
    @blp.doc(operationId="resign_game", summary="Resign", security=[{"bearerAuth": []}])
    def post(self, game_id: str) -> Response:
        record = games().resign(game_id, bearer_token())
        return json_response(to_json(game_view(record)))
