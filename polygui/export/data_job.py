"""Solutions as data, written in a thread of their own: a million solutions take seconds to
format, and the window must not stop for them. The GUI thread only takes a snapshot of the
store (its list of arrays); decoding, formatting and the atomic write happen in the thread."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from PySide6.QtCore import QThread, Signal

from solvers import PuzzleError
from solvers.output.export_data import ExportCancelled, export_solutions

from ..solving.store import SolutionStore

PROGRESS_SECONDS = 0.1  # at most this often a progress signal


class DataExportJob(QThread):
    """Writes every solution of `store` (a snapshot taken here) to `path`, in the format its
    suffix names. Signals: progress(done, total), finished_writing(count), failed(message);
    `cancel()` stops it with nothing written (then neither of the last two is emitted)."""

    progress = Signal(int, int)
    finished_writing = Signal(int)
    failed = Signal(str)

    def __init__(self, store: SolutionStore, symmetry: str, path: Path) -> None:
        super().__init__()
        self.store = store.snapshot()
        self.symmetry, self.path = symmetry, Path(path)
        self.stop_requested = threading.Event()
        self._last_signal = 0.0
        self.written = False

    def cancel(self) -> bool:
        """Stop as soon as the thread next looks (every few hundred solutions) and wait for it.
        False if it had already written the file."""
        self.stop_requested.set()
        self.wait()
        return not self.written

    def run(self) -> None:
        try:
            export_solutions(self.store.puzzle, self.store, self.symmetry, self.path,
                             progress=self._go_on)
        except ExportCancelled:
            return
        except PuzzleError as error:
            self.failed.emit(str(error))
        except Exception as error:  # a bug must reach the user, not end the thread silently
            self.failed.emit(f"{type(error).__name__}: {error}")
        else:
            self.written = True
            self.finished_writing.emit(len(self.store))

    def _go_on(self, done: int) -> bool:
        now = time.monotonic()
        if now - self._last_signal >= PROGRESS_SECONDS:
            self._last_signal = now
            self.progress.emit(done, len(self.store))
        return not self.stop_requested.is_set()
