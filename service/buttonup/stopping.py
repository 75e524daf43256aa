"""A worker told to stop (SIGTERM: a restart, a deploy) ends its event
streams at once, rather than holding them until gunicorn's graceful timeout
kills them: the worker (buttonup.worker) raises WorkerStopping in each
stream's greenlet, and the stream (api.events) ends there as it ends on a
storage failure, its last write whole; its client resumes with
Last-Event-ID on another worker, and the worker exits as soon as its other
requests are answered.

Tested in tests/e2e/test_live_server.py.
"""

import gevent


class WorkerStopping(gevent.GreenletExit):
    """Raised in an event stream's greenlet by a worker that stops."""
