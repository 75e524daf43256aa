"""The worker reaches into gunicorn's request (`Request.body`, and the
private `Request._expected_100_continue`): pinned to the version it was
written for, so that a new major is checked (and the pin raised) before it
is installed."""

from importlib.metadata import version

from gunicorn.config import Config
from gunicorn.http.parser import RequestParser

from buttonup.worker import WRITTEN_FOR

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
