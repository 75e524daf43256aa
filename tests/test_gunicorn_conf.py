"""gunicorn.conf.py's one reach into gevent's internals (the system's poll
for redis-py's zero-timeout checks), pinned to the version it was written for,
the worker hook that freezes what the app made at start-up, makes full
collections rarer, and stops gevent recording how each greenlet was spawned."""

import gc
import runpy
import select

import gevent
import pytest
from gevent import monkey

from buttonup.cli import GUNICORN_CONF


def test_the_installed_gevent_is_the_one_the_poll_swap_was_written_for():
    conf = runpy.run_path(str(GUNICORN_CONF))
    assert gevent.__version__.startswith(conf["WRITTEN_FOR_GEVENT"])
    assert monkey.get_original("select", "poll") is select.poll  # unpatched here


@pytest.fixture
def worker_hook():
    """gunicorn.conf.py's post_worker_init, with what it changes in this
    process (the poll, the freeze, the collector's thresholds, gevent's greenlet
    tree) put back after."""
    patched, tracking = select.poll, gevent.config.track_greenlet_tree
    thresholds = gc.get_threshold()
    gc.unfreeze()
    yield runpy.run_path(str(GUNICORN_CONF))["post_worker_init"]
    gc.unfreeze()
    gc.set_threshold(*thresholds)
    select.poll = patched
    gevent.config.track_greenlet_tree = tracking


def test_the_worker_hook_puts_back_the_systems_poll(worker_hook):
    select.poll = lambda: None  # as gevent's patch would stand
    worker_hook(None)
    assert select.poll is monkey.get_original("select", "poll")


def test_the_worker_hook_freezes_what_the_loaded_app_made(worker_hook):
    made_at_start_up = [[], {"routes": []}]
    assert all(gc.is_tracked(made) for made in made_at_start_up)
    worker_hook(None)
    assert gc.get_freeze_count() >= len(made_at_start_up)
    # A frozen object is left out of every collection, and of this list.
    tracked = {id(found) for found in gc.get_objects()}
    assert not any(id(made) in tracked for made in made_at_start_up)


def test_the_worker_hook_stops_greenlets_recording_how_they_were_spawned(worker_hook):
    gevent.config.track_greenlet_tree = True
    assert gevent.Greenlet(lambda: None).spawning_stack is not None
    worker_hook(None)
    spawned = gevent.Greenlet(lambda: None)
    assert spawned.spawning_stack is None
    assert spawned.spawning_greenlet is None


def test_the_worker_hook_makes_full_collections_rarer_and_leaves_the_younger_ones(worker_hook):
    youngest, middle, oldest = gc.get_threshold()
    worker_hook(None)
    rarer = runpy.run_path(str(GUNICORN_CONF))["FULL_COLLECTION_AFTER"]
    assert rarer > oldest
    assert gc.get_threshold() == (youngest, middle, rarer)
