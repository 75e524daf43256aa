"""Long work in slices: a hand-over once a slice of time has run, work side
by side under gevent (in a process gevent patched, as the workers are), and
work apart, on a greenlet that ends with it."""

import pytest

from buttonup.slices import apart, every_slice, side_by_side
from tests.helpers.gevent_programs import under_gevent


def test_a_pause_hands_over_only_once_its_slice_has_run():
    now = [0.0]
    handed = []
    pause = every_slice(0.01, hand_over=lambda: handed.append(now[0]), clock=lambda: now[0])
    for step in range(10):  # ten steps of 3 ms
        now[0] = (step + 1) * 0.003
        pause()
    assert handed == pytest.approx([0.012, 0.024])


def test_work_side_by_side_outside_gevent_is_done_in_order():
    assert side_by_side(lambda n: n * n, [3, 1, 2]) == [9, 1, 4]


def test_work_side_by_side_under_gevent_runs_at_once_keeps_order_and_raises():
    under_gevent(
        """
        import time
        from buttonup.slices import side_by_side

        in_flight, most = 0, 0

        def work(n):
            global in_flight, most
            in_flight += 1
            most = max(most, in_flight)
            time.sleep(0.001 * (5 - n))  # a round trip's wait, the first longest
            in_flight -= 1
            return n

        assert side_by_side(work, list(range(5)), at_most=3) == [0, 1, 2, 3, 4]
        assert most == 3, most

        def fails(n):
            if n == 2:
                raise ValueError("two")
            return n

        raises(lambda: side_by_side(fails, [1, 2, 3]), "two")
        """
    )


def test_work_apart_outside_gevent_is_done_here():
    import threading

    here = threading.current_thread()
    assert apart(lambda: threading.current_thread() is here) is True


def test_work_apart_under_gevent_runs_on_a_greenlet_that_ends_with_it():
    under_gevent(
        """
        import gevent
        from buttonup.slices import apart

        ran_on = []

        def work():
            ran_on.append(gevent.getcurrent())
            gevent.sleep(0.01)
            return 7

        assert apart(work) == 7
        assert ran_on[0] is not gevent.getcurrent() and ran_on[0].dead

        def fails():
            raise ValueError("deep")

        raises(lambda: apart(fails), "deep")
        """
    )


def test_work_apart_whose_caller_is_ended_is_let_finish_and_handed_over():
    under_gevent(
        """
        import gevent
        from buttonup.slices import apart

        done, handed = [], []

        def work():
            gevent.sleep(0.2)  # round trips
            done.append(True)
            return "answer"

        caller = gevent.spawn(apart, work, handed.append)
        gevent.sleep(0.05)
        caller.kill(block=True)  # its client gone
        assert done == [True], "let finish, not cut halfway"
        assert handed == ["answer"]
        """
    )
