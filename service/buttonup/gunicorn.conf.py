"""gunicorn defaults for the service: gthread workers, the app factory.

`buttonup serve` and the container both start gunicorn with this file; their
command-line options (bind, workers, threads) override what is set here.
"""

import sys

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
timeout = 30
graceful_timeout = 10
control_socket_disable = True  # several services may run on one host
preload_app = False
accesslog = None
errorlog = "-"
loglevel = settings.log_level
