"""The problem+json shape and the stable codes of errors that HTTP itself
raises (by status), shared by the API's error handlers and the gunicorn
worker that answers requests too broken to reach the app.

Tested in tests/e2e/test_hostile_requests.py, tests/test_worker.py.
"""

import json

PROBLEM_JSON = "application/problem+json"

# Every `code` a problem of the core can carry, with its status and what it
# means: the spec's enum for Problem.code, each error response's list and
# example, and the front-end guide's table are made from this and the
# wings' (WING_CODES), and a test holds the error handlers to them.
PROBLEM_CODES: dict[str, tuple[int, str]] = {
    "bad_request": (400, "the request is malformed (request line, headers or chunking)"),
    "malformed_json": (400, "the body is not JSON, or nests over 32 deep"),
    "unauthorized": (
        401,
        "missing, malformed or unknown bearer token (seat token or player key) for this "
        "game, or player key on /v1/players/me",
    ),
    "hints_disabled": (
        403,
        "the game has no hints (it is rated, or was created without them) and is not over",
    ),
    "position_in_play": (
        403,
        "perfect play the fair-play gate keeps: a position a protected game in play "
        "stands at or a running par tournament keeps, in any of its 18 forms, or anything "
        "asked by a player seated in a protected game in play",
    ),
    "operator_only": (
        403,
        "an operator's request whose bearer is not the deployment's operator key (or the "
        "deployment has none)",
    ),
    "game_not_found": (404, "no such game, or it expired"),
    "player_not_found": (404, "no such player, or it expired"),
    "flag_not_found": (404, "no fair-play flag for that player"),
    "not_found": (404, "no such path"),
    "method_not_allowed": (405, "the method is not allowed here (see `Allow`)"),
    "request_timeout": (408, "the body did not arrive whole in time"),
    "seat_taken": (409, "the requested seat is not open"),
    "game_full": (409, "no open seat left"),
    "game_not_in_progress": (
        409,
        "move, resign, abort or claim while `waiting` or `finished` (a clock that ran "
        "out finished it), or rematch before the end",
    ),
    "not_your_turn": (409, "the token's colour is not `to_move`"),
    "illegal_move": (409, "the position is empty or its stack holds no white button"),
    "abort_not_allowed": (409, "abort after the game's first move"),
    "berserk_not_allowed": (
        409,
        "berserk where the game does not allow it, or after one's first move",
    ),
    "claim_not_allowed": (
        409,
        "claim-victory on one's own turn, or before the opponent is gone long enough "
        "(`retry_after_seconds` says when, while the wait runs)",
    ),
    "rematch_closed": (409, "rematch asked for after the window since the game's end"),
    "rated_needs_players": (
        409,
        "a rated game with a bot seat, or a seat of one taken without a player's key",
    ),
    "rated_games_played": (
        409,
        "a player who has played a rated game does not become a bot account",
    ),
    "rated_game_in_progress": (
        409,
        "a rated game joined, sought or started while the player (or, for the join that "
        "starts it, the opponent) holds as many rated games in play of its kind as one may: "
        "one real-time (blitz, rapid, classical), ten daily or untimed",
    ),
    "version_conflict": (409, "the game kept changing under the request; try again"),
    "version_mismatch": (412, "`If-Match` does not match the current version"),
    "payload_too_large": (413, "the body is over the size limit"),
    "uri_too_long": (414, "the request line is too long"),
    "unsupported_media_type": (415, "a body that is not application/json"),
    "expectation_failed": (417, "an `Expect` other than 100-continue"),
    "served_elsewhere": (
        421,
        "sent to a process that does not serve it: an API request to a streams process, or "
        "an event stream to an API process (docs/operations.md, roles)",
    ),
    "validation_error": (422, "a body field, parameter or header fails its schema"),
    "idempotency_key_reused": (
        422,
        "the Idempotency-Key was first sent with another request (method, path or body)",
    ),
    "invalid_record": (
        422,
        "a record (docs/notation.md) that does not read or breaks a rule: `line`, "
        "`column` (from 1) and `reason` say where and why",
    ),
    "rate_limited": (
        429,
        "over a rate limit (a costly operation's meter, or one the operator configured); "
        "nothing was changed",
    ),
    "request_header_fields_too_large": (431, "too many header fields, or one too large"),
    "internal_error": (500, "a bug; the body says nothing of the internals"),
    "not_implemented": (501, "a transfer coding other than chunked"),
    "storage_unavailable": (503, "the game store cannot be reached; nothing was changed"),
    "storage_full": (
        503,
        "the game store is full (Redis at its maxmemory) and takes no new data: nothing was "
        "changed; reads go on",
    ),
    "outcome_unknown": (
        503,
        "the store did not confirm the change, which may have been applied: "
        "retry with the same Idempotency-Key",
    ),
    "too_many_streams": (503, "as many event streams are open as the worker allows"),
    "too_many_connections": (503, "this client address holds too many connections"),
    "service_unavailable": (503, "the service cannot answer now"),
    "http_error": (0, "any other HTTP error (status as sent)"),
}


# The codes the wings declare in their manifests (buttonup.kit.Problem), as
# the app installs them: an operation of a wing names its own.
WING_CODES: dict[str, tuple[int, str]] = {}


def add_wing_code(code: str, status: int, meaning: str) -> None:
    """A wing's code, once: the same code twice must mean the same thing."""
    known = PROBLEM_CODES.get(code) or WING_CODES.get(code)
    if known is not None and known != (status, meaning):
        raise ValueError(f"problem code {code!r} declared twice, differently")
    WING_CODES[code] = (status, meaning)


def code_meaning(code: str) -> tuple[int, str]:
    """A code's status and what it means, the core's or a wing's."""
    return PROBLEM_CODES.get(code) or WING_CODES[code]


# Codes only the operations that name them send (the others of their status
# are every operation's that may answer that status).
NAMED_ONLY = frozenset({"invalid_record"})


def codes_of(status: int) -> list[str]:
    """The core's codes an operation answering `status` may send, unless it
    names its own (a wing's operations name theirs)."""
    return [
        code for code, (of, _) in PROBLEM_CODES.items() if of == status and code not in NAMED_ONLY
    ]


# Errors raised by gunicorn, Flask, werkzeug or webargs: code by status.
HTTP_CODES: dict[int, str] = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    408: "request_timeout",
    413: "payload_too_large",
    414: "uri_too_long",
    415: "unsupported_media_type",
    417: "expectation_failed",
    422: "validation_error",
    429: "rate_limited",
    431: "request_header_fields_too_large",
    500: "internal_error",
    501: "not_implemented",
    503: "service_unavailable",
}


def problem_body(
    status: int, code: str, title: str, detail: str, instance: str, **extra: object
) -> bytes:
    """RFC 9457 problem details, with the service's `code`."""
    body = {
        "type": f"urn:buttonup:problem:{code}",
        "title": title,
        "status": status,
        "detail": detail,
        "code": code,
        "instance": instance,
        **extra,
    }
    return json.dumps(body, separators=(",", ":")).encode()
