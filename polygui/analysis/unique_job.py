"""The uniqueness designer in a thread of its own: gathering solutions, the hitting sets and
the verifying solves take seconds, and the window must not stop for them."""

from __future__ import annotations

import threading

from PySide6.QtCore import QThread, Signal

from solvers import Cancelled, Puzzle, PuzzleError
from solvers.analysis.uniqueness import Proposal, Removal, design
from solvers.logic.rating_bands import rating_summary
from solvers.logic.solver import solve_sudoku

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
        self.rating = ""  # of the Sudoku proposed, set before `done`

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
        self.rating = proposed_rating(result)
        if not stop():
            self.done.emit(result)


def proposed_rating(result: Proposal | Removal) -> str:
    """The rating of the Sudoku the designer proposes ('' for pieces, no single solution,
    or a grid above 9x9: the scale is 9x9's, and Stop waits for this)."""
    grid = result.puzzle.sudoku
    if grid is None or grid.n > 9:
        return ""
    try:
        return rating_summary(solve_sudoku(grid)[1])
    except PuzzleError:
        return ""
