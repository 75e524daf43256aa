"""Rate limits per client address and per seat token, counted in the game
store's Redis so every process and replica shares them (flask-limiter).

Only the API under /v1/ is limited: probes, metrics, docs and the board's
static files are not. A breach is 429 `rate_limited` with Retry-After; when
the counters cannot be reached the request goes on, and meets the store's own
503 if Redis is really down.
"""

import hashlib

from flask import Flask, request
from flask_limiter import ApplicationLimit, Limiter
from flask_limiter.util import get_remote_address

from buttonup.api.http import header

LIMITED_PREFIX = "/v1/"


def _not_limited() -> bool:
    return not request.path.startswith(LIMITED_PREFIX)


def _seat_token() -> str:
    """The bearer token's hash (tokens themselves are never stored)."""
    _, _, token = (header("Authorization") or "").partition(" ")
    return hashlib.sha256(token.strip().encode()).hexdigest()[:32]


def _without_seat_token() -> bool:
    scheme, _, token = (header("Authorization") or "").partition(" ")
    return _not_limited() or scheme.lower() != "bearer" or not token.strip()


def init_rate_limits(
    app: Flask,
    redis_url: str,
    per_address: str,
    per_seat: str,
    *,
    socket_timeout: float,
    connect_timeout: float,
) -> Limiter | None:
    limits = []
    if per_address:
        limits.append(
            ApplicationLimit(per_address, key_function=get_remote_address, exempt_when=_not_limited)
        )
    if per_seat:
        limits.append(
            ApplicationLimit(
                per_seat,
                key_function=_seat_token,
                exempt_when=_without_seat_token,
                scope="seat",
            )
        )
    if not limits:
        return None  # off: no hook runs at all
    return Limiter(
        get_remote_address,
        app=app,
        application_limits=limits,
        storage_uri=redis_url,
        storage_options={
            "socket_timeout": socket_timeout,
            "socket_connect_timeout": connect_timeout,
            "key_prefix": "buttonup",  # next to the games' keys, not under LIMITS:
        },
        strategy="sliding-window-counter",
        key_prefix="ratelimit",
        headers_enabled=True,
        swallow_errors=True,
    )
