"""Rate limits per client address and per seat token, counted in the game
store's Redis so every process and replica shares them (flask-limiter).

Two kinds. Limits on every request to /v1/ (per address, per seat token),
off unless configured. And meters on the costly operations (METERS: perfect
play, records, whatever makes something new in storage), on by default,
each counted per client address and per credential (a player's key or a
seat's token) across its operations, a meter's address limit its own where
many people share one address; only those requests pay for them.
Probes, metrics, docs and the board's static files are never limited. A
breach is 429 `rate_limited` with Retry-After; when the counters cannot be
reached the request goes on, and meets the store's own 503 if Redis is
really down.
"""

import hashlib
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from math import ceil
from typing import Any

from flask import Flask, request
from flask_limiter import ApplicationLimit, Limiter
from flask_limiter.util import get_remote_address
from limits import parse_many
from limits.storage import Storage, storage_from_string
from limits.strategies import SlidingWindowCounterRateLimiter
from werkzeug.exceptions import TooManyRequests

from buttonup.api.http import header
from buttonup.slices import sleep_aside

LIMITED_PREFIX = "/v1/"
log = logging.getLogger(__name__)
REFUSALS_KEPT = 10_000  # counters a worker remembers as refused until their window ends
REFUSED_AGAIN_PAUSE = 1.0  # seconds before a refused counter's next 429


# A meter's limits: per credential, per client address ("": not counted).
MeterLimits = tuple[str, str]


def _parsed(limits: MeterLimits) -> dict[str, list]:
    credential, address = limits
    return {
        "credential": parse_many(credential) if credential else [],
        "address": parse_many(address) if address else [],
    }


@dataclass(frozen=True, slots=True)
class Meter:
    """A kind of costly request, and the operations (method, endpoint) it counts."""

    name: str
    operations: frozenset[tuple[str, str]]


METERS = (
    # A solve per question: a game's analysis, a position's.
    Meter(
        "analysis",
        frozenset({("GET", "analysis.Analysis"), ("POST", "positions.PositionAnalysis")}),
    ),
    # A whole game read and played (import), or every game of a player's (or a
    # wing's list of games, as a tournament's) written.
    Meter("records", frozenset({("POST", "records.GameImport"), ("GET", "players.MyRecords")})),
    # Something new kept in storage: a game (its bots' moves too), a rematch,
    # and what a wing makes (a seek, a tournament).
    Meter("creates", frozenset({("POST", "games.GameCollection"), ("POST", "games.Rematch")})),
    # A player made: apart from the games, so that people sharing an address
    # can each make a player and then start a game.
    Meter("players", frozenset({("POST", "players.PlayerCollection")})),
    # A membership joined or left (a wing's: a tournament's pool, woken each time).
    Meter("joins", frozenset()),
)
# The core's operations are above; a wing adds its own to a meter by name in
# its manifest (`metered`), as the app installs it.


def _not_limited() -> bool:
    return not request.path.startswith(LIMITED_PREFIX)


def _seat_token() -> str:
    """The bearer token's hash (tokens themselves are never stored)."""
    _, _, token = (header("Authorization") or "").partition(" ")
    return hashlib.sha256(token.strip().encode()).hexdigest()[:32]


def _without_seat_token() -> bool:
    scheme, _, token = (header("Authorization") or "").partition(" ")
    return _not_limited() or scheme.lower() != "bearer" or not token.strip()


class Meters:
    """Counts the costly operations, before their views run. Every request
    costs one lookup of its (method, endpoint); a metered one, a sliding
    window counter per limit (limits, the library under flask-limiter: its
    Redis storage and window, used as documented) for its address and for
    its credential. flask-limiter's own hooks, installed for the meters
    alone, cost every request some 60 us more (16-23% of a read)."""

    def __init__(
        self,
        storage: Storage,
        meters: Mapping[str, MeterLimits],
        wing_operations: Mapping[str, Iterable[tuple[str, str]]],
    ) -> None:
        self._window = SlidingWindowCounterRateLimiter(storage)
        self._refused: OrderedDict[tuple[str, str, str], float] = OrderedDict()
        self._lock = threading.Lock()
        self._limits = {
            operation: (meter.name, _parsed(meters[meter.name]))
            for meter in METERS
            if any(meters.get(meter.name, ("", "")))
            for operation in (*meter.operations, *wing_operations.get(meter.name, ()))
        }

    def count(self) -> None:
        """429 (TooManyRequests, with Retry-After) once over a limit."""
        metered = self._limits.get((request.method, request.endpoint or ""))
        if metered is None:
            return
        name, limits = metered
        counted = [("address", get_remote_address())]
        if not _without_seat_token():
            counted.append(("credential", _seat_token()))
        now = time.time()
        for scope, key in counted:
            items = limits[scope]
            # Refused lately here: refused again without asking Redis, and only
            # after a pause (a sleeping greenlet costs no CPU), so that a client
            # that does not wait as Retry-After says sends one request a second
            # on each connection, not as many as the worker can answer.
            until = self._refused.get((name, scope, key))
            if until is not None and until > now:
                sleep_aside(min(REFUSED_AGAIN_PAUSE, until - now))  # its turn to another
                raise TooManyRequests(f"over the {name} limit", retry_after=ceil(until - now))
            for item in items:
                try:
                    if self._window.hit(item, "meter", name, scope, key):
                        continue
                    stats = self._window.get_window_stats(item, "meter", name, scope, key)
                except Exception as error:  # the counters cannot be reached: the request goes on
                    log.warning("the %s meter could not count: %s", name, type(error).__name__)
                    return
                until = max(now + 1, stats.reset_time)
                self._refuse((name, scope, key), until)
                raise TooManyRequests(
                    f"over the {name} limit of {item}", retry_after=ceil(until - now)
                )

    def _refuse(self, counter: tuple[str, str, str], until: float) -> None:
        with self._lock:
            self._refused[counter] = until
            self._refused.move_to_end(counter)
            while len(self._refused) > REFUSALS_KEPT:
                self._refused.popitem(last=False)


def init_rate_limits(
    app: Flask,
    redis_url: str,
    per_address: str,
    per_seat: str,
    *,
    meters: Mapping[str, MeterLimits],
    socket_timeout: float,
    connect_timeout: float,
    wing_operations: Mapping[str, Iterable[tuple[str, str]]] | None = None,
) -> Limiter | None:
    """The limiter of every /v1/ request (None when it is off), and the
    meters of costly operations: `meters`, by meter name, its limits per
    credential and per address ("": off); `wing_operations`, by meter name,
    the installed wings' operations each also counts."""
    wing_operations = wing_operations or {}
    unknown = set(wing_operations) - {meter.name for meter in METERS}
    if unknown:
        raise ValueError(f"no meter named {sorted(unknown)}: a wing may count only in these")
    limits: list[str | Callable[[], str] | ApplicationLimit] = []
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
    storage_options: dict[str, Any] = {
        "socket_timeout": socket_timeout,
        "socket_connect_timeout": connect_timeout,
        "key_prefix": "buttonup",  # next to the games' keys, not under LIMITS:
    }
    if any(any(limits) for limits in meters.values()):
        storage = storage_from_string(redis_url, **storage_options)
        assert isinstance(storage, Storage)  # a redis:// URL: limits' synchronous storage
        app.before_request(Meters(storage, meters, wing_operations).count)
    if not limits:
        return None  # off: flask-limiter's hooks do not run at all
    return Limiter(
        get_remote_address,
        app=app,
        application_limits=limits,
        storage_uri=redis_url,
        storage_options=storage_options,
        strategy="sliding-window-counter",
        key_prefix="ratelimit",
        headers_enabled=True,
        swallow_errors=True,
    )
