"""Solutions as data, written in a thread of their own: a million solutions take seconds to
format, and the window must not stop for them. The GUI thread only takes a snapshot of the
store (its list of arrays); decoding, formatting and the atomic write happen in the thread."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal

from solvers.output.export_data import ExportCancelled, export_solutions

from ..solving.store import SolutionStore
from .file_job import FileJob


class DataExportJob(FileJob):
    """Writes every solution of `store` (a snapshot taken here) to `path`, in the format its
    suffix names. Signals: progress(done), finished_writing(count), failed(message);
    `cancel()` stops it with nothing written (then neither of the last two is emitted)."""

    finished_writing = Signal(int)
    stopped_by = (ExportCancelled,)

    def __init__(self, store: SolutionStore, symmetry: str, path: Path) -> None:
        super().__init__()
        self.store = store.snapshot()
        self.symmetry, self.path = symmetry, Path(path)

    def work(self) -> int:
        export_solutions(self.store.puzzle, self.store, self.symmetry, self.path,
                         progress=self.go_on)
        return len(self.store)

    def succeed(self, count: object) -> None:
        self.finished_writing.emit(count)
