"""Small helpers for request headers, JSON bodies and JSON responses.

Tested in tests/api/test_errors.py, tests/e2e/test_connection_budget.py.
"""

import re
import threading

from flask import Response, request
from flask.views import MethodView
from flask_smorest import Blueprint

from buttonup.api.body_parser import JsonBodyParser

JSON = "application/json"


def json_response(body: str, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(body, status=status, content_type=JSON, headers=headers)


def header(name: str) -> str | None:
    """A request header, read from the WSGI environ: werkzeug's Headers.get
    raises and catches an exception for every header that is absent."""
    return request.environ.get("HTTP_" + name.upper().replace("-", "_"))


class ApiView(MethodView):
    """A view class without state: one instance serves every request."""

    init_every_request = False


class ApiBlueprint(Blueprint):
    """A flask-smorest Blueprint whose bodies are parsed once."""

    ARGUMENTS_PARSER = JsonBodyParser()


class InvalidParameter(Exception):
    """A header or query parameter fails its documented format (422 validation_error)."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(f"{name}: {message}")
        self.name = name
        self.message = message


class TooManyStreams(Exception):
    """The worker, or this client, has as many event streams open as allowed
    (503 too_many_streams, with Retry-After)."""


class StreamBudget:
    """The event streams a worker has open, in all and per client address,
    so that streams never take the connections that moves need."""

    def __init__(self, total: int, per_client: int) -> None:
        self.total = total
        self.per_client = per_client
        self._open = 0
        self._by_client: dict[str, int] = {}
        self._lock = threading.Lock()

    def take(self, client: str) -> None:
        with self._lock:
            if self._open >= self.total:
                raise TooManyStreams("this server has as many event streams open as it allows")
            held = self._by_client.get(client, 0)
            if held >= self.per_client:
                raise TooManyStreams("this client has as many event streams open as allowed")
            self._open += 1
            self._by_client[client] = held + 1

    def __len__(self) -> int:
        """The streams open now."""
        return self._open

    def give_back(self, client: str) -> None:
        with self._lock:
            self._open -= 1
            held = self._by_client[client] - 1
            if held:
                self._by_client[client] = held
            else:
                del self._by_client[client]


IDEMPOTENCY_KEY_PATTERN = r"^[!-~]{1,64}$"  # visible ASCII, as the spec says
UNSCOPED_IDEMPOTENCY_KEY_PATTERN = r"^[!-~]{16,64}$"  # games.UNSCOPED_KEY_MIN_LENGTH
_IDEMPOTENCY_KEY = re.compile(IDEMPOTENCY_KEY_PATTERN)


def idempotency_key() -> str | None:
    """The Idempotency-Key header: 1 to 64 visible ASCII characters."""
    key = header("Idempotency-Key")
    if key is None:
        return None
    if not _IDEMPOTENCY_KEY.match(key):
        raise InvalidParameter("Idempotency-Key", "must be 1 to 64 visible ASCII characters")
    return key


def bearer_token() -> str | None:
    """The token of `Authorization: Bearer <token>`, or None when absent or malformed."""
    scheme, _, token = (header("Authorization") or "").partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or " " in token:
        return None
    return token


def parse_if_match(header: str | None) -> frozenset[int] | None:
    """Versions an If-Match header accepts; None when absent or `*`.

    If-Match uses strong comparison, so weak tags (W/"3") and anything that is
    not a version match nothing, and the request fails with 412.
    """
    if header is None or header.strip() == "*":
        return None
    return frozenset(v for tag in header.split(",") if (v := _strong_version(tag)) is not None)


def if_none_match_hits(header: str | None, version: int) -> bool:
    """If-None-Match uses weak comparison: W/"3" matches version 3."""
    if header is None:
        return False
    if header.strip() == "*":
        return True
    for tag in header.split(","):
        tag = tag.strip()
        if tag.startswith("W/"):
            tag = tag[2:]
        if _strong_version(tag) == version:
            return True
    return False


def etag(version: int) -> str:
    return f'"{version}"'


def _strong_version(tag: str) -> int | None:
    tag = tag.strip()
    if len(tag) >= 2 and tag[0] == tag[-1] == '"':
        tag = tag[1:-1]
    return int(tag) if tag.isascii() and tag.isdigit() and len(tag) < 19 else None
