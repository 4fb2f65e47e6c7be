"""A run's signals taken on the GUI thread, as the window takes them (shared by GUI tests)."""

import numpy as np
from PySide6.QtCore import QObject, Signal, Slot

from polygui.solving.run import SolveRun


class Collector(QObject):
    """Takes a run's signals on the GUI thread, as the window does: slots of an object living
    there are called queued (a plain callable would run in the solver's thread)."""

    ended = Signal(str)

    def __init__(self, run: SolveRun) -> None:
        super().__init__()
        self.batches, self.progress, self.errors, self.reasons = [], [], [], []
        self.status = None
        run.worker.solutions_found.connect(self.add_batch)
        run.worker.progress_changed.connect(self.add_progress)
        run.worker.failed.connect(self.add_error)
        run.worker.unsolvable.connect(self.add_reason)
        run.worker.finished.connect(self.finish)

    @Slot(object)
    def add_batch(self, batch) -> None:
        self.batches.append(batch)

    @Slot(object)
    def add_progress(self, progress) -> None:
        self.progress.append(progress)

    @Slot(str)
    def add_error(self, message: str) -> None:
        self.errors.append(message)

    @Slot(str)
    def add_reason(self, reason: str) -> None:
        self.reasons.append(reason)

    @Slot(str)
    def finish(self, status: str) -> None:
        self.status = status
        self.ended.emit(status)

    @property
    def rows(self) -> np.ndarray:
        return np.concatenate(self.batches) if self.batches else np.zeros((0, 0))
