"""gunicorn defaults for the service: gthread workers, the app factory.

`buttonup serve` and the container both start gunicorn with this file; their
command-line options (bind, workers, threads) override what is set here.
"""

import os
import shutil
import sys
import tempfile

from buttonup.config import ConfigError, Settings

try:
    settings = Settings.from_env()
except ConfigError as error:
    sys.exit(f"buttonup: {error}")  # one line naming the variable, and no server

wsgi_app = "buttonup.app:create_app()"
bind = [settings.bind]
worker_class = "gthread"
workers = settings.workers
# Each open event stream holds a thread while it waits, but every thread more
# costs throughput under load (bench/http_bench.py --threads N, one run: 8
# threads 0.77 of the ceiling, 16 0.70, 32 0.61): raise it to the number of
# streams a worker must hold.
threads = settings.threads
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


def on_starting(server):
    os.makedirs(_metrics_dir, exist_ok=True)
    for name in os.listdir(_metrics_dir):
        if name.endswith(".db"):
            os.remove(os.path.join(_metrics_dir, name))


def child_exit(server, worker):
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid, _metrics_dir)


def on_exit(server):
    if _own_metrics_dir:
        shutil.rmtree(_metrics_dir, ignore_errors=True)


def pre_request(worker, req):
    if req.req_number >= _KEEPALIVE_REQUESTS:
        req.must_close = True  # answered with Connection: close
