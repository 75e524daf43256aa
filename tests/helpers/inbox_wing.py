"""A wing of the tests' own, on the kit alone, to hear the player inbox
through `buttonup serve` (BUTTONUP_WINGS=...,tests.helpers.inbox_wing):
`POST /v1/test-inbox/{player_id}` tells the player a `test_note` (standing
under `stands`, if sent), `DELETE /v1/test-inbox/{player_id}/{stands}`
withdraws it."""

from typing import Any, cast

from flask import Response, current_app, request

from buttonup.kit import Attached, Games, Hooks, InboxNotice, Manifest, Routes, Settings
from buttonup.kit.http import ApiBlueprint, ApiView, json_response, to_json

blp = ApiBlueprint("test_inbox", __name__, url_prefix="/v1/test-inbox", description="Tests")
NOTE = "test_note"


def inbox() -> Games:
    return cast(Games, current_app.extensions[MANIFEST.extension])


@blp.route("/<player_id>")
class Tell(ApiView):
    def post(self, player_id: str) -> Response:
        body: dict[str, Any] = request.get_json()
        stands = inbox().inbox.tell(player_id, NOTE, {"text": body["text"]}, body.get("stands"))
        return json_response(to_json({"stands": stands}))


@blp.route("/<player_id>/<stands>")
class Withdraw(ApiView):
    def delete(self, player_id: str, stands: str) -> Response:
        return json_response(to_json({"withdrawn": inbox().inbox.withdraw(player_id, stands)}))


def attach(games: Games, settings: Settings) -> Attached:
    return Attached(games, Hooks())


MANIFEST = Manifest(
    name="test_inbox",
    attach=attach,
    routes=lambda: Routes(blp),
    inbox=(
        InboxNotice(
            NOTE,
            "TestNoteEvent",
            "A note the tests' wing sends",
            {"text": {"type": "string", "description": "What it says", "example": "hi"}},
            {"text": "hi"},
        ),
    ),
)
