"""The gunicorn worker of the service: gunicorn's gevent worker, with what a
server facing hostile clients needs and gunicorn does not do by itself.

- Requests that gunicorn refuses before the app sees them (a broken request
  line or header, a line or headers over the limits, broken chunking) are
  answered with problem+json and a stable code, not gunicorn's HTML page
  (`handle_error`, the hook gunicorn's workers call for every such error).
- A request's body is read whole before the app runs, within
  `BUTTONUP_BODY_TIMEOUT` (else 408) and up to the size limit (else 413), so
  that a client dripping a body cannot hold a connection for long and a
  chunked body is never cut to the limit (`handle_request`).
- One client address takes at most `BUTTONUP_MAX_CONNECTIONS_PER_CLIENT` of
  the worker's connections; past that it gets 503 too_many_connections at
  once (`handle`).
- A client that hangs up on an event stream is noticed at once, and its
  connection freed, rather than at the stream's next keep-alive write (the
  app is wrapped in `load_wsgi`).
- A stream's request is answered on a greenlet of its own, which ends as
  the stream begins: the connection's greenlet, which then waits for as
  long as the stream is open, keeps in memory every page of Python frames
  it ever reached, and the request's were many (`_answered_apart`). Its
  environ, which gunicorn keeps as long, is then cut down to what gunicorn
  still reads (`_let_go_of_the_request`).
- At most `BUTTONUP_REQUESTS_AT_ONCE` requests are worked on at once; the
  rest wait their turn before the app sees them (buttonup.slices says
  why). An event stream's opening and a body's reading take no turn.
- A worker told to stop ends its event streams at once (`handle_exit`;
  buttonup.stopping says how).

Named by `worker_class` in gunicorn.conf.py; it imports nothing of the app,
so that loading it in the arbiter, before the worker patches the standard
library, patches nothing late. It relies on gunicorn 27's worker methods, its
`Request.body` and its private `Request._expected_100_continue`;
tests/test_worker.py pins that version (WRITTEN_FOR).
"""

import io
import logging
import socket
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import gevent
from gunicorn.http import errors as http_errors
from gunicorn.util import write_nonblock
from gunicorn.workers.ggevent import GeventWorker

from buttonup.config import Settings
from buttonup.hang_ups import HangUps, Watched
from buttonup.http_codes import HTTP_CODES, PROBLEM_JSON, problem_body
from buttonup.slices import TURNS, apart
from buttonup.stopping import WorkerStopping

WRITTEN_FOR = {"gunicorn": "27."}  # tests/test_worker.py
BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})

log = logging.getLogger(__name__)


class BodyTimeout(http_errors.ParseException):
    """The body did not arrive whole in time."""


class BodyTooLarge(http_errors.ParseException):
    """The body is over the size limit."""


# Each of gunicorn's parse errors: status, title, what the client is told.
# Anything else that reaches the hook is the service's fault: 500.
PARSE_ERRORS: tuple[tuple[Any, int, str, str], ...] = (
    (BodyTimeout, 408, "Request Timeout", "the request body did not arrive in time"),
    (BodyTooLarge, 413, "Content Too Large", "the request body is too large"),
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
    """Status, title and detail for an error gunicorn hands the worker. A
    header the app tried to send is the app's fault, not the client's."""
    if not isinstance(
        error, (http_errors.InvalidResponseHeader, http_errors.InvalidResponseHeaderName)
    ):
        for kinds, status, title, detail in PARSE_ERRORS:
            if isinstance(error, kinds):
                return status, title, detail
    return 500, "Internal Server Error", "an unexpected error occurred"


class ProblemWorker(GeventWorker):
    def init_process(self) -> None:
        settings = Settings.from_env()
        self._max_body = settings.max_body_bytes
        self._body_seconds = settings.body_timeout_seconds
        # Behind proxies every client has the proxies' address.
        self._per_client = 0 if settings.trusted_proxies else settings.max_connections_per_client
        self._connections: Counter[str] = Counter()
        TURNS.limit(settings.requests_at_once)
        super().init_process()

    def load_wsgi(self) -> None:
        super().load_wsgi()
        self.wsgi: WsgiApp = _freed_on_hang_up(self.wsgi)

    def handle_exit(self, sig: int, frame: Any) -> None:
        super().handle_exit(sig, frame)
        gevent.spawn(_end_streams)  # out of the signal handler, as gunicorn's own handlers do

    def handle(self, listener: Any, client: socket.socket, addr: Any) -> None:
        address = addr[0] if isinstance(addr, tuple) else ""
        if self._per_client and self._connections[address] >= self._per_client:
            _write_problem(
                client,
                503,
                "too_many_connections",
                "Service Unavailable",
                "this client holds too many connections at once",
                "",
                retry_after=1,
            )
            client.close()
            return
        self._connections[address] += 1
        try:
            super().handle(listener, client, addr)
        finally:
            self._connections[address] -= 1
            if not self._connections[address]:
                del self._connections[address]

    def handle_request(self, listener_name: Any, req: Any, sock: socket.socket, addr: Any) -> Any:
        if req.method in BODY_METHODS:
            req.body = io.BytesIO(self._whole_body(req, sock))
        return super().handle_request(listener_name, req, sock, addr)

    def _whole_body(self, req: Any, sock: socket.socket) -> bytes:
        if req._expected_100_continue:  # the client waits for this to send its body
            sock.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
            req._expected_100_continue = False  # sent: gunicorn is not to send it again
        try:
            with gevent.Timeout(self._body_seconds):
                data = req.body.read(self._max_body + 1)
        except gevent.Timeout:
            raise BodyTimeout(req.path) from None
        if len(data) > self._max_body:
            raise BodyTooLarge(req.path)
        return data

    def handle_error(self, req: Any, client: socket.socket, addr: Any, exc: BaseException) -> None:
        status, title, detail = parse_problem(exc)
        if status == 500:
            self.log.exception("Error handling request")
        else:
            # Never the request's bytes: they may carry a token.
            self.log.warning("Invalid request from %s: %s", (addr or ("",))[0], type(exc).__name__)
        path = getattr(req, "path", None) or ""
        try:
            _write_problem(client, status, HTTP_CODES[status], title, detail, path)
        except OSError:
            self.log.debug("Failed to send error message.")


def _write_problem(
    client: socket.socket,
    status: int,
    code: str,
    title: str,
    detail: str,
    path: str,
    retry_after: int | None = None,
) -> None:
    body = problem_body(status, code, title, detail, path)
    retry = f"Retry-After: {retry_after}\r\n" if retry_after is not None else ""
    head = (
        f"HTTP/1.1 {status} {title}\r\nConnection: close\r\n{retry}"
        f"Content-Type: {PROBLEM_JSON}\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    write_nonblock(client, head.encode("latin-1") + body)


WsgiApp = Callable[[dict, Callable], Iterable[bytes]]


def _freed_on_hang_up(app: WsgiApp) -> WsgiApp:
    """An event stream waits on Redis, not on its client: without this, a
    client that hung up is only seen at the next write. While a stream is
    answered, its socket is watched (buttonup.hang_ups); end of file there
    means the client is gone, and the stream's greenlet is ended."""

    def wsgi(environ: dict, start_response: Callable) -> Iterable[bytes]:
        watched: list[Watched] = []
        sock = environ.get("gunicorn.socket")
        answering = gevent.getcurrent()

        def start(status: str, headers: list, exc_info: Any = None) -> Any:
            streaming = any(
                name.lower() == "content-type" and value.startswith("text/event-stream")
                for name, value in headers
            )
            if streaming and sock is not None and isinstance(answering, gevent.Greenlet):
                watched.append(HANG_UPS.watch(sock, answering))
                _STREAMS.add(answering)
            return start_response(status, headers, exc_info)

        if environ.get("PATH_INFO", "").endswith(STREAM_PATH_SUFFIX):
            body = _answered_apart(app, environ, start)
            if watched:  # a stream, its answer made
                _let_go_of_the_request(environ)
            return _Closing(body, watched, answering)
        with TURNS.turn():
            body = app(environ, start)
        return _Closing(body, watched, answering)

    return wsgi


# What gunicorn reads of a request's environ once the app has answered: the
# file wrapper (before it iterates the body) and, were its own access log
# turned on (gunicorn.conf.py leaves it off: the service writes its access
# line as it answers, api.observability), its standard atoms.
SERVER_READS_AFTER = (
    "wsgi.file_wrapper",
    "REMOTE_ADDR",
    "REQUEST_METHOD",
    "RAW_URI",
    "SERVER_PROTOCOL",
    "PATH_INFO",
    "QUERY_STRING",
    "HTTP_REFERER",
    "HTTP_USER_AGENT",
)


def _let_go_of_the_request(environ: dict) -> None:
    """An event stream's environ, once its answer is made, cut down to what
    the server still reads. gunicorn keeps it for as long as the stream
    lasts (for its access line), and the rest of it (every header, the
    token among them, the body's reader, the socket) was 1.2 KB of a
    stream's 22 in the service (docs/performance.md, "Twenty thousand
    streams"). PEP 3333 lets the app change the environ as it likes; a dict
    gives its memory back only when cleared."""
    kept = {name: environ[name] for name in SERVER_READS_AFTER if name in environ}
    environ.clear()
    environ.update(kept)


# Every event stream's path ends so (tests/test_worker.py checks the spec's).
STREAM_PATH_SUFFIX = "/events"


def _answered_apart(app: WsgiApp, environ: dict, start: Callable) -> Iterable[bytes]:
    """The app's answer, made on a greenlet that ends once it is made
    (slices.apart): CPython gives each greenlet its own stack of Python
    frames, 16 KB at a time, and the pages its deepest call touched stay in
    memory for the greenlet's life. A stream's request (the app, its
    schemas, the stream's first reads) reaches deep; the stream then waits
    for hours shallow. The connection's greenlet now only waits: 23.8 KB a
    stream instead of 27.0 a minute after 10,000 streams opened on one
    worker (docs/performance.md, "Twenty thousand streams"). An answer whose
    client left while it was made is closed, which gives its place back."""
    return apart(lambda: app(environ, start), abandoned=_close)


def _close(body: Iterable[bytes]) -> None:
    close = getattr(body, "close", None)
    if close is not None:
        close()


# The event streams this worker answers: watched for their clients, and
# their greenlets, to end when it stops.
HANG_UPS = HangUps()
_STREAMS: set[Any] = set()


def _end_streams() -> None:
    for answering in list(_STREAMS):
        answering.kill(WorkerStopping, block=False)


class _Closing:
    """The app's answer, and the end of its hang-up watch when it closes."""

    def __init__(self, body: Iterable[bytes], watched: list[Watched], answering: Any) -> None:
        self._body = body
        self._watched = watched
        self._answering = answering

    def __iter__(self) -> Iterator[bytes]:
        return iter(self._body)

    def close(self) -> None:
        _STREAMS.discard(self._answering)
        for watched in self._watched:
            HANG_UPS.forget(watched)
        _close(self._body)
