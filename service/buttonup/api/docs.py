"""OpenAPI pieces shared by the views: problem responses and header parameters.

One `blp.doc(...)` per view carries them, rather than a decorator per status:
each flask-smorest decorator wraps the view once more on every request.
"""

from typing import Any

from flask_smorest import Blueprint

from buttonup.api.http import IDEMPOTENCY_KEY_PATTERN, UNSCOPED_IDEMPOTENCY_KEY_PATTERN
from buttonup.http_codes import code_meaning, codes_of

PROBLEM_REF = {"$ref": "#/components/schemas/Problem"}

STATUS_TITLES = {
    400: "Bad request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not found",
    405: "Method not allowed",
    409: "The game's state does not allow it; carries `version`",
    412: "Precondition failed",
    413: "Content too large",
    414: "URI too long",
    415: "Unsupported media type",
    421: "Misdirected request: another role of the deployment serves it",
    422: "Unprocessable content",
    429: "Too many requests",
    431: "Request header fields too large",
    500: "Internal error",
    503: "Service unavailable; nothing was changed unless the code is `outcome_unknown`",
}

# The 503 codes of operations that read, and of those that change a game.
READ_503 = ("storage_unavailable", "too_many_connections", "service_unavailable")
WRITE_503 = (
    "storage_unavailable",
    "storage_full",
    "outcome_unknown",
    "too_many_connections",
    "service_unavailable",
)

# Every operation can get a request line or header fields too long (414,
# 431, from gunicorn), be sent to a process of another role (421, api.roles)
# and fail inside (500); every one with a body can get a body that is not
# JSON, too large, or of another media type.
ALWAYS = (414, 421, 431, 500)
WITH_BODY = (400, 413, 415, *ALWAYS)


def add_origin_field(schemas: dict[str, Any], name: str, description: str) -> None:
    """A wing's origin field (kit.OriginField) on the spec's components of a
    game and of a player's game_start: a nullable string every answer sends."""
    prop = {"type": ["string", "null"], "description": description, "example": None}
    for component in ("Game", "GameStartEventData"):
        schema = schemas[component]
        schema["properties"][name] = prop
        required = schema.setdefault("required", [])
        if name not in required:
            required.append(name)


def id_parameter(name: str, description: str, example: str) -> dict[str, Any]:
    """A path parameter naming something by its id (every id the service
    makes reads the same way)."""
    return {
        "in": "path",
        "name": name,
        "required": True,
        "description": description,
        "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
        "example": example,
    }


GAME_ID = id_parameter("game_id", "The game's id, from `create_game`", "q7Xb0mXvYg3cS1pQ2a9e")

IDEMPOTENCY_KEY = {
    "in": "header",
    "name": "Idempotency-Key",
    "required": False,
    "description": "Retries with the same key and the same request (method, path and "
    "body) within the idempotency TTL (24 h by default) get the first successful response, "
    "and nothing is applied again; the same key with another request is 422 "
    "`idempotency_key_reused`. Where no player key or seat token scopes it (creating a "
    "player; creating a game or taking a seat without a player key), at least 16 "
    "characters: use a random UUID",
    "schema": {"type": "string", "pattern": IDEMPOTENCY_KEY_PATTERN},
}
# Where nothing secret may scope the key (creating a player; creating a game or
# taking a seat without a player key), it is at least 16 characters. With a
# player key, shorter ones are accepted too; the spec asks for the form every
# client may use.
UNSCOPED_IDEMPOTENCY_KEY = {
    **IDEMPOTENCY_KEY,
    "schema": {"type": "string", "pattern": UNSCOPED_IDEMPOTENCY_KEY_PATTERN},
}
IF_MATCH = {
    "in": "header",
    "name": "If-Match",
    "required": False,
    "description": 'Apply only if the game is still at this version, e.g. `"7"`',
    "schema": {"type": "string"},
}
IF_NONE_MATCH = {
    "in": "header",
    "name": "If-None-Match",
    "required": False,
    "description": "An ETag from an earlier read: 304 while the game is unchanged",
    "schema": {"type": "string"},
}


# OpenAPI links: how the answer of one operation feeds the next, so that
# generated clients and stateful testers can create, join and play.
NEW_GAME_ID = {"path.game_id": "$response.body#/id"}
SAME_GAME_ID = {"path.game_id": "$request.path.game_id"}
FIRST_LEGAL_MOVE = {"position": "$response.body#/game/round/legal_moves/0"}
LINKS = {
    "create_game": {
        "GetGame": {"operationId": "get_game", "parameters": NEW_GAME_ID},
        "JoinGame": {"operationId": "join_game", "parameters": NEW_GAME_ID},
        "ListMoves": {"operationId": "list_moves", "parameters": NEW_GAME_ID},
    },
    "join_game": {
        "JoinOtherSeat": {"operationId": "join_game", "parameters": SAME_GAME_ID},
        "GetGame": {"operationId": "get_game", "parameters": SAME_GAME_ID},
        "PlayMove": {
            "operationId": "play_move",
            "parameters": {
                **SAME_GAME_ID,
                "header.Authorization": "Bearer {$response.body#/token}",
            },
            "requestBody": FIRST_LEGAL_MOVE,
        },
        "Resign": {
            "operationId": "resign_game",
            "parameters": {
                **SAME_GAME_ID,
                "header.Authorization": "Bearer {$response.body#/token}",
            },
        },
    },
    "play_move": {
        # The token of whoever moves next is the client's to choose.
        "PlayNext": {
            "operationId": "play_move",
            "parameters": SAME_GAME_ID,
            "requestBody": FIRST_LEGAL_MOVE,
        },
        "ListMoves": {"operationId": "list_moves", "parameters": SAME_GAME_ID},
        "GetGame": {"operationId": "get_game", "parameters": SAME_GAME_ID},
    },
    "resign_game": {
        "GetGame": {"operationId": "get_game", "parameters": SAME_GAME_ID},
    },
}
SUCCESS_STATUS = {"create_game": 201, "join_game": 201, "play_move": 201, "resign_game": 200}


def problem_response(status: int, codes: tuple[str, ...] | None = None) -> dict[str, Any]:
    """A problem+json response that names its codes and shows the first."""
    listed = list(codes or codes_of(status))
    lines = "; ".join(f"`{code}`: {code_meaning(code)[1]}" for code in listed)
    example = {
        "type": f"urn:buttonup:problem:{listed[0]}",
        "title": STATUS_TITLES[status].split(";")[0],
        "status": status,
        "detail": code_meaning(listed[0])[1],
        "code": listed[0],
        "instance": "/v1/games/q7Xb0mXvYg3cS1pQ2a9e/moves",
    }
    if status == 409:
        example["version"] = 3
    response: dict[str, Any] = {
        "description": f"{STATUS_TITLES[status]}. Codes: {lines}",
        "content": {
            "application/problem+json": {
                "schema": PROBLEM_REF,
                "examples": {listed[0]: {"value": example}},
            }
        },
    }
    if status in (429, 503):
        response["headers"] = {
            "Retry-After": {"description": "Seconds to wait", "schema": {"type": "integer"}}
        }
    if status == 401:
        response["headers"] = {
            "WWW-Authenticate": {"description": "`Bearer`", "schema": {"type": "string"}}
        }
    return response


def operation(
    blp: Blueprint,
    operation_id: str,
    summary: str,
    description: str,
    *,
    errors: tuple[int, ...],
    parameters: tuple[dict[str, Any], ...] = (),
    secured: bool | None = False,
    responses: dict[int, Any] | None = None,
    codes: dict[int, tuple[str, ...]] | None = None,
) -> Any:
    """The operation's doc. `codes`: for a status, the codes this operation
    sends (else every code of that status). `secured`: True, a bearer token is
    required; None, it may be sent."""
    if (blp.url_prefix or "").startswith("/v1"):
        errors = (*errors, 429)  # every /v1/ operation is rate limited when limits are set
    doc: dict[str, Any] = {
        "operationId": operation_id,
        "summary": summary,
        "description": description,
        "responses": {
            **{
                status: problem_response(status, (codes or {}).get(status))
                for status in sorted(set(errors))
            },
            **(responses or {}),
        },
    }
    if operation_id in LINKS:
        success = doc["responses"].setdefault(SUCCESS_STATUS[operation_id], {})
        success["links"] = LINKS[operation_id]
    if parameters:
        doc["parameters"] = list(parameters)
    if secured:
        doc["security"] = [{"bearerAuth": []}]
    elif secured is None:
        doc["security"] = [{}, {"bearerAuth": []}]
    return blp.doc(**doc)
