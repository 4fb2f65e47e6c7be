"""The uniqueness designer in a thread of its own: gathering solutions, the hitting sets and
the verifying solves take seconds, and the window must not stop for them."""

from __future__ import annotations

import dataclasses
import threading
from dataclasses import dataclass

from PySide6.QtCore import QThread, Signal

from solvers import Cancelled, Puzzle, PuzzleError, SudokuGrid
from solvers.analysis.uniqueness import (Proposal, minimal_givens, propose, removable_givens,
                                         solution_count)


@dataclass(frozen=True)
class Removal:
    """A unique Sudoku: the givens that can go alone (`removable`), and a set that can go
    together, leaving a minimal puzzle (`puzzle`)."""

    removable: tuple[int, ...]
    together: tuple[int, ...]
    puzzle: Puzzle


def without_givens(puzzle: Puzzle, cells) -> Puzzle:
    grid = puzzle.sudoku
    values = [0 if cell in set(cells) else value for cell, value in enumerate(grid.givens)]
    return dataclasses.replace(puzzle, sudoku=SudokuGrid(grid.box_rows, grid.box_cols,
                                                         tuple(values)))


class UniquenessJob(QThread):
    """Works on `puzzle`: a proposal of pins or givens for exactly one solution, or, for a
    Sudoku with one solution, the givens that can go. Signals `done(Proposal | Removal)` or
    `failed(message)`; `cancel()` stops it and waits (then neither is emitted)."""

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
            result = self._work(stop)
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

    def _work(self, stop) -> Proposal | Removal:
        puzzle = self.puzzle
        if puzzle.is_sudoku and solution_count(puzzle, stop) == 1:
            together = tuple(minimal_givens(puzzle, stop))
            return Removal(tuple(removable_givens(puzzle, stop)), together,
                           without_givens(puzzle, together))
        return propose(puzzle, stop)
