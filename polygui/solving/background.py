"""A search other than Solve's, off the GUI thread: an estimate, an explanation of why there
is no solution. `BackgroundJob` runs `job(cancel)` in a QThread of its own at the solver's
low priority; its signals reach slots of GUI-thread objects; `shutdown()` stops and joins it.
"""

from __future__ import annotations

import threading
import traceback
from typing import Callable

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

from solvers import Cancelled, PuzzleError

from .latency import lower_this_threads_priority, raise_lowered_threads
from .run import track_run

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


class BackgroundJob(QObject):
    """One job in one thread; counted by running_solves() until it ends."""

    def __init__(self, job: Job, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.thread = QThread()
        self.thread.setObjectName(name)
        self.worker = JobWorker(job)
        self.worker.moveToThread(self.thread)
        self.thread.started.connect(self.worker.run)
        # Direct: the thread must end even while the GUI thread waits for it (see run.py)
        self.worker.ended.connect(self.thread.quit, Qt.ConnectionType.DirectConnection)
        track_run(self)

    def start(self) -> None:
        self.thread.start()

    def is_running(self) -> bool:
        return self.thread.isRunning()

    def stop(self) -> None:
        self.worker.stop()

    def shutdown(self, timeout_ms: int | None = 10_000) -> bool:
        """Stop the job and wait for its thread (None: however long it takes)."""
        self.worker.stop()
        self.thread.quit()
        return self.thread.wait() if timeout_ms is None else self.thread.wait(timeout_ms)
