"""The worker reaches into gunicorn's request (`Request.body`, and the
private `Request._expected_100_continue`): pinned to the version it was
written for, so that a new major is checked (and the pin raised) before it
is installed. A stream's request is answered on a greenlet of its own, and
closed when its client leaves before it is made; its environ is then cut
down to what the server still reads."""

import json
from importlib.metadata import version
from pathlib import Path

from gunicorn.config import Config
from gunicorn.http.parser import RequestParser

from buttonup.worker import STREAM_PATH_SUFFIX, WRITTEN_FOR
from tests.helpers.gevent_programs import under_gevent

EXPECTING = (
    b"POST /v1/games HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n"
    b"Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"
)


def test_the_installed_gunicorn_is_the_one_the_worker_was_written_for():
    for package, prefix in WRITTEN_FOR.items():
        assert version(package).startswith(prefix), package


def test_gunicorn_marks_a_request_that_waits_for_100_continue_and_gives_its_body():
    request = next(RequestParser(Config(), iter([EXPECTING]), ("127.0.0.1", 1)))
    assert request._expected_100_continue is True
    assert request.body.read() == b"{}"
    plain = EXPECTING.replace(b"Expect: 100-continue\r\n", b"")
    assert (
        next(RequestParser(Config(), iter([plain]), ("127.0.0.1", 1)))._expected_100_continue
        is False
    )


def test_a_streams_request_is_answered_on_a_greenlet_of_its_own():
    under_gevent(
        """
        import gevent
        from buttonup.worker import _answered_apart

        seen = []

        def app(environ, start):
            seen.append(gevent.getcurrent())
            return [b"answer"]

        connection = gevent.spawn(_answered_apart, app, {}, None)
        assert connection.get(timeout=5) == [b"answer"]
        assert seen and seen[0] is not connection and seen[0].dead
        """
    )


def test_a_stream_whose_client_leaves_while_it_is_answered_is_closed():
    under_gevent(
        """
        import gevent
        from buttonup.worker import _answered_apart

        class Body:
            closed = False

            def __iter__(self):
                return iter([b"x"])

            def close(self):
                self.closed = True

        made = Body()

        def app(environ, start):
            gevent.sleep(0.2)  # the request's reads
            return made

        connection = gevent.spawn(_answered_apart, app, {}, None)
        gevent.sleep(0.05)
        connection.kill(block=True)  # what a hang-up does (buttonup.hang_ups)
        assert made.closed, "its place in the stream budget is given back"
        """
    )


def test_a_streams_environ_keeps_only_what_the_server_reads_once_it_is_answered():
    under_gevent(
        """
        import socket

        import gevent
        from buttonup.worker import SERVER_READS_AFTER, _freed_on_hang_up

        def app(environ, start):
            kind = "text/event-stream" if environ["PATH_INFO"].endswith("/events") else "text/plain"
            start("200 OK", [("Content-Type", kind)])
            return [b"answer"]

        def answered(path):
            server, client = socket.socketpair()
            environ = {
                "PATH_INFO": path,
                "REQUEST_METHOD": "GET",
                "RAW_URI": path,
                "SERVER_PROTOCOL": "HTTP/1.1",
                "HTTP_AUTHORIZATION": "Bearer the-players-key",
                "HTTP_ACCEPT": "text/event-stream",
                "wsgi.file_wrapper": object,
                "gunicorn.socket": server,
            }
            body = gevent.spawn(_freed_on_hang_up(app), environ, lambda *a: None).get(timeout=5)
            assert list(body) == [b"answer"]
            body.close()
            return environ

        stream = answered("/v1/games/g1/events")
        assert set(stream) == {"PATH_INFO", "REQUEST_METHOD", "RAW_URI", "SERVER_PROTOCOL",
                               "wsgi.file_wrapper"}
        assert set(stream) <= set(SERVER_READS_AFTER)
        other = answered("/v1/games/g1")
        assert "HTTP_AUTHORIZATION" in other and "gunicorn.socket" in other
        """
    )


def test_every_event_stream_of_the_spec_has_the_path_the_worker_knows():
    spec = json.loads((Path(__file__).parents[1] / "openapi" / "openapi.json").read_text())
    streams = [
        path
        for path, item in spec["paths"].items()
        for operation in item.values()
        if isinstance(operation, dict)
        and "text/event-stream" in operation.get("responses", {}).get("200", {}).get("content", {})
    ]
    assert len(streams) >= 3
    assert all(path.endswith(STREAM_PATH_SUFFIX) for path in streams), streams
    non_streams = [p for p in spec["paths"] if p.endswith(STREAM_PATH_SUFFIX) and p not in streams]
    assert not non_streams, "answered apart though not streams"
