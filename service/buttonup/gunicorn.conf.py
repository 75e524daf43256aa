"""gunicorn defaults for the service: gevent workers, the app factory.

`buttonup serve` and the container both start gunicorn with this file; their
command-line options (bind, workers, connections) override what is set here.
"""

import os
import shutil
import sys
import tempfile
import warnings
from typing import Any  # gunicorn's server, worker and request are untyped

from buttonup.config import ConfigError, Settings, new_secret_key

# gunicorn's master imports ssl (for its listening sockets) before a gevent
# worker patches the standard library, so gevent warned at every worker's
# start. gevent patches ssl's classes in place, and every connection this
# service makes is made later, through patched modules (redis.asyncio, whose
# names were taken before, is never used): the warning is about nothing here.
warnings.filterwarnings("ignore", message="Monkey-patching ssl after ssl has already been imported")

try:
    settings = Settings.from_env()
except ConfigError as error:
    sys.exit(f"buttonup: {error}")  # one line naming the variable, and no server

# Every worker seals with one secret: without the operator's, the master
# draws one before the workers fork (and inherit it). Seals then last as
# long as this server, and another replica cannot open them.
if settings.secret_key is None:
    os.environ["BUTTONUP_SECRET_KEY"] = new_secret_key()
    print(
        "buttonup: no BUTTONUP_SECRET_KEY nor BUTTONUP_SECRET_KEY_FILE: a secret of this "
        "server's own (replicas must share one: docs/operations.md)",
        file=sys.stderr,
        flush=True,
    )

wsgi_app = "buttonup.app:create_app()"
bind = [settings.bind]
# An event stream waits for minutes. Under gevent a waiting stream is a
# greenlet, not a thread, and handing the CPU from one request to another is a
# greenlet switch instead of a GIL handover between OS threads: with 200 open
# streams, a move cost about 3 context switches instead of 20 under gthread
# (bench/streams_bench.py). gunicorn patches the standard library in each
# worker before it imports the app. CPU-bound work runs to its end before
# another greenlet of that worker runs; the longest is a cold solve of a
# round, 7.5 ms at p99 (bench/solver_bench.py).
# gunicorn's gevent worker, answering the requests gunicorn refuses itself
# with problem+json rather than an HTML page (buttonup/worker.py).
worker_class = "buttonup.worker.ProblemWorker"
workers = settings.workers
worker_connections = settings.connections
keepalive = 5
# A keep-alive connection stays with the worker that accepted it, and which
# worker accepts is chance: 8 clients on 2 workers were all seen on one,
# leaving a core idle. Closing a connection after this many requests (as
# nginx's keepalive_requests does) deals the connections out again.
_KEEPALIVE_REQUESTS = 100
timeout = 30
graceful_timeout = 10
control_socket_disable = True  # several services may run on one host
preload_app = False
accesslog = None
errorlog = "-"
loglevel = settings.log_level

# Prometheus multiprocess mode: every worker writes its samples under this
# directory and /metrics adds them up. Set before any worker starts (workers
# import the app after the fork, so they see it); files of an earlier run are
# cleared, a dead worker's gauges dropped.
_own_metrics_dir = "PROMETHEUS_MULTIPROC_DIR" not in os.environ
if _own_metrics_dir:
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="buttonup-metrics-")
_metrics_dir = os.environ["PROMETHEUS_MULTIPROC_DIR"]


def on_starting(server: Any) -> None:
    os.makedirs(_metrics_dir, exist_ok=True)
    for name in os.listdir(_metrics_dir):
        if name.endswith(".db"):
            os.remove(os.path.join(_metrics_dir, name))


def child_exit(server: Any, worker: Any) -> None:
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid, _metrics_dir)


def on_exit(server: Any) -> None:
    if _own_metrics_dir:
        shutil.rmtree(_metrics_dir, ignore_errors=True)


# A full collection is considered after this many collections of the middle
# generation, not the interpreter's 10 (gc.set_threshold; the younger two
# generations keep their thresholds). What a full collection walks grows with
# the connections a worker holds: with 500 players' streams open on a worker,
# one took about 70 ms and came about every 4 s under the players' benchmark's
# load, 18 us of every move. Ten times rarer, they cost about a tenth of
# that; what waits longer is cyclic garbage that outlived two collections
# (docs/performance.md, "Garbage collection").
FULL_COLLECTION_AFTER = 100

# The one reach into gevent's internals, below; tests/test_gunicorn_conf.py
# pins the version it was written for.
WRITTEN_FOR_GEVENT = "26."


def post_worker_init(worker: Any) -> None:
    """The app is loaded: what it made at start-up lives as long as the
    worker, so the collector is told to leave it alone (gc.freeze). A full
    collection then walks only what came after: a median pause of 43 ms
    instead of 142 ms under the HTTP benchmark's load (bench/gc_pause_bench.py;
    docs/performance.md, "Garbage collection"), which every request in flight on the
    worker waits through.

    redis-py checks every connection it takes from its pool with a
    zero-timeout select.poll(). gevent's poll answers even that by a trip
    through its event loop: 51 us against 15 us a pooled connection taken and
    given back with the system's, and 5 to 14% more server CPU per move without
    this (docs/performance.md, "Library internals"). A zero-timeout poll never blocks, so
    the system's is safe, and nothing in the worker polls with a timeout.

    gevent records, for every greenlet it spawns (one or two per connection),
    the greenlet that spawned it and the frames of its stack, for debugging
    tools this service does not use. Its documented setting turns that off:
    an open event stream then holds about 89 objects the collector tracks
    instead of about 103, and a spawn takes half the time (docs/performance.md, "Garbage
    collection").

    Full collections are made rarer (FULL_COLLECTION_AFTER, above)."""
    import gc
    import select

    import gevent
    from gevent import monkey

    select.poll = monkey.get_original("select", "poll")
    gevent.config.track_greenlet_tree = False
    youngest, middle, _ = gc.get_threshold()
    gc.set_threshold(youngest, middle, FULL_COLLECTION_AFTER)
    gc.freeze()


def pre_request(worker: Any, req: Any) -> None:
    if req.req_number >= _KEEPALIVE_REQUESTS:
        req.must_close = True  # answered with Connection: close
