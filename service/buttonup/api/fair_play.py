"""/v1/fair-play: the operator's side of fair play (docs/api.md, "Fair
play"): the flags the rule raised, with their evidence, each cleared or
confirmed. Every request needs the deployment's operator key
(BUTTONUP_OPERATOR_KEY) as `Authorization: Bearer`: none is 401, another
403 `operator_only`, as is every request when the deployment has no key."""

import hmac

from flask import Response, current_app

from buttonup import errors
from buttonup.api import schemas
from buttonup.api.codec import to_json
from buttonup.api.docs import ALWAYS, READ_503, WITH_BODY, WRITE_503, id_parameter, operation
from buttonup.api.games import games
from buttonup.api.http import ApiBlueprint, ApiView, bearer_token, json_response
from buttonup.api.player_views import flag_view
from buttonup.games.flags import FlagStatus

blp = ApiBlueprint("fair_play", __name__, url_prefix="/v1/fair-play", description="Fair play")

PLAYER_ID = id_parameter("player_id", "The flagged player's id", "Yb2kQ0sNw4ZrT6hV8uXa")


def require_operator() -> None:
    sent = bearer_token()
    if sent is None:
        raise errors.Unauthenticated("the operator's key is required")
    key: str | None = current_app.extensions["buttonup.settings"].operator_key
    if key is None or not hmac.compare_digest(sent.encode(), key.encode()):
        raise errors.OperatorOnly("this is the operator's: send the deployment's operator key")


@blp.route("/flags")
class FlagList(ApiView):
    @blp.arguments(schemas.FlagsQuerySchema(), location="query", as_kwargs=True)
    @blp.response(200, schemas.FlagsSchema)
    @operation(
        blp,
        "list_fair_play_flags",
        "List fair-play flags",
        "Every player the fair-play rule flagged, with the evidence, a page at a time "
        "(oldest first within a page). The operator's key only.",
        errors=(*ALWAYS, 401, 403, 422, 503),
        codes={403: ("operator_only",), 422: ("validation_error",), 503: READ_503},
        secured=True,
    )
    def get(self, cursor: str | None = None) -> Response:
        require_operator()
        flags, following = games().flags.listed(int(cursor) if cursor else 0)
        page = {
            "items": [flag_view(flag) for flag in flags],
            "next": str(following) if following else None,
        }
        return json_response(to_json(page))


def _decision(status: FlagStatus, operation_id: str, summary: str, description: str) -> type:
    class Decision(ApiView):
        @blp.response(200, schemas.FlagSchema)
        @operation(
            blp,
            operation_id,
            summary,
            description,
            errors=(*WITH_BODY, 401, 403, 404, 503),
            codes={403: ("operator_only",), 404: ("flag_not_found",), 503: WRITE_503},
            secured=True,
        )
        def post(self, player_id: str) -> Response:
            require_operator()
            return json_response(to_json(flag_view(games().flags.decide(player_id, status))))

    Decision.__name__ = Decision.__qualname__ = f"Flag{status.value.title()}"
    return Decision


blp.route("/flags/<player_id>/clear", parameters=[PLAYER_ID])(
    _decision(
        FlagStatus.CLEARED,
        "clear_fair_play_flag",
        "Clear a flag",
        "The player is back on the leaderboards; the rule looks at them again only over "
        "rated games that end after this. The operator's key only.",
    )
)
blp.route("/flags/<player_id>/confirm", parameters=[PLAYER_ID])(
    _decision(
        FlagStatus.CONFIRMED,
        "confirm_fair_play_flag",
        "Confirm a flag",
        "The player stays off the leaderboards. The operator's key only.",
    )
)
