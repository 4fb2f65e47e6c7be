"""One background job at a time, the latest asked for: a new request supersedes the job under
way, whose result is then dropped (its thread ends by itself and is joined on shutdown). For
work redone after each change, such as a Sudoku's rating while its givens are typed."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal, Slot

from .background import BackgroundJob


class LatestJob(QObject):
    """`succeeded(result)`, `refused(message)` (a PuzzleError) or `failed(message)` (a bug) for
    the latest job only; `busy` while it runs."""

    succeeded = Signal(object)
    refused = Signal(str)
    failed = Signal(str)

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self._job: BackgroundJob | None = None
        self._retired: list[BackgroundJob] = []

    @property
    def busy(self) -> bool:
        return self._job is not None

    def run(self, job: Callable[[Callable[[], bool]], object]) -> None:
        self.cancel()
        self._job = BackgroundJob(job, self.name, self)
        self._job.worker.succeeded.connect(self._on_succeeded)
        self._job.worker.refused.connect(self._on_refused)
        self._job.worker.failed.connect(self._on_failed)
        self._job.thread.finished.connect(self._forget_ended)
        self._job.start()

    def cancel(self) -> None:
        """Drop the job under way (its thread ends by itself; its result is ignored)."""
        if self._job is not None:
            self._job.stop()
            self._retired.append(self._job)
            self._job = None

    def shutdown(self) -> None:
        self.cancel()
        for job in self._retired:
            job.shutdown(None)
        self._retired.clear()

    def _current(self) -> bool:
        if self._job is None or self.sender() is not self._job.worker:
            return False
        self._retired.append(self._job)  # done: kept until its thread ends
        self._job = None
        return True

    @Slot(object)
    def _on_succeeded(self, result: object) -> None:
        if self._current():
            self.succeeded.emit(result)

    @Slot(str)
    def _on_refused(self, message: str) -> None:
        if self._current():
            self.refused.emit(message)

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        if self._current():
            self.failed.emit(message)

    @Slot()
    def _forget_ended(self) -> None:
        for job in [job for job in self._retired if not job.is_running()]:
            self._retired.remove(job)
            job.deleteLater()
