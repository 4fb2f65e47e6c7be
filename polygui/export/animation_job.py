"""An animation's frames encoded (GIF or APNG, Pillow) and written atomically in a thread of
their own: hundreds of frames take seconds to encode, and the window must not stop for them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
from PySide6.QtCore import Signal

from solvers.output.animation import AnimationCancelled, write_animation

from .file_job import FileJob


class AnimationWriteJob(FileJob):
    """Signals: progress(frames encoded), finished_writing(), failed(message); `cancel()`
    stops it with nothing written (then neither of the last two is emitted)."""

    finished_writing = Signal()
    stopped_by = (AnimationCancelled,)

    def __init__(self, frames: Sequence[np.ndarray], durations: Sequence[float],
                 path: Path) -> None:
        super().__init__()
        self.frames, self.durations, self.path = frames, durations, Path(path)

    def work(self) -> None:
        write_animation(self.frames, self.durations, self.path, go_on=self.go_on)

    def succeed(self, _result: object) -> None:
        self.finished_writing.emit()
