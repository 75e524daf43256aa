"""OpenAPI pieces shared by the views: problem responses and header parameters.

One `blp.doc(...)` per view carries them, rather than a decorator per status:
each flask-smorest decorator wraps the view once more on every request.
"""

from typing import Any

from flask_smorest import Blueprint

PROBLEM_REF = {"$ref": "#/components/schemas/Problem"}

PROBLEM_DESCRIPTIONS = {
    400: "The body is not JSON (`malformed_json`)",
    401: "Missing, malformed or unknown bearer token (`unauthorized`)",
    404: "No such game, or it expired (`game_not_found`)",
    409: "The game's state does not allow it; carries `version`",
    412: "`If-Match` does not match the current version (`version_mismatch`)",
    413: "Body over the size limit (`payload_too_large`)",
    415: "A body that is not application/json (`unsupported_media_type`)",
    422: "Body, parameter or header fails its schema (`validation_error`), "
    "or an Idempotency-Key reused with another body (`idempotency_key_reused`)",
    503: "The game store cannot be reached; nothing was changed (`storage_unavailable`)",
}

IDEMPOTENCY_KEY = {
    "in": "header",
    "name": "Idempotency-Key",
    "required": False,
    "description": "Retries with the same key and body within 24 h get the first "
    "successful response, and nothing is applied again",
    "schema": {"type": "string", "minLength": 1, "maxLength": 64},
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


def problem_response(status: int) -> dict[str, Any]:
    response: dict[str, Any] = {
        "description": PROBLEM_DESCRIPTIONS[status],
        "content": {"application/problem+json": {"schema": PROBLEM_REF}},
    }
    if status == 503:
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
    *,
    errors: tuple[int, ...],
    parameters: tuple[dict[str, Any], ...] = (),
    secured: bool = False,
    responses: dict[str, Any] | None = None,
) -> Any:
    doc: dict[str, Any] = {
        "operationId": operation_id,
        "summary": summary,
        "responses": {
            **{str(status): problem_response(status) for status in errors},
            **(responses or {}),
        },
    }
    if parameters:
        doc["parameters"] = list(parameters)
    if secured:
        doc["security"] = [{"bearerAuth": []}]
    return blp.doc(**doc)
