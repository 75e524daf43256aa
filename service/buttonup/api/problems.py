"""Every error as RFC 9457 problem+json: the one table from domain errors and
HTTP errors to status and stable `code`, and the handlers that apply it.

Tested in tests/api/test_errors.py.
"""

import logging
from typing import Any

from flask import Flask, Response, request
from werkzeug.exceptions import HTTPException

from buttonup import engine, errors
from buttonup.api.http import InvalidParameter, TooManyStreams
from buttonup.api.metrics import REDIS_ERRORS
from buttonup.api.roles import ServedElsewhere
from buttonup.api.schemas.shared import RefusedPosition
from buttonup.http_codes import HTTP_CODES, PROBLEM_JSON, add_wing_code, problem_body

log = logging.getLogger(__name__)


# Domain errors: status, code, title (the core's; a wing's are in its
# manifest, added to WING_ERRORS as the app installs it).
DOMAIN_ERRORS: dict[type[Exception], tuple[int, str, str]] = {
    errors.GameNotFound: (404, "game_not_found", "Game not found"),
    engine.NotSeated: (401, "unauthorized", "Unauthorized"),
    errors.Unauthenticated: (401, "unauthorized", "Unauthorized"),
    engine.SeatTaken: (409, "seat_taken", "Seat taken"),
    engine.GameFull: (409, "game_full", "Game full"),
    engine.NotInProgress: (409, "game_not_in_progress", "Game not in progress"),
    engine.NotYourTurn: (409, "not_your_turn", "Not your turn"),
    engine.IllegalMove: (409, "illegal_move", "Illegal move"),
    engine.HintsDisabled: (403, "hints_disabled", "Hints disabled"),
    engine.AbortNotAllowed: (409, "abort_not_allowed", "Abort not allowed"),
    engine.BerserkNotAllowed: (409, "berserk_not_allowed", "Berserk not allowed"),
    engine.ClaimNotAllowed: (409, "claim_not_allowed", "Claim not allowed"),
    engine.RematchClosed: (409, "rematch_closed", "Rematch closed"),
    engine.RatedNeedsPlayers: (409, "rated_needs_players", "Rated game needs players"),
    errors.PositionInPlay: (403, "position_in_play", "Position in play"),
    errors.PlayerNotFound: (404, "player_not_found", "Player not found"),
    errors.OperatorOnly: (403, "operator_only", "Operator only"),
    errors.FlagNotFound: (404, "flag_not_found", "Flag not found"),
    errors.RatedGameInProgress: (409, "rated_game_in_progress", "Rated game in progress"),
    errors.RatedGamesPlayed: (409, "rated_games_played", "Rated games played"),
    errors.BotMovesLimited: (429, "rate_limited", "Too Many Requests"),
    errors.ConcurrentUpdate: (409, "version_conflict", "Concurrent update"),
    errors.VersionMismatch: (412, "version_mismatch", "Version mismatch"),
    errors.IdempotencyKeyReused: (422, "idempotency_key_reused", "Idempotency key reused"),
    errors.InvalidIdempotencyKey: (422, "validation_error", "Unprocessable Entity"),
    engine.NotationError: (422, "invalid_record", "Invalid record"),
    errors.StorageUnavailable: (503, "storage_unavailable", "Storage unavailable"),
    errors.StorageFull: (503, "storage_full", "Storage full"),
    errors.OutcomeUnknown: (503, "outcome_unknown", "Outcome unknown"),
}


WING_ERRORS: dict[type[Exception], tuple[int, str, str]] = {}


def add_wing_problem(
    error: type[Exception], status: int, code: str, title: str, meaning: str
) -> None:
    """A wing's refusal answered as problem+json with its code (the code
    named in the spec's catalogue too: http_codes.WING_CODES)."""
    add_wing_code(code, status, meaning)
    WING_ERRORS[error] = (status, code, title)


class MalformedJson(Exception):
    """The request body is not JSON."""


class MalformedBody(Exception):
    """The request body could not be read (broken chunking)."""


class UnsupportedMediaType(Exception):
    """The request has a body that is not application/json."""


def problem(
    status: int,
    code: str,
    title: str,
    detail: str,
    headers: dict[str, str] | None = None,
    **extra: Any,
) -> Response:
    return Response(
        problem_body(status, code, title, detail, request.path, **extra),
        status=status,
        mimetype=PROBLEM_JSON,
        headers=headers,
    )


def handle_domain_error(error: Exception) -> Response:
    status, code, title = DOMAIN_ERRORS.get(type(error)) or WING_ERRORS[type(error)]
    extra: dict[str, Any] = {}
    headers: dict[str, str] = {}
    version = getattr(error, "version", None)
    if version is not None:
        extra["version"] = version
    if status == 401:
        headers["WWW-Authenticate"] = 'Bearer realm="buttonup"'
    wait_ms = getattr(error, "retry_after_ms", None)
    if wait_ms is not None:
        extra["retry_after_seconds"] = -(-wait_ms // 1000)  # whole seconds, rounded up
        headers["Retry-After"] = str(extra["retry_after_seconds"])
    if isinstance(error, errors.OutcomeUnknown):
        REDIS_ERRORS.inc()
        headers["Retry-After"] = "1"
        detail = (
            "the game store did not confirm the change, which may have been applied; "
            "retry with the same Idempotency-Key, or read the game, to know"
        )
    elif isinstance(error, errors.StorageFull):
        REDIS_ERRORS.inc()
        headers["Retry-After"] = "60"
        detail = "the game store is full and takes no new data; nothing was changed"
    elif status == 503:
        REDIS_ERRORS.inc()
        headers["Retry-After"] = "1"
        detail = "the game store cannot be reached; nothing was changed"
    elif isinstance(error, errors.GameNotFound):
        detail = "no game with this id (it may have expired)"
    elif isinstance(error, engine.NotationError):
        detail = str(error)
        extra.update(line=error.line, column=error.column, reason=error.reason.value)
    elif isinstance(error, errors.InvalidIdempotencyKey):
        detail = "the request does not match its schema"
        extra["errors"] = {"Idempotency-Key": [str(error)]}
    elif isinstance(error, errors.InvalidField):  # every 422 names its fields
        detail = str(error)
        extra["errors"] = {error.field: [str(error)]}
    else:
        detail = str(error)
    return problem(status, code, title, detail, headers, **extra)


def handle_game_error(error: errors.GameError) -> Response:
    """A refusal of a wing the app installed (WING_ERRORS); any other is a bug."""
    if type(error) in WING_ERRORS:
        return handle_domain_error(error)
    return handle_unexpected(error)


def handle_http_exception(error: HTTPException) -> Response:
    status = error.code or 500
    code = HTTP_CODES.get(status, "http_error")
    headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
    data = getattr(error, "data", None) or {}
    messages = data.get("messages")
    extra: dict[str, Any] = {}
    detail = error.description or error.name
    if status == 422 and messages is not None:
        extra["errors"] = _flatten_messages(messages)
        detail = "the request does not match its schema"
        refused = _refused_position(messages)
        if refused is not None:  # where and why, as data beside the text
            extra.update(line=refused.line, column=refused.column, reason=refused.reason)
    if status == 500:
        detail = "an unexpected error occurred"
    if status == 405:
        detail = f"{request.method} is not allowed here"
    if status == 404:
        detail = f"no resource at {request.path}"
    if status == 413:
        detail = "the request body is too large"
    return problem(status, code, error.name, detail, headers, **extra)


def handle_malformed_json(error: MalformedJson) -> Response:
    return problem(400, "malformed_json", "Malformed JSON", str(error))


def handle_malformed_body(error: MalformedBody) -> Response:
    return problem(400, HTTP_CODES[400], "Bad Request", str(error))


def handle_unsupported_media_type(error: UnsupportedMediaType) -> Response:
    return problem(415, "unsupported_media_type", "Unsupported Media Type", str(error))


def handle_invalid_parameter(error: InvalidParameter) -> Response:
    return problem(
        422,
        "validation_error",
        "Unprocessable Entity",
        "the request does not match its schema",
        errors={error.name: [error.message]},
    )


def handle_served_elsewhere(error: ServedElsewhere) -> Response:
    return problem(421, "served_elsewhere", "Misdirected Request", str(error))


def handle_too_many_streams(error: TooManyStreams) -> Response:
    return problem(503, "too_many_streams", "Too many streams", str(error), {"Retry-After": "5"})


def handle_unexpected(error: Exception) -> Response:
    log.exception("unhandled error on %s %s", request.method, request.path)
    return problem(500, "internal_error", "Internal Server Error", "an unexpected error occurred")


def register(app: Flask) -> None:
    for error_class in DOMAIN_ERRORS:
        app.register_error_handler(error_class, handle_domain_error)
    app.register_error_handler(errors.GameError, handle_game_error)
    app.register_error_handler(HTTPException, handle_http_exception)
    app.register_error_handler(MalformedJson, handle_malformed_json)
    app.register_error_handler(MalformedBody, handle_malformed_body)
    app.register_error_handler(UnsupportedMediaType, handle_unsupported_media_type)
    app.register_error_handler(InvalidParameter, handle_invalid_parameter)
    app.register_error_handler(TooManyStreams, handle_too_many_streams)
    app.register_error_handler(ServedElsewhere, handle_served_elsewhere)
    app.register_error_handler(Exception, handle_unexpected)


def _refused_position(messages: Any) -> RefusedPosition | None:
    """The first position refusal among a schema's messages, if any."""
    if isinstance(messages, RefusedPosition):
        return messages
    inner = messages.values() if isinstance(messages, dict) else messages
    if isinstance(inner, str) or not hasattr(inner, "__iter__"):
        return None
    return next((found for item in inner if (found := _refused_position(item))), None)


def _flatten_messages(messages: Any) -> dict[str, list[str]]:
    """webargs nests messages by location ({"json": {"position": [...]}}); clients
    want {"position": [...]}. Nested fields are joined with dots."""
    flat: dict[str, list[str]] = {}

    def walk(prefix: str, value: Any) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                walk(f"{prefix}.{key}" if prefix else str(key), inner)
        elif isinstance(value, list) and all(isinstance(item, str) for item in value):
            flat.setdefault(prefix or "_schema", []).extend(value)
        else:
            flat.setdefault(prefix or "_schema", []).append(str(value))

    if isinstance(messages, dict):
        for location_messages in messages.values():
            walk("", location_messages)
    else:
        walk("", messages)
    return flat
