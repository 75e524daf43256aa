"""Each event stream of a worker watched for its client: one that hangs up
is noticed at once, and one that stopped reading (its writes waiting unsent)
within STALLED_SECONDS, so that its connection is freed rather than held
until a write fails.

The event loop watches each stream's socket itself (an io watcher calling
back, gevent's documented loop.io: no greenlet a stream), and one sweep
every STALL_CHECK_SECONDS looks at every stream's unsent bytes. A greenlet a stream, waking
each second, had cost 8.6 KB a stream and half of a worker's idle CPU
with 3,000 streams open (docs/performance.md, "Twenty thousand streams").

Imports nothing of the app (buttonup.worker, which uses it, is loaded by
gunicorn's arbiter). Tested in tests/test_hang_ups.py.
"""

import fcntl
import logging
import socket
import sys
import termios
import time
from typing import Any

import gevent

# An event stream whose client stopped reading: its writes wait unsent, at
# least this many bytes of them (a few keep-alives; a reader takes each at
# once) for this long, looked at this often (so ended 10 to 12.5 s after its
# writes began to wait). A look is a system call a stream: at 20,000 streams,
# one a second had been a sixth of a worker's idle CPU.
STALLED_BYTES = 8192
STALLED_SECONDS = 10.0
STALL_CHECK_SECONDS = 2.5
READABLE = 1  # libev's and libuv's read event, as gevent's loop.io takes it

log = logging.getLogger(__name__)


class Watched:
    """A stream being answered: its client's socket, the greenlet answering
    it, the loop's watch of the socket, and since when its writes wait."""

    __slots__ = ("answering", "io", "sock", "stalled_since")

    def __init__(self, sock: socket.socket, answering: gevent.Greenlet, io: Any) -> None:
        self.sock = sock
        self.answering = answering
        self.io = io
        self.stalled_since: float | None = None


class HangUps:
    def __init__(self) -> None:
        self._watched: set[Watched] = set()
        self._sweeping: gevent.Greenlet | None = None

    def watch(self, sock: socket.socket, answering: gevent.Greenlet) -> Watched:
        io = gevent.get_hub().loop.io(sock.fileno(), READABLE)
        watched = Watched(sock, answering, io)
        io.start(self._readable, watched)
        self._watched.add(watched)
        if self._sweeping is None or self._sweeping.dead:
            self._sweeping = gevent.spawn(self._sweep)
        return watched

    def forget(self, watched: Watched) -> None:
        watched.io.stop()
        watched.io.close()
        self._watched.discard(watched)

    def __len__(self) -> int:
        return len(self._watched)

    def _readable(self, watched: Watched) -> None:
        """In the event loop: the client sent something or hung up. Looked
        at on a greenlet (a socket is not read in the loop itself); the
        loop's watch ends either way."""
        watched.io.stop()
        gevent.spawn(self._look, watched)

    def _look(self, watched: Watched) -> None:
        try:
            gone = watched.sock.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            gone = True
        if gone:  # else the client sent more (a pipelined request): no longer watched
            watched.answering.kill(block=False)
            self.forget(watched)

    def _sweep(self) -> None:
        """Every STALL_CHECK_SECONDS while any stream is watched: ends those
        whose client has let STALLED_BYTES or more wait unsent for
        STALLED_SECONDS."""
        while self._watched:
            gevent.sleep(STALL_CHECK_SECONDS)
            now = time.monotonic()
            for watched in list(self._watched):
                if _unsent(watched.sock) < STALLED_BYTES:
                    watched.stalled_since = None
                elif watched.stalled_since is None:
                    watched.stalled_since = now
                elif now - watched.stalled_since >= STALLED_SECONDS:
                    log.info("an event stream's client stopped reading: ended")
                    watched.answering.kill(block=False)
                    self.forget(watched)


def _unsent(sock: socket.socket) -> int:
    """Bytes written to the socket that its peer has not taken (Linux's
    SIOCOUTQ); 0 where that cannot be read."""
    try:
        answer = fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, b"\0\0\0\0")
    except OSError:
        return 0
    return int.from_bytes(answer, sys.byteorder, signed=True)
