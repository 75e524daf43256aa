"""/v1/players: one identity across games (a player and its key)."""

from typing import Any

from flask import Response, current_app

from buttonup.api import schemas
from buttonup.api.codec import me_view, to_json
from buttonup.api.docs import ALWAYS, IDEMPOTENCY_KEY, READ_503, WITH_BODY, WRITE_503, operation
from buttonup.api.games import idempotency
from buttonup.api.http import ApiBlueprint, ApiView, bearer_token, json_response
from buttonup.games import Games

blp = ApiBlueprint("players", __name__, url_prefix="/v1/players", description="Players")


def games() -> Games:
    return current_app.extensions["buttonup.games"]


@blp.route("")
class PlayerCollection(ApiView):
    @blp.arguments(schemas.CreatePlayerSchema(), required=False)
    @blp.response(201, schemas.NewPlayerSchema)
    @operation(
        blp,
        "create_player",
        "Make a player",
        "A player is one identity across games, without an account: the answer's `key` "
        "(shown once, stored only hashed) joins games as this player and works wherever a "
        "seat's token of theirs does. With an `Idempotency-Key`, a retry answers the same "
        "player and key: keep that key as secret as the player's.",
        errors=(*WITH_BODY, 422, 503),
        codes={503: WRITE_503},
        parameters=(IDEMPOTENCY_KEY,),
    )
    def post(self, args: dict[str, Any] | None = None) -> Response:
        made = games().create_player((args or {}).get("name"), idempotency())
        body = {**me_view(made.player), "key": made.key}
        return json_response(to_json(body), 201)


@blp.route("/me")
class Me(ApiView):
    @blp.response(200, schemas.MeSchema)
    @operation(
        blp,
        "get_me",
        "Who I am",
        "The player whose key is sent as `Authorization: Bearer`.",
        errors=(*ALWAYS, 401, 503),
        codes={503: READ_503},
        secured=True,
    )
    def get(self) -> Response:
        return json_response(to_json(me_view(games().player(bearer_token() or ""))))
