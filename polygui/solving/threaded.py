"""A worker in a QThread of its own (`ThreadedRun`), and the register of such runs that a
closing window shuts down (`running_solves`): Solve's search, a family's, and the background
jobs (an estimate, an explanation) all run this way."""

from __future__ import annotations

import weakref

from PySide6.QtCore import QObject, Qt, QThread, SignalInstance

_RUNS: "weakref.WeakSet[QObject]" = weakref.WeakSet()


def track_run(run: QObject) -> None:
    """Count `run` (a QObject with is_running() and shutdown(timeout_ms)) among
    running_solves(), which a closing window shuts down: other searches than Solve's (an
    estimate, an explanation) run in threads of their own too."""
    _RUNS.add(run)


def running_solves() -> list[QObject]:
    """Runs whose thread is still alive (there should be none once a window closed)."""
    return [run for run in list(_RUNS) if run.is_running()]


class ThreadedRun(QObject):
    """Owns `worker` (a QObject with a `run` slot and a thread-safe `stop()`) and the thread
    it runs in, from `start()` until it emits `ended`; `shutdown()` stops and joins them."""

    def __init__(self, worker: QObject, ended: SignalInstance, name: str,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.thread = QThread()
        self.thread.setObjectName(name)
        self.worker = worker
        worker.moveToThread(self.thread)
        self.thread.started.connect(worker.run)
        # Direct: quit() is thread-safe, and the thread must end even while the GUI thread is
        # blocked in wait() (queued, the quit would wait for the GUI's event loop).
        ended.connect(self.thread.quit, Qt.ConnectionType.DirectConnection)
        track_run(self)

    def start(self) -> None:
        self.thread.start()

    def is_running(self) -> bool:
        return self.thread.isRunning()

    def shutdown(self, timeout_ms: int | None = 10_000) -> bool:
        """Stop the worker and wait for the thread to end (None: however long it takes).
        True when it ended."""
        self.worker.stop()
        self.thread.quit()
        return self.thread.wait() if timeout_ms is None else self.thread.wait(timeout_ms)
