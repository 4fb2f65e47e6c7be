"""An animation's frames encoded (GIF or APNG, Pillow) and written atomically in a thread of
their own: hundreds of frames take seconds to encode, and the window must not stop for them."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from PySide6.QtCore import QThread, Signal

from solvers import PuzzleError
from solvers.output.animation import AnimationCancelled, write_animation

PROGRESS_SECONDS = 0.1  # at most this often a progress signal


class AnimationWriteJob(QThread):
    """Signals: progress(frames encoded), finished_writing(), failed(message); `cancel()`
    stops it with nothing written (then neither of the last two is emitted)."""

    progress = Signal(int)
    finished_writing = Signal()
    failed = Signal(str)

    def __init__(self, frames: Sequence[np.ndarray], durations: Sequence[float],
                 path: Path) -> None:
        super().__init__()
        self.frames, self.durations, self.path = frames, durations, Path(path)
        self.stop_requested = threading.Event()
        self.written = False
        self._last_signal = 0.0

    def cancel(self) -> bool:
        """Stop at the next frame and wait for the thread. False if the file was written."""
        self.stop_requested.set()
        self.wait()
        return not self.written

    def run(self) -> None:
        try:
            write_animation(self.frames, self.durations, self.path, go_on=self._go_on)
        except AnimationCancelled:
            return
        except PuzzleError as error:
            self.failed.emit(str(error))
        except Exception as error:  # a bug must reach the user, not end the thread silently
            self.failed.emit(f"{type(error).__name__}: {error}")
        else:
            self.written = True
            self.finished_writing.emit()

    def _go_on(self, done: int) -> bool:
        now = time.monotonic()
        if now - self._last_signal >= PROGRESS_SECONDS:
            self._last_signal = now
            self.progress.emit(done)
        return not self.stop_requested.is_set()
