"""The gunicorn worker of the service: gunicorn's gevent worker, answering the
requests that gunicorn refuses before the app sees them (a broken request
line or header, a line or headers over the limits, broken chunking) with
problem+json and a stable code instead of gunicorn's HTML page.

It overrides `handle_error`, the hook gunicorn's workers call for every such
error; the rest is gunicorn's own. Named by `worker_class` in
gunicorn.conf.py; it imports nothing of the app, so that loading it in the
arbiter, before the worker patches the standard library, patches nothing late.
"""

import logging

from gunicorn.http import errors as http_errors
from gunicorn.util import write_nonblock
from gunicorn.workers.ggevent import GeventWorker

from buttonup.http_codes import HTTP_CODES, PROBLEM_JSON, problem_body

log = logging.getLogger(__name__)

# Each of gunicorn's parse errors: status, title, what the client is told.
# Anything else that reaches the hook is the service's fault: 500.
PARSE_ERRORS: tuple[tuple[type[Exception], int, str, str], ...] = (
    (http_errors.LimitRequestLine, 414, "URI Too Long", "the request line is too long"),
    (
        http_errors.LimitRequestHeaders,
        431,
        "Request Header Fields Too Large",
        "too many header fields, or one too large",
    ),
    (http_errors.ExpectationFailed, 417, "Expectation Failed", "only 100-continue is supported"),
    (
        http_errors.UnsupportedTransferCoding,
        501,
        "Not Implemented",
        "only the chunked transfer coding is supported",
    ),
    (http_errors.InvalidRequestLine, 400, "Bad Request", "the request line is malformed"),
    (http_errors.InvalidRequestMethod, 400, "Bad Request", "the method is malformed"),
    (http_errors.InvalidHTTPVersion, 400, "Bad Request", "only HTTP/1.0 and HTTP/1.1 are served"),
    (http_errors.InvalidH2CPreface, 400, "Bad Request", "only HTTP/1.0 and HTTP/1.1 are served"),
    (http_errors.ObsoleteFolding, 400, "Bad Request", "folded header lines are not accepted"),
    (
        (http_errors.InvalidChunkSize, http_errors.ChunkMissingTerminator,
         http_errors.InvalidChunkExtension),
        400,
        "Bad Request",
        "the chunked body is malformed",
    ),
    (http_errors.ParseException, 400, "Bad Request", "the request's headers are malformed"),
)  # fmt: skip


def parse_problem(error: BaseException) -> tuple[int, str, str]:
    """Status, title and detail for an error gunicorn hands the worker."""
    for kinds, status, title, detail in PARSE_ERRORS:
        if isinstance(error, kinds) and not isinstance(
            error, (http_errors.InvalidResponseHeader, http_errors.InvalidResponseHeaderName)
        ):
            return status, title, detail
    return 500, "Internal Server Error", "an unexpected error occurred"


class ProblemWorker(GeventWorker):
    def handle_error(self, req, client, addr, exc):
        status, title, detail = parse_problem(exc)
        if status == 500:
            self.log.exception("Error handling request")
        else:
            # Never the request's bytes: they may carry a token.
            self.log.warning("Invalid request from %s: %s", (addr or ("",))[0], type(exc).__name__)
        path = getattr(req, "path", None) or ""
        body = problem_body(status, HTTP_CODES[status], title, detail, path)
        head = (
            f"HTTP/1.1 {status} {title}\r\nConnection: close\r\n"
            f"Content-Type: {PROBLEM_JSON}\r\nContent-Length: {len(body)}\r\n\r\n"
        )
        try:
            write_nonblock(client, head.encode("latin-1") + body)
        except OSError:
            self.log.debug("Failed to send error message.")
