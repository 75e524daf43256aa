"""The HTTP API: flask-smorest blueprints, schemas and problem+json errors."""

import json
import re
from typing import Any

import orjson
from flask import Flask, g, request
from flask_smorest import Api
from flask_swagger_ui import get_swaggerui_blueprint
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from buttonup import __version__
from buttonup.api import (
    analysis,
    events,
    fair_play,
    games,
    health,
    player_events,
    players,
    problems,
    records,
    schemas,
)
from buttonup.api.http import JSON
from buttonup.api.problems import MalformedBody, MalformedJson, UnsupportedMediaType
from buttonup.api.records import TEXT_BODY_ENDPOINTS
from buttonup.engine.notation import NotationError, Reason

BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})
# No request body of this API nests more than two deep.
MAX_JSON_DEPTH = 32

DESCRIPTION = (
    "The reference online service for the board game Button Up!. Every error is "
    "`application/problem+json` with a stable `code`; seat tokens are bearer tokens."
)


class ButtonUpApi(Api):
    """Errors are documented per operation as problem+json, not as
    flask-smorest's default error shape."""

    DEFAULT_ERROR_RESPONSE_NAME = None
    ERROR_SCHEMA = schemas.ProblemSchema

    def register_blueprint(self, blp: Any, *, parameters: Any = None, **options: Any) -> None:
        """A blueprint of the core's or of a wing's, its schemas closed."""
        super().register_blueprint(blp, parameters=parameters, **options)
        self.close_objects()

    def name_problem_codes(self, codes: list[str]) -> None:
        """The spec's catalogue of codes (Problem.code): the core's and those of
        the wings this app installed, once they are."""
        self.spec.components.schemas["Problem"]["properties"]["code"]["enum"] = codes

    def close_objects(self) -> None:
        """Bodies with unknown fields are refused, and responses never carry
        any; apispec leaves this out when a schema has a description, so it
        is stated here."""
        for component in self.spec.components.schemas.values():
            if component.get("type") == "object":
                component["additionalProperties"] = False


def init_api(app: Flask) -> ButtonUpApi:
    app.config.update(
        API_TITLE="Button Up!",
        API_VERSION=__version__,
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
    )
    api = ButtonUpApi(app, spec_kwargs={"info": {"description": DESCRIPTION}})
    api.spec.components.security_scheme(
        "bearerAuth", {"type": "http", "scheme": "bearer", "description": "A seat token"}
    )
    # flask-smorest registers its page-based pagination schema; this API pages
    # with cursors of its own.
    api.spec.components.schemas.pop("PaginationMetadata", None)
    api.register_field(schemas.Ref, None, None)
    for name, component in schemas.COMPONENTS.items():
        api.spec.components.schema(name, component=component)
    app.url_map.converters["game_id"] = games.GameIdConverter
    api.register_converter(games.GameIdConverter, lambda converter: {"type": "string"})
    api.register_blueprint(health.blp)
    api.register_blueprint(games.blp)
    api.register_blueprint(records.blp)
    api.register_blueprint(analysis.blp)
    api.register_blueprint(analysis.positions)
    api.register_blueprint(events.blp)
    api.register_blueprint(players.blp)
    api.register_blueprint(fair_play.blp)
    app.register_blueprint(
        get_swaggerui_blueprint("/docs", "/openapi.json", config={"app_name": "Button Up! API"})
    )
    api.spec.components.schemas.update(schemas.SEAT_REQUEST_COMPONENTS)
    api.spec.components.schemas.update(schemas.CLOCK_REQUEST_COMPONENTS)
    api.spec.components.schemas.update(events.EVENT_COMPONENTS)
    api.spec.components.schemas.update(player_events.COMPONENTS)
    api.close_objects()
    problems.register(app)
    app.before_request(check_json_body)
    return api


def check_json_body() -> None:
    """415 for a body that is not JSON, 400 for JSON that does not parse,
    before any view or schema sees it. Unknown paths are left to the 404."""
    req = request._get_current_object()  # type: ignore[attr-defined]  # one proxy lookup
    if req.method not in BODY_METHODS or req.routing_exception is not None:
        return
    try:
        data = req.get_data(cache=True)  # 413 past MAX_CONTENT_LENGTH
    except HTTPException:
        raise
    except Exception as error:  # the server's reader refused it: broken chunking
        raise MalformedBody("the chunked body is malformed") from error
    # werkzeug stops a chunked body at the limit without reading on: if
    # anything follows, the body is over the limit, not cut to it.
    limit = req.max_content_length or 0
    if req.content_length is None and 0 < limit <= len(data) and req.environ["wsgi.input"].read(1):
        raise RequestEntityTooLarge()
    if req.endpoint in TEXT_BODY_ENDPOINTS:
        read_text_body(req.mimetype, data)
        return
    if not data:
        return
    # The exact header most clients send, without parsing it.
    if req.environ.get("CONTENT_TYPE") != JSON:
        mimetype = req.mimetype
        if mimetype != JSON and not mimetype.endswith("+json"):
            raise UnsupportedMediaType("send the body as application/json")
    if _nested_deeper_than(data, MAX_JSON_DEPTH):
        raise MalformedJson(f"the body nests arrays and objects over {MAX_JSON_DEPTH} deep")
    try:
        g.json_body = parse_json(data)  # kept for the view's schema (body_parser.JsonBodyParser)
    except (ValueError, UnicodeDecodeError) as error:
        raise MalformedJson(f"the body is not valid JSON: {error}") from None


def read_text_body(mimetype: str, data: bytes) -> None:
    """A text body (a record), as g.text_body: UTF-8, sent as text/plain."""
    if data and mimetype != "text/plain":
        raise UnsupportedMediaType("send the record as text/plain; charset=utf-8")
    try:
        g.text_body = data.decode("utf-8")
    except UnicodeDecodeError as error:
        # Where the bad byte is, as a reader counts: its line, and its column
        # in characters of the text before it on that line.
        before = data[: error.start]
        line_start = before.rfind(b"\n") + 1
        column = len(before[line_start:].decode("utf-8", errors="replace")) + 1
        raise NotationError(
            Reason.NOT_UTF8,
            f"not UTF-8 text: byte {error.start + 1}",
            before.count(b"\n") + 1,
            column,
        ) from None


# Nineteen digits in a row may be an integer past 64 bits (signed), which
# orjson reads as a float.
_LONG_NUMBER = re.compile(rb"[0-9]{19}")


def parse_json(data: bytes) -> Any:
    """A body as the standard json module reads it, in a tenth of its time
    for the bodies clients send: orjson reads it, unless it is one that
    orjson refuses or reads otherwise (NaN, integers past 64 bits, UTF-16,
    a byte order mark, lone surrogates), which the standard module reads."""
    if _LONG_NUMBER.search(data) is None:
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError:
            pass
    return json.loads(data)


def _nested_deeper_than(data: bytes, limit: int) -> bool:
    """Whether arrays and objects nest over `limit` deep (outside strings):
    the parser and everything after it recurse once per level."""
    if data.count(b"[") + data.count(b"{") <= limit:
        return False  # the common case, at C speed
    depth, in_string, escaped = 0, False, False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > limit:
                return True
        elif byte in (0x5D, 0x7D):  # ] }
            depth -= 1
    return False
