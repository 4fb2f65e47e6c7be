"""The uniqueness designer in a thread of its own: gathering solutions, the hitting sets and
the verifying solves take seconds, and the window must not stop for them."""

from __future__ import annotations

import threading

from PySide6.QtCore import QThread, Signal

from solvers import Cancelled, Puzzle, PuzzleError
from solvers.analysis.uniqueness import Proposal, Removal, design

__all__ = ["Removal", "UniquenessJob"]


class UniquenessJob(QThread):
    """Works on `puzzle` (`solvers.analysis.uniqueness.design`): a proposal of pins or givens
    for exactly one solution, or, for a Sudoku with one solution, the givens that can go.
    Signals `done(Proposal | Removal)` or `failed(message)`; `cancel()` stops it and waits
    (then neither is emitted)."""

    done = Signal(object)
    failed = Signal(str)

    def __init__(self, puzzle: Puzzle) -> None:
        super().__init__()
        self.puzzle = puzzle
        self._stop = threading.Event()

    def cancel(self) -> None:
        self._stop.set()
        self.wait()

    def run(self) -> None:
        stop = self._stop.is_set
        try:
            result: Proposal | Removal = design(self.puzzle, stop)
        except Cancelled:
            return
        except PuzzleError as error:
            if not stop():
                self.failed.emit(str(error))
            return
        except Exception as error:  # a bug must reach the user, not end the thread silently
            self.failed.emit(f"{type(error).__name__}: {error}")
            return
        if not stop():
            self.done.emit(result)
