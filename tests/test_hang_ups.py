"""A worker's watch of its event streams' clients (buttonup.hang_ups), on
gevent's own loop with real TCP sockets: a client that hangs up ends its
stream's greenlet at once; one that stops reading, once its writes have
waited unsent long enough; one still reading, never; and what is no longer
answered is no longer watched."""

import socket

import gevent
import gevent.socket
import pytest

from buttonup import hang_ups
from buttonup.hang_ups import HangUps


@pytest.fixture
def connected():
    """A server's socket and its client's, over TCP on loopback (gevent's)."""
    listener = gevent.socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    client = gevent.socket.socket()
    client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # fills soon when not read
    client.connect(listener.getsockname())
    server, _ = listener.accept()
    listener.close()
    yield server, client
    server.close()
    client.close()


@pytest.fixture
def quick(monkeypatch):
    """Stalls seen within tenths of a second, not seconds."""
    monkeypatch.setattr(hang_ups, "STALLED_SECONDS", 0.3)
    monkeypatch.setattr(hang_ups, "STALL_CHECK_SECONDS", 0.05)


def answering() -> gevent.Greenlet:
    """A stream's greenlet, waiting on something else than its client."""
    return gevent.spawn(gevent.sleep, 60)


def test_a_client_that_hangs_up_ends_its_stream_at_once(connected):
    server, client = connected
    watch, stream = HangUps(), answering()
    watch.watch(server, stream)
    gevent.sleep(0.05)
    assert not stream.dead
    client.close()
    stream.join(1)
    assert stream.dead
    assert len(watch) == 0


def test_a_client_that_stopped_reading_is_ended_once_its_writes_wait(connected, quick):
    server, _ = connected
    watch, stream = HangUps(), answering()
    watch.watch(server, stream)
    server.setblocking(False)
    try:
        while True:  # what a stream sends, and its client never takes
            server.send(b": keep-alive\n\n" * 512)
    except BlockingIOError:
        pass
    assert hang_ups._unsent(server) >= hang_ups.STALLED_BYTES
    gevent.sleep(0.15)
    assert not stream.dead  # not yet: its writes have not waited long enough
    stream.join(2)
    assert stream.dead
    assert len(watch) == 0


def test_a_client_that_reads_is_left_alone_and_forgotten_when_answered(connected, quick):
    server, client = connected
    watch, stream = HangUps(), answering()
    watched = watch.watch(server, stream)
    for _ in range(20):
        server.sendall(b": keep-alive\n\n" * 64)
        client.recv(65536)
        gevent.sleep(0.03)
    assert not stream.dead
    watch.forget(watched)
    client.close()
    gevent.sleep(0.1)
    assert not stream.dead  # no longer watched: its end is its own
    stream.kill()
