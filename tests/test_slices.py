"""Long work in slices: a hand-over once a slice of time has run, work side
by side under gevent (in a process gevent patched, as the workers are),
work apart, on a greenlet that ends with it, and the requests at work at
once bounded, each given up while its request waits or hands over."""

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


def test_turns_bound_the_requests_at_work_first_come_first_served():
    under_gevent(
        """
        import time
        import gevent
        from buttonup.slices import TURNS

        TURNS.limit(2)
        in_flight, most, started = 0, 0, []

        def request(n):
            global in_flight, most
            with TURNS.turn():
                started.append(n)
                in_flight += 1
                most = max(most, in_flight)
                time.sleep(0.002)  # a round trip's wait: the turn is kept
                in_flight -= 1

        gevent.joinall([gevent.spawn(request, n) for n in range(6)])
        assert most == 2, most
        assert started == list(range(6)), started
        """
    )


def test_a_request_gives_its_turn_up_while_it_waits_on_purpose_or_hands_over():
    under_gevent(
        """
        import gevent
        from gevent.event import Event
        from buttonup.slices import TURNS, let_others_run, sleep_aside

        TURNS.limit(1)
        happened, late_waiting = [], Event()

        def waits():
            with TURNS.turn():
                happened.append("waiting")
                sleep_aside(0.05)  # a refusal held back: another has the turn
                happened.append("back")
                late_waiting.wait()  # a round trip's wait: the turn is kept
                let_others_run()  # long work's hand-over: the one waiting goes first
                happened.append("on")

        def quick(name):
            with TURNS.turn():
                happened.append(name)

        first = gevent.spawn(waits)
        gevent.sleep(0.01)
        gevent.spawn(quick, "quick").join()
        assert happened == ["waiting", "quick"], happened
        gevent.sleep(0.045)  # `waits` has its turn back and holds it
        late = gevent.spawn(quick, "late")
        gevent.sleep(0.01)
        assert happened == ["waiting", "quick", "back"], happened  # `late` waits its turn
        late_waiting.set()
        first.join()
        late.join()
        assert happened == ["waiting", "quick", "back", "late", "on"], happened
        with TURNS.turn():  # every turn given back
            pass
        """
    )


def test_requests_wait_for_a_turn_behind_a_stall_only_so_long_then_go_on_without():
    under_gevent(
        """
        import time
        import gevent
        from buttonup.slices import STALLED_SECONDS, TURNS

        TURNS.limit(1)
        happened = []

        def stalled():
            with TURNS.turn():
                time.sleep(4 * STALLED_SECONDS)  # Redis not answering
                happened.append("stalled")

        def request(name):
            with TURNS.turn():
                happened.append(name)

        first = gevent.spawn(stalled)
        gevent.sleep(0.01)
        waited = time.monotonic()
        gevent.spawn(request, "on").join()
        assert happened == ["on"], happened  # before the stall ended
        assert STALLED_SECONDS <= time.monotonic() - waited < 3 * STALLED_SECONDS
        first.join()
        in_flight, most = 0, 0

        def counted():
            global in_flight, most
            with TURNS.turn():
                in_flight += 1
                most = max(most, in_flight)
                time.sleep(0.002)
                in_flight -= 1

        gevent.joinall([gevent.spawn(counted) for _ in range(4)])
        assert most == 1, most  # the one turn, given back once

        def holds():
            with TURNS.turn():
                time.sleep(0.05)

        holder = gevent.spawn(holds)
        gevent.sleep(0.01)
        ended = [gevent.spawn(request, "never") for _ in range(2)]
        gevent.sleep(0.01)
        ended[0].kill()  # ended while waiting: its place passed on
        holder.join()
        ended[1].kill()  # handed the turn, ended before it ran: the turn passed on
        gevent.spawn(request, "after").join(timeout=1)
        assert happened[-1] == "after", happened
        """
    )
