"""Prometheus metrics at /metrics, correct across gunicorn workers.

When PROMETHEUS_MULTIPROC_DIR is set (gunicorn.conf.py sets it for every
worker), each worker writes its samples to files there and /metrics adds up
the files of all workers, live and dead; without it (one process, as in the
test client) the process's own registry answers.
"""

import os
from collections.abc import Iterable
from typing import Any

from flask import Flask, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

from buttonup.engine import EventName

REQUESTS = Counter(
    "buttonup_http_requests",
    "HTTP requests answered, by method, route template and status",
    ["method", "route", "status"],
)
LATENCY = Histogram(
    "buttonup_http_request_duration_seconds",
    "Time from the request to its response headers, by method and route template",
    ["method", "route"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
)
MOVES_APPLIED = Counter("buttonup_moves_applied", "Moves applied, the bots' included")
GAMES_CREATED = Counter("buttonup_games_created", "Games created")
GAMES_FINISHED = Counter(
    "buttonup_games_finished", "Games over: the target score reached, or a resignation"
)
PLAYERS_JOINED = Counter("buttonup_players_joined", "Seats taken by players joining")
REDIS_ERRORS = Counter(
    "buttonup_redis_errors", "Requests answered 503 because Redis could not be reached"
)
STREAMS_OPEN = Gauge(
    "buttonup_event_streams_open", "Event streams being served", multiprocess_mode="livesum"
)

# What a committed change did (Games' observer) -> its counter.
_CHANGE_COUNTERS: dict[str, Counter] = {
    EventName.CREATED: GAMES_CREATED,
    EventName.JOINED: PLAYERS_JOINED,
    EventName.MOVE: MOVES_APPLIED,
    EventName.GAME_OVER: GAMES_FINISHED,
}
UNMATCHED_ROUTE = "unmatched"  # 404s: one label, not one per path tried


def count_changes(names: Iterable[str]) -> None:
    for name in names:
        counter = _CHANGE_COUNTERS.get(name)
        if counter is not None:
            counter.inc()


# The labelled series of each (method, route, status), looked up once: labels()
# validates and locks on every call.
_series: dict[tuple[str, str | None, int], tuple[Any, Any]] = {}


def observe_request(method: str, route: str | None, status: int, seconds: float) -> None:
    key = (method, route, status)
    series = _series.get(key)
    if series is None:
        label = route or UNMATCHED_ROUTE
        series = REQUESTS.labels(method, label, str(status)), LATENCY.labels(method, label)
        _series[key] = series
    requests, latency = series
    requests.inc()
    latency.observe(seconds)


def exposition() -> bytes:
    if "PROMETHEUS_MULTIPROC_DIR" in os.environ:
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return generate_latest(registry)
    return generate_latest(REGISTRY)


def init_metrics(app: Flask) -> None:
    # Not part of the public API (and not in the spec): operators scrape it,
    # and deploy/nginx.conf keeps it off the public side of the proxy.
    @app.get("/metrics")
    def metrics() -> Response:
        return Response(exposition(), content_type=CONTENT_TYPE_LATEST)
