"""The tournaments wing's routes, /v1/tournaments (docs/tournaments.md).

Tested in tests/e2e/test_tournaments.py.
"""

from typing import Any, cast

from flask import Response, current_app

from buttonup.kit.http import (
    ALWAYS,
    IDEMPOTENCY_KEY,
    LAST_EVENT_ID,
    READ_503,
    RECORD_CONTENT,
    TEXT,
    WITH_BODY,
    WRITE_503,
    ApiBlueprint,
    ApiView,
    bearer_token,
    decode_offset,
    encode_offset,
    id_parameter,
    idempotency,
    json_response,
    operation,
    position_after,
    stream_response,
    to_json,
)
from buttonup.tournaments import MANIFEST, schemas
from buttonup.tournaments.model import TournamentStatus
from buttonup.tournaments.service import Tournaments
from buttonup.tournaments.views import (
    standing_view,
    tournament_frame,
    tournament_game_view,
    tournament_view,
)

TOURNAMENT_ID = id_parameter(
    "tournament_id", "The tournament's id, from `create_tournament`", schemas.TOURNAMENT_ID_EXAMPLE
)

blp = ApiBlueprint(
    "tournaments", __name__, url_prefix="/v1/tournaments", description="Arenas and Swiss events"
)
EXTENSION = MANIFEST.extension  # where the app keeps its use cases


def tournaments() -> Tournaments:
    return cast(Tournaments, current_app.extensions[EXTENSION])


def _page(items: list[dict[str, Any]], offset: int, limit: int) -> dict[str, Any]:
    following = encode_offset(offset + limit) if len(items) == limit else None
    return {"items": items, "next": following}


def _offset(cursor: str | None) -> int:
    return decode_offset(cursor) if cursor is not None else 0


def _shown(tournament_id: str) -> Response:
    tournament, players = tournaments().get(tournament_id)
    return json_response(to_json(tournament_view(tournament, players)))


@blp.route("")
class TournamentCollection(ApiView):
    @blp.arguments(schemas.TournamentRequestSchema())
    @blp.response(201, schemas.TournamentSchema)
    @operation(
        blp,
        "create_tournament",
        "Make a tournament",
        "An arena (`minutes`: players paired again as each game ends) or a Swiss "
        "(`rounds`), with every game's clock, rated or not, starting at `starts_at` or when "
        "its creator starts it (`start_tournament`); `conditions` bound who may join. A "
        "player has 5 upcoming or running tournaments at most (409 "
        "`too_many_tournaments`). Fields that do not go together (an arena in rounds, par "
        "scoring in an arena) are 422. A par-scored Swiss plays each pairing twice, seats "
        "swapped, on the round's deals, and scores against perfect play. With an "
        "`Idempotency-Key` (the player's own), a retry gets the tournament the first "
        "request made.",
        errors=(*WITH_BODY, 401, 409, 422, 503),
        codes={
            409: ("too_many_tournaments",),
            422: ("validation_error", "idempotency_key_reused"),
            503: WRITE_503,
        },
        parameters=(IDEMPOTENCY_KEY,),
        secured=True,
    )
    def post(self, args: Any) -> Response:
        made = tournaments().create(bearer_token(), args, idempotency())
        return json_response(to_json(tournament_view(made, 0)), 201)

    @blp.arguments(schemas.TournamentsQuerySchema(), location="query", as_kwargs=True)
    @blp.response(200, schemas.TournamentListSchema)
    @operation(
        blp,
        "list_tournaments",
        "Tournaments",
        "The public tournaments of a `status`: upcoming soonest first, running and finished "
        "newest first (the 10,000 newest finished are listed); `limit` at a time (1..100), "
        "`next` passed back as `cursor` for the page after.",
        errors=(*ALWAYS, 422, 503),
        codes={422: ("validation_error",), 503: READ_503},
    )
    def get(self, status: str, limit: int, cursor: str | None = None) -> Response:
        offset = _offset(cursor)
        found = tournaments().listed(TournamentStatus(status), offset, limit)
        items = [tournament_view(tournament, players) for tournament, players in found]
        return json_response(to_json(_page(items, offset, limit)))


@blp.route("/<tournament_id>", parameters=[TOURNAMENT_ID])
class TournamentItem(ApiView):
    @blp.response(200, schemas.TournamentSchema)
    @operation(
        blp,
        "get_tournament",
        "A tournament",
        "The tournament, public or private, by its id.",
        errors=(*ALWAYS, 404, 503),
        codes={404: ("tournament_not_found",), 503: READ_503},
    )
    def get(self, tournament_id: str) -> Response:
        return _shown(tournament_id)


def _action(name: str, summary: str, description: str, codes: dict) -> Any:
    return operation(
        blp,
        name,
        summary,
        description,
        errors=(*ALWAYS, 401, *codes, 503),
        codes={**codes, 503: WRITE_503},
        secured=True,
    )


@blp.route("/<tournament_id>/join", parameters=[TOURNAMENT_ID])
class TournamentJoin(ApiView):
    @blp.response(200, schemas.TournamentSchema)
    @_action(
        "join_tournament",
        "Join a tournament",
        "The player (by key) joins, or comes back after withdrawing (their standing kept); "
        "its `conditions` are checked now (403 `conditions_not_met`, `detail` says which). "
        "A running arena pairs them within seconds: `game_start` on their stream names the "
        "game and the tournament. Joining twice changes nothing. A bot account joins only "
        "a tournament made with `bots: true` (403 `bots_not_allowed`).",
        {
            403: ("conditions_not_met", "bots_not_allowed"),
            404: ("tournament_not_found",),
            409: ("tournament_closed", "tournament_full"),
        },
    )
    def post(self, tournament_id: str) -> Response:
        tournaments().join(tournament_id, bearer_token())
        return _shown(tournament_id)


@blp.route("/<tournament_id>/withdraw", parameters=[TOURNAMENT_ID])
class TournamentWithdraw(ApiView):
    @blp.response(200, schemas.TournamentSchema)
    @_action(
        "withdraw_from_tournament",
        "Withdraw",
        "Out of an upcoming tournament; paused in a running one (not paired again, the "
        "standing kept, a game in play still counts) until `join_tournament` again. "
        "Withdrawing when not in it changes nothing.",
        {404: ("tournament_not_found",)},
    )
    def post(self, tournament_id: str) -> Response:
        tournaments().withdraw(tournament_id, bearer_token())
        return _shown(tournament_id)


@blp.route("/<tournament_id>/start", parameters=[TOURNAMENT_ID])
class TournamentStart(ApiView):
    @blp.response(200, schemas.TournamentSchema)
    @_action(
        "start_tournament",
        "Start a tournament",
        "Its creator starts an upcoming tournament now: an arena pairs its players at once "
        "and runs for its minutes.",
        {
            403: ("not_tournament_creator",),
            404: ("tournament_not_found",),
            409: ("tournament_closed",),
        },
    )
    def post(self, tournament_id: str) -> Response:
        started = tournaments().start(tournament_id, bearer_token())
        players = tournaments().get(tournament_id)[1]
        return json_response(to_json(tournament_view(started, players)))


@blp.route("/<tournament_id>/standings", parameters=[TOURNAMENT_ID])
class TournamentStandings(ApiView):
    @blp.arguments(schemas.PageQuerySchema(), location="query", as_kwargs=True)
    @blp.response(200, schemas.StandingsSchema)
    @operation(
        blp,
        "get_tournament_standings",
        "Standings",
        "The players best first (points, then the tie-break), `limit` at a time; kept as "
        "each game ends, so a page is one read however many play.",
        errors=(*ALWAYS, 404, 422, 503),
        codes={404: ("tournament_not_found",), 422: ("validation_error",), 503: READ_503},
    )
    def get(self, tournament_id: str, limit: int, cursor: str | None = None) -> Response:
        offset = _offset(cursor)
        system = tournaments().get(tournament_id)[0].system
        ranked = tournaments().standings(tournament_id, offset, limit)
        items = [standing_view(entry, system) for entry in ranked]
        return json_response(to_json(_page(items, offset, limit)))


@blp.route("/<tournament_id>/games", parameters=[TOURNAMENT_ID])
class TournamentGames(ApiView):
    @blp.arguments(schemas.PageQuerySchema(), location="query", as_kwargs=True)
    @blp.response(200, schemas.TournamentGamesSchema)
    @operation(
        blp,
        "list_tournament_games",
        "A tournament's games",
        "Its games, newest first, `limit` at a time; each is read in full at `get_game`.",
        errors=(*ALWAYS, 404, 422, 503),
        codes={404: ("tournament_not_found",), 422: ("validation_error",), 503: READ_503},
    )
    def get(self, tournament_id: str, limit: int, cursor: str | None = None) -> Response:
        offset = _offset(cursor)
        matches = tournaments().games(tournament_id, offset, limit)
        items = [tournament_game_view(match) for match in matches]
        return json_response(to_json(_page(items, offset, limit)))


@blp.route("/<tournament_id>/record", parameters=[TOURNAMENT_ID])
class TournamentRecord(ApiView):
    @operation(
        blp,
        "get_tournament_record",
        "Every finished game's record",
        "The record (docs/notation.md) of each of its finished games, in the order they "
        "were made, one after another (a blank line between two), streamed: however many "
        "there are, one is held at once. Its games expire as any game does.",
        errors=(*ALWAYS, 404, 503),
        codes={404: ("tournament_not_found",), 503: READ_503},
        responses={200: {"description": "The records", "content": RECORD_CONTENT}},
    )
    def get(self, tournament_id: str) -> Response:
        records = tournaments().records(tournament_id)
        return Response((record + "\n" for record in records), content_type=TEXT)


@blp.route("/<tournament_id>/events", parameters=[TOURNAMENT_ID])
class TournamentEvents(ApiView):
    @operation(
        blp,
        "stream_tournament_events",
        "Follow a tournament live",
        "Server-Sent Events: `tournament` (the tournament, first on every connection, and "
        "again whenever its status changes), `players` `{players}` (as a player joins, or "
        "leaves an upcoming one), `pairing` `{game_id, round, red, black}` "
        "(player ids; `round` a Swiss's, else null), `result` `{game_id, winner, points}` "
        "(the winner's player id, null when the game counts for nobody; each player's "
        "points), `standings` `{top}` (the ten leaders' ids, when a result changes them), "
        "`round_start` and `round_over` `{round}` (a Swiss's), `finished` `{}` (the last "
        "event). Each has an id: reconnect with `Last-Event-ID` to get what you missed "
        "(the 10,000 newest are kept). Keep-alive comments while nothing happens.",
        errors=(*ALWAYS, 404, 422, 503),
        codes={
            404: ("tournament_not_found",),
            422: ("validation_error",),
            503: ("storage_unavailable", "too_many_streams", "too_many_connections"),
        },
        parameters=(LAST_EVENT_ID,),
        responses={
            200: {
                "description": "The event stream",
                "content": {"text/event-stream": {"schema": schemas.TOURNAMENT_SSE_EVENT}},
            }
        },
    )
    def get(self, tournament_id: str) -> Response:
        after = position_after()  # its events' ids are stream positions, as a player's
        return stream_response(
            lambda keepalive_ms: tournaments().watch(tournament_id, after, keepalive_ms),
            tournament_frame,
        )
