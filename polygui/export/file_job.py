"""A file export's work in a thread of its own (solutions as data, an animation's frames, the
pieces to 3D-print): the window must not stop for seconds of formatting, encoding or
geometry. A subclass does the work in `work()` (which checks `stop_requested` or `go_on`) and
says it succeeded in `succeed(result)`; a PuzzleError or a bug becomes `failed(message)`, a
cancelled export emits nothing."""

from __future__ import annotations

import threading
import time

from PySide6.QtCore import QThread, Signal

from solvers import Cancelled, PuzzleError

PROGRESS_SECONDS = 0.1  # at most this often a progress signal


class FileJob(QThread):
    failed = Signal(str)
    progress = Signal(int)  # how far the work is (what is counted is the subclass's)
    stopped_by: tuple[type[BaseException], ...] = (Cancelled,)  # what `work` raises on Cancel

    def __init__(self) -> None:
        super().__init__()
        self.stop_requested = threading.Event()
        self.written = False
        self._last_signal = 0.0

    def cancel(self) -> bool:
        """Stop as soon as the work next looks, and wait for the thread. False if it had
        already written its files."""
        self.stop_requested.set()
        self.wait()
        return not self.written

    def run(self) -> None:
        try:
            result = self.work()
        except self.stopped_by:
            return
        except PuzzleError as error:
            self.failed.emit(str(error))
        except Exception as error:  # a bug must reach the user, not end the thread silently
            self.failed.emit(f"{type(error).__name__}: {error}")
        else:
            self.written = True
            self.succeed(result)

    def work(self) -> object:
        raise NotImplementedError

    def succeed(self, result: object) -> None:
        raise NotImplementedError

    def go_on(self, done: int) -> bool:
        """Report `done` (at most every PROGRESS_SECONDS); False once Cancel was asked."""
        now = time.monotonic()
        if now - self._last_signal >= PROGRESS_SECONDS:
            self._last_signal = now
            self.progress.emit(done)
        return not self.stop_requested.is_set()
