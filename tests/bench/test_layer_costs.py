"""bench/layer_costs.py charges each py-spy sample to the layer whose code ran."""

import pytest

from tests import bench_modules


@pytest.fixture(scope="module")
def layer_costs():
    return bench_modules.load("layer_costs")


def test_a_sample_goes_to_the_innermost_layer_on_its_stack(layer_costs):
    stack = (
        "handle (gunicorn/workers/base_async.py:98);wsgi_app (flask/app.py:1511);"
        "post (buttonup/api/games.py:120);get_connection (redis/connection.py:3233);"
        "_checkpid (redis/connection.py:3190) 7"
    )
    assert layer_costs.charge([stack]) == {"redis-py": 7}


def test_the_standard_librarys_work_goes_to_the_layer_that_called_it(layer_costs):
    stack = (
        "handle (gunicorn/workers/base_async.py:98);commit (buttonup/store/games.py:576);"
        "token_urlsafe (secrets.py:71);randbytes (random.py:812) 3"
    )
    alone = "run (threading.py:975);_flush_now_and_then (logging/__init__.py:12) 2"
    assert layer_costs.charge([stack, alone]) == {"service": 3, layer_costs.OTHER: 2}


def test_the_worker_class_is_told_from_the_rest_of_the_service(layer_costs):
    stack = (
        "handle (gunicorn/workers/ggevent.py:120);"
        "_whole_body (buttonup/worker.py:148) 5\n"
        "render (/work/bench/ceiling_app.py:25) 1"
    )
    assert layer_costs.charge(stack.splitlines()) == {
        "service's worker and hooks": 5,
        "ceiling app": 1,
    }
