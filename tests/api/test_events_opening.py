"""A stream's first batch is read in its request: what reading it raises is
answered as a problem, its place in the budget given back, and a stream
with nothing to send is an empty answer."""

from buttonup.api.events import EventStream, stream_response
from buttonup.errors import StorageUnavailable


def held(app) -> int:
    return len(app.extensions["buttonup.streams"])


def failing_first_batch(keepalive_ms: int):
    raise StorageUnavailable("Redis went away")
    yield []


def test_a_stream_whose_first_reads_fail_answers_503_and_holds_no_place(app):
    with app.test_request_context("/v1/players/me/events"):
        try:
            stream_response(failing_first_batch, lambda item: b"")
        except StorageUnavailable:
            pass
        else:
            raise AssertionError("the failure was not raised to the request")
    assert held(app) == 0


def test_a_stream_opens_with_its_first_batch_already_read(app):
    reads: list[str] = []

    def batches(keepalive_ms: int):
        reads.append("first")
        yield ["a", "b"]
        reads.append("second")
        yield []

    with app.test_request_context("/v1/games/x/events"):
        response = stream_response(batches, lambda item: item.encode())
    assert reads == ["first"], "read in the request, before the server iterates"
    assert held(app) == 1
    body = response.response
    assert isinstance(body, EventStream)
    assert next(body) == b"ab"
    assert next(body) == b": keep-alive\n\n"
    body.close()
    assert held(app) == 0


def test_a_stream_with_nothing_to_send_is_empty_and_gives_its_place_back(app):
    def nothing(keepalive_ms: int):
        return
        yield []

    with app.test_request_context("/v1/games/x/events"):
        response = stream_response(nothing, lambda item: b"")
    assert list(response.response) == []
    response.response.close()
    assert held(app) == 0
