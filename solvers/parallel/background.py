"""Work on a thread of its own whose end another thread waits for, with what it raised:
the cluster starting while this side prepares the puzzle."""

from __future__ import annotations

import threading
from typing import Callable


class Background:
    """`work()` on a thread of its own; `result()` waits for it and raises what it raised."""

    def __init__(self, work: Callable[[], None], name: str) -> None:
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(work,), name=name, daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[], None]) -> None:
        try:
            work()
        except BaseException as error:  # handed to the thread that waits
            self._error = error

    def wait(self) -> None:
        self._thread.join()

    def result(self) -> None:
        self.wait()
        if self._error is not None:
            raise self._error
