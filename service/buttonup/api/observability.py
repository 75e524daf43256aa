"""What every request carries out: a request id, one structured log line, its
metrics, the security headers, and CORS for the configured origins."""

import atexit
import contextlib
import logging
import os
import re
import select
import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, TextIO

import orjson
from flask import Flask

from buttonup.api.metrics import observe_request

REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
SECURITY_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
)
CORS_REQUEST_HEADERS = (
    "Authorization, Content-Type, If-Match, If-None-Match, Idempotency-Key, "
    "Last-Event-ID, X-Request-ID"
)
CORS_EXPOSED_HEADERS = "ETag, Location, Link, Next-Cursor, Retry-After, X-Request-ID"

WsgiApp = Callable[[dict, Callable[..., Any]], Iterable[bytes]]
StartResponse = Callable[..., Any]


class JsonFormatter(logging.Formatter):
    """One JSON object per line: for the service's log records, and (through
    `line`) for the access lines that AccessLog writes itself."""

    def format(self, record: logging.LogRecord) -> str:
        fields = {"exc": self.formatException(record.exc_info)} if record.exc_info else {}
        return self.line(
            record.created, record.levelname.lower(), record.name, record.getMessage(), fields
        )

    def line(self, created: float, level: str, logger: str, message: str, fields: dict) -> str:
        seconds = int(created)
        # strftime once a second, not per line; one tuple, so that threads
        # writing at once never pair one second with another's stamp.
        cached = getattr(self, "_stamp", (None, ""))
        if cached[0] != seconds:
            cached = (seconds, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)))
            self._stamp = cached
        millis = int((created - seconds) * 1000)
        document = {
            "ts": f"{cached[1]}.{millis:03d}Z",
            "level": level,
            "logger": logger,
            "msg": message,
            "pid": os.getpid(),  # which worker
            **fields,
        }
        return orjson.dumps(document).decode()


class BufferedStreamHandler(logging.StreamHandler):
    """Writes lines in chunks of whole lines, at most PIPE_BUF bytes each:
    when a chunk is full, twice a second from one thread, at exit, and at
    once for warnings and errors. sys.stderr writes through, so a line
    written as it comes is a system call per request; and a write of at most
    PIPE_BUF bytes to a pipe is atomic, so two workers' lines never mix."""

    CHUNK_BYTES = select.PIPE_BUF
    FLUSH_SECONDS = 0.5
    _live: ClassVar["weakref.WeakSet[BufferedStreamHandler]"] = weakref.WeakSet()
    _flusher_started: ClassVar[bool] = False

    def __init__(self, stream: TextIO) -> None:
        super().__init__(stream)
        self._pending: list[str] = []
        self._pending_bytes = 0
        cls = type(self)
        cls._live.add(self)
        if not cls._flusher_started:
            cls._flusher_started = True
            threading.Thread(target=cls._flush_now_and_then, daemon=True).start()
            atexit.register(cls._flush_all)

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = self.format(record)
        except Exception:  # logging's own rule: a bad record never breaks the caller
            self.handleError(record)
            return
        self.write_line(line)
        if record.levelno >= logging.WARNING:
            self.flush()

    def write_line(self, line: str) -> None:
        text = line + "\n"
        size = len(text) if text.isascii() else len(text.encode())
        with self.lock:  # type: ignore[union-attr]
            if self._pending and self._pending_bytes + size > self.CHUNK_BYTES:
                self._write_pending()
            self._pending.append(text)
            self._pending_bytes += size

    def flush(self) -> None:
        with self.lock:  # type: ignore[union-attr]
            self._write_pending()

    def _write_pending(self) -> None:
        """With the lock held."""
        text = "".join(self._pending)
        self._pending.clear()
        self._pending_bytes = 0
        with contextlib.suppress(ValueError, OSError):  # a closed stream takes nothing
            if text:
                self.stream.write(text)
            self.stream.flush()

    @classmethod
    def _flush_all(cls) -> None:
        for handler in list(cls._live):
            handler.flush()

    @classmethod
    def _flush_now_and_then(cls) -> None:
        while True:
            time.sleep(cls.FLUSH_SECONDS)
            cls._flush_all()


TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"


class AccessLog:
    """The line each request leaves, written straight to the service's log
    handler: a logging.LogRecord with its handler and formatter calls costs
    about a twentieth of a whole move (bench/move_instructions.py)."""

    LOGGER = "buttonup.access"

    def __init__(
        self, handler: BufferedStreamHandler, log_format: str, level: str, *, enabled: bool = True
    ) -> None:
        self._handler = handler
        self._json = JsonFormatter() if log_format == "json" else None
        self.enabled = enabled and logging.getLevelName(level.upper()) <= logging.INFO

    def write(self, fields: dict[str, object]) -> None:
        now = time.time()
        if self._json is not None:
            line = self._json.line(now, "info", self.LOGGER, "request", fields)
        else:
            stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(now))
            pairs = " ".join(f"{name}={value}" for name, value in fields.items())
            line = f"{stamp},{int(now % 1 * 1000):03d} INFO {self.LOGGER} request {pairs}"
        self._handler.write_line(line)


def configure_logging(level: str, log_format: str, *, access_log: bool = True) -> AccessLog:
    handler = BufferedStreamHandler(sys.stderr)
    formatter = JsonFormatter() if log_format == "json" else logging.Formatter(TEXT_FORMAT)
    handler.setFormatter(formatter)
    root = logging.getLogger("buttonup")
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    root.propagate = False
    return AccessLog(handler, log_format, level, enabled=access_log)


def init_observability(app: Flask, cors_origins: Iterable[str], access_log: AccessLog) -> None:
    app.wsgi_app = ObservedApp(  # type: ignore[method-assign]
        app.wsgi_app, frozenset(cors_origins), access_log
    )


class ObservedApp:
    """WSGI middleware around the Flask app: the request id, the fixed
    headers, CORS, the metrics and the access line of every answer. At this
    layer they are plain tuples and environ lookups; as Flask hooks, the same
    work went through request proxies and werkzeug's Headers on every request."""

    def __init__(self, app: WsgiApp, origins: frozenset[str], access_log: AccessLog) -> None:
        self.app = app
        self.origins = origins
        self.access_log = access_log

    def __call__(self, environ: dict, start_response: StartResponse) -> Iterable[bytes]:
        started = time.perf_counter()
        incoming = environ.get("HTTP_X_REQUEST_ID", "")
        request_id = incoming if REQUEST_ID.match(incoming) else os.urandom(16).hex()
        answered: list[tuple[str, str | None, str]] = []

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            # Flask's request is in the environ only until the app returns.
            request = environ.get("werkzeug.request")
            rule = getattr(request, "url_rule", None)
            path = request.path if request is not None else environ.get("PATH_INFO", "")
            answered.append((status, rule.rule if rule is not None else None, path))
            headers.append(("X-Request-ID", request_id))
            headers.extend(SECURITY_HEADERS)
            if self.origins:
                headers.extend(_cors(environ, self.origins))
            return start_response(status, headers, exc_info)

        if (
            environ["REQUEST_METHOD"] == "OPTIONS"
            and "HTTP_ACCESS_CONTROL_REQUEST_METHOD" in environ
            and _cors(environ, self.origins)
        ):
            # A CORS preflight from an allowed origin; any other OPTIONS is a 405.
            start("204 No Content", [])
            body: Iterable[bytes] = []
        else:
            body = self.app(environ, start)
        seconds = time.perf_counter() - started
        status_line, route, path = answered[-1] if answered else ("500", None, "")
        status = int(status_line[:3])
        method = environ["REQUEST_METHOD"]
        observe_request(method, route, status, seconds)
        # Headers, bodies and query strings are never logged: they carry tokens.
        if self.access_log.enabled:
            self.access_log.write(
                {
                    "method": method,
                    "route": route,
                    "path": path,
                    "status": status,
                    "duration_ms": round(seconds * 1000, 2),
                    "request_id": request_id,
                }
            )
        return body


def _cors(environ: dict, origins: frozenset[str]) -> list[tuple[str, str]]:
    origin = environ.get("HTTP_ORIGIN")
    if not origin or (origin not in origins and "*" not in origins):
        return []
    headers = [
        ("Access-Control-Allow-Origin", origin),
        ("Vary", "Origin"),
        ("Access-Control-Expose-Headers", CORS_EXPOSED_HEADERS),
    ]
    if environ["REQUEST_METHOD"] == "OPTIONS":
        headers += [
            ("Access-Control-Allow-Methods", "GET, POST, OPTIONS"),
            ("Access-Control-Allow-Headers", CORS_REQUEST_HEADERS),
            ("Access-Control-Max-Age", "600"),
        ]
    return headers
