"""A stopped run's threads get their normal priority back: at idle priority, a busy machine
could keep them from running the few steps they need to stop."""

from __future__ import annotations

import os
import sys
import threading

import pytest

from polygui.solving.latency import lower_this_threads_priority, raise_lowered_threads

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="threads have their own scheduling policy on Linux only")


def test_stopping_raises_the_lowered_threads_again():
    if os.geteuid() != 0:
        pytest.skip("an unprivileged process may not raise a thread back from SCHED_IDLE")
    lowered, raised, seen = threading.Event(), threading.Event(), []

    def solver_thread() -> None:
        lower_this_threads_priority()
        seen.append(os.sched_getscheduler(0))
        lowered.set()
        raised.wait(5)
        seen.append(os.sched_getscheduler(0))

    thread = threading.Thread(target=solver_thread)
    thread.start()
    assert lowered.wait(5)
    raise_lowered_threads()
    raised.set()
    thread.join(5)
    assert seen == [os.SCHED_IDLE, os.SCHED_OTHER]
