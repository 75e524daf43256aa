"""The problem+json shape and the stable codes of errors that HTTP itself
raises (by status), shared by the API's error handlers and the gunicorn
worker that answers requests too broken to reach the app."""

import json

PROBLEM_JSON = "application/problem+json"

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


def problem_body(status: int, code: str, title: str, detail: str, instance: str, **extra) -> bytes:
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
