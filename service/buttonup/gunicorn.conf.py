"""gunicorn defaults for the service: gthread workers, the app factory.

`buttonup serve` and the container both start gunicorn with this file; their
command-line options (bind, workers, threads) override what is set here.
"""

import os

wsgi_app = "buttonup.app:create_app()"
bind = [os.environ.get("BUTTONUP_BIND", "127.0.0.1:8000")]
worker_class = "gthread"
workers = int(os.environ.get("BUTTONUP_WORKERS", "2"))
# Each open event stream holds a thread while it waits, but every thread more
# costs throughput under load (bench/http_bench.py --threads N, one run: 8
# threads 0.77 of the ceiling, 16 0.70, 32 0.61): raise it to the number of
# streams a worker must hold.
threads = int(os.environ.get("BUTTONUP_THREADS", "8"))
keepalive = 5
timeout = 30
graceful_timeout = 10
# Fail at start, in the master, on a bad setting or an unreachable module.
control_socket_disable = True  # several services may run on one host
preload_app = False
accesslog = None
errorlog = "-"
loglevel = os.environ.get("BUTTONUP_LOG_LEVEL", "info").lower()
