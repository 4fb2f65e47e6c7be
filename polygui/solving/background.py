"""A search other than Solve's, off the GUI thread: an estimate, an explanation of why there
is no solution. `BackgroundJob` runs `job(cancel)` in a QThread of its own at the solver's
low priority; its signals reach slots of GUI-thread objects; `shutdown()` stops and joins it.
"""

from __future__ import annotations

import threading
import traceback
from typing import Callable

from PySide6.QtCore import QObject, Signal, Slot

from solvers import Cancelled, PuzzleError

from .latency import lower_this_threads_priority, raise_lowered_threads
from .threaded import ThreadedRun

Job = Callable[[Callable[[], bool]], object]  # job(cancel) -> result


class JobWorker(QObject):
    succeeded = Signal(object)  # the job's result
    refused = Signal(str)  # PuzzleError: what is wrong with the puzzle
    failed = Signal(str)  # a bug, for the user to see
    ended = Signal()  # once, after any of the above or a stop

    def __init__(self, job: Job) -> None:
        super().__init__()
        self.job = job
        self._stop = threading.Event()

    def stop(self) -> None:
        self._stop.set()
        raise_lowered_threads()  # it must run to stop, busy machine or not

    @Slot()
    def run(self) -> None:
        lower_this_threads_priority()
        try:
            result = self.job(self._stop.is_set)
            if not self._stop.is_set():
                self.succeeded.emit(result)
        except Cancelled:
            pass
        except PuzzleError as error:
            self.refused.emit(str(error))
        except Exception as error:  # a bug must reach the user, never a silent stop
            traceback.print_exc()
            self.failed.emit(f"{type(error).__name__}: {error}")
        self.ended.emit()


class BackgroundJob(ThreadedRun):
    """One job in one thread; counted by running_solves() until it ends."""

    def __init__(self, job: Job, name: str, parent: QObject | None = None) -> None:
        worker = JobWorker(job)
        super().__init__(worker, worker.ended, name, parent)

    def stop(self) -> None:
        self.worker.stop()
