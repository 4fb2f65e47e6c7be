"""Keeping the window fluid while a solver thread runs.

Three things besides our own painting stall the GUI thread, each measured with
bench/gui_latency.py during a Mini Bedlam solve:
- the GIL: while the worker runs Python (preparing a puzzle), the GUI thread waits for its turn
  each time it calls into Python. Python's default 5 ms turn left ticks 5 ms apart and up to
  45 ms; a 1 ms turn, 2 ms and 7 ms.
- the cyclic garbage collector: a full collection scans every object, and with Qt, numba and
  pyqtgraph loaded that holds the GIL for 60 to 90 ms. Objects alive once the window is up, and
  the placements and kernels a run has loaded by the time it searches, are frozen as long-lived
  so collections never scan them; while a run prepares, automatic collection waits.
- the CPU: the searching thread yields the CPU to every other thread (Linux's SCHED_IDLE
  policy; a high nice value elsewhere), so the GUI thread, and the X server it draws through,
  never wait for it. With nice 5 the largest gap was 62-145 ms over three runs, with
  SCHED_IDLE 29-72 ms (an idle window on this virtual machine alone shows up to 20-67 ms).
  The price: while that thread holds the GIL, any busy thread on the machine can keep it off
  the CPU, and the GUI thread waiting for the GIL waits with it (priority inversion, a
  quarter of a second or more under load). So the searching thread must hold the GIL only
  for moments: the kernels release it, and solutions come out of them in bulk (run.py).
"""

from __future__ import annotations

import gc
import os
import sys
import threading

GIL_SWITCH_INTERVAL = 0.001  # seconds
SOLVER_NICENESS = 5
_LOWERED: set[int] = set()  # native ids of the threads lowered (see raise_lowered_threads)


def tune_interpreter() -> None:
    sys.setswitchinterval(GIL_SWITCH_INTERVAL)


def freeze_long_lived() -> None:
    """Collect once, then exempt everything alive now from future collections."""
    gc.collect()
    gc.freeze()


def pause_collector() -> None:
    """While a run prepares: no automatic collection (see `resume_collector`)."""
    gc.disable()


def resume_collector() -> None:
    """What the run built while preparing lives as long as the run: freeze it, and collect
    automatically again."""
    gc.freeze()
    gc.enable()


def lower_this_threads_priority(niceness: int = SOLVER_NICENESS) -> None:
    """Let the calling thread run only when no other thread wants the CPU (SCHED_IDLE), or at
    least give it a higher nice value. Only on Linux, where threads are scheduled separately;
    elsewhere a no-op."""
    if not sys.platform.startswith("linux"):
        return
    thread = threading.get_native_id()
    _LOWERED.add(thread)
    try:
        os.sched_setscheduler(thread, os.SCHED_IDLE, os.sched_param(0))
        return
    except (AttributeError, OSError):
        pass
    try:
        os.setpriority(os.PRIO_PROCESS, thread, niceness)
    except OSError:
        pass


def raise_lowered_threads() -> None:
    """Give the lowered threads still alive in this process their normal priority back, so a
    stopped run ends at once even on a busy machine (they must run to stop). Best effort: an
    unprivileged process may not be allowed to raise a thread again."""
    if not sys.platform.startswith("linux"):
        return
    for thread in list(_LOWERED):
        if not os.path.exists(f"/proc/self/task/{thread}"):  # ended: its id may be reused
            _LOWERED.discard(thread)
            continue
        try:
            os.sched_setscheduler(thread, os.SCHED_OTHER, os.sched_param(0))
            os.setpriority(os.PRIO_PROCESS, thread, 0)
        except (AttributeError, OSError):
            pass
