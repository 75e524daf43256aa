"""/v1/players: one identity across games (a player and its key), the
player's games, and what the player hears of them live."""

import base64
import re
from typing import Any

from flask import Response

from buttonup.api import player_events, schemas
from buttonup.api.codec import me_view, my_games_text, new_player_text, to_json
from buttonup.api.docs import (
    ALWAYS,
    READ_503,
    UNSCOPED_IDEMPOTENCY_KEY,
    WITH_BODY,
    WRITE_503,
    operation,
)
from buttonup.api.events import ref, stream_response
from buttonup.api.games import codec, cursor_text, games, idempotency
from buttonup.api.http import ApiBlueprint, ApiView, InvalidParameter, bearer_token, json_response
from buttonup.api.player_views import flag_view
from buttonup.api.records import RECORD_CONTENT, TEXT
from buttonup.engine import Status

# The list's cursor is opaque to clients: base64url of "offset:<n>".
_CURSOR = re.compile(r"^offset:(0|[1-9][0-9]{0,5})$")


def encode_offset(offset: int) -> str:
    return base64.urlsafe_b64encode(f"offset:{offset}".encode()).decode().rstrip("=")


def decode_offset(cursor: str) -> int:
    found = _CURSOR.match(cursor_text(cursor, "cursor"))
    if found is None:
        raise InvalidParameter("cursor", "is not a cursor this service gave")
    return int(found.group(1))


blp = ApiBlueprint("players", __name__, url_prefix="/v1/players", description="Players")


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
        parameters=(UNSCOPED_IDEMPOTENCY_KEY,),
    )
    def post(self, args: dict[str, Any] | None = None) -> Response:
        made = games().create_player((args or {}).get("name"), idempotency())
        return json_response(new_player_text(made), 201)


@blp.route("/me")
class Me(ApiView):
    @blp.response(200, schemas.MyPlayerSchema)
    @operation(
        blp,
        "get_me",
        "Who I am",
        "The player whose key is sent as `Authorization: Bearer`, with their fair-play "
        'flag (`fair_play`, null when none: docs/api.md, "Fair play"), which only they '
        "and the operator see.",
        errors=(*ALWAYS, 401, 503),
        codes={503: READ_503},
        secured=True,
    )
    def get(self) -> Response:
        player = games().player(bearer_token() or "")
        flag = games().flags.of(player.id)
        mine = {**me_view(player), "fair_play": flag_view(flag) if flag is not None else None}
        return json_response(to_json(mine))


@blp.route("/me/bot")
class MyBotAccount(ApiView):
    @blp.response(200, schemas.MeSchema)
    @operation(
        blp,
        "become_bot",
        "Become a bot account",
        "Turns the player into a bot account, for good: a program that plays as this "
        'player. A bot is marked wherever a player shows (`"bot": true`: seats, profiles, '
        "standings), is kept off the leaderboards, plays challenges only (its seeks are "
        "403 `bots_not_allowed`), joins only the tournaments that allow bots, and its "
        "moves are metered per bot. Only a player who has played no rated game becomes "
        "one (409 `rated_games_played`); asking again changes nothing.",
        errors=(*ALWAYS, 401, 409, 503),
        codes={409: ("rated_games_played",), 503: WRITE_503},
        secured=True,
    )
    def post(self) -> Response:
        return json_response(to_json(me_view(games().become_bot(bearer_token() or ""))))


@blp.route("/me/games")
class MyGames(ApiView):
    @blp.arguments(schemas.MyGamesQuerySchema(), location="query", as_kwargs=True)
    @blp.response(200, schemas.MyGamesPageSchema)
    @operation(
        blp,
        "list_my_games",
        "My games",
        "The games where the player whose key is sent holds a seat. Without `status`, every "
        "game not finished: those where it is the player's turn first, then the nearest "
        "deadline, then the longest waiting; `status=finished` lists the finished ones, "
        "newest first. Pass `next` back as `cursor` for the following page (the order "
        "follows the games, so a game that changed between pages may move).",
        errors=(*ALWAYS, 401, 422, 503),
        codes={422: ("validation_error",), 503: READ_503},
        secured=True,
    )
    def get(self, limit: int, status: str | None = None, cursor: str | None = None) -> Response:
        offset = decode_offset(cursor) if cursor is not None else 0
        wanted = Status(status) if status is not None else None
        page = games().my_games(bearer_token() or "", wanted, limit, offset)
        following = encode_offset(page.next_offset) if page.next_offset is not None else None
        return json_response(my_games_text(page, following))


@blp.route("/me/games/record")
class MyRecords(ApiView):
    @operation(
        blp,
        "get_my_records",
        "Download my games",
        "The record (docs/notation.md) of every game the player whose key is sent holds a "
        "seat in, oldest first, one after another, each followed by an empty line: as "
        "`get_record` writes each. Sent as it is written, a game at a time.",
        errors=(*ALWAYS, 401, 503),
        codes={503: READ_503},
        secured=True,
        responses={200: {"description": "The records", "content": RECORD_CONTENT}},
    )
    def get(self) -> Response:
        records = games().my_records(bearer_token() or "")
        return Response(
            (record + "\n" for record in records),
            content_type=TEXT,
            headers={"Content-Disposition": 'attachment; filename="buttonup-games.txt"'},
        )


@blp.route("/me/events")
class MyEvents(ApiView):
    @operation(
        blp,
        "stream_my_events",
        "Follow my games live",
        player_events.STREAM_DESCRIPTION,
        errors=(*ALWAYS, 401, 422, 503),
        codes={
            422: ("validation_error",),
            503: ("storage_unavailable", "too_many_streams", "too_many_connections"),
        },
        parameters=(player_events.LAST_EVENT_ID,),
        secured=True,
        responses={
            200: {
                "description": "The player's event stream",
                "content": {"text/event-stream": {"schema": ref(player_events.PLAYER_EVENT)}},
            }
        },
    )
    def get(self) -> Response:
        player = games().player(bearer_token() or "")  # 401 before anything else
        after = player_events.position_after()
        return stream_response(
            lambda keepalive_ms: games().watch_player(player, after, keepalive_ms),
            codec().player_frames,
        )
