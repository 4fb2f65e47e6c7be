"""What Sudoku play works out off the GUI thread: the puzzle's facts (its one solution, the
logical path from the givens and its rating) and a hint (the next logical step on the
player's board). `LatestJob` runs one job at a time in a BackgroundJob; a new request
supersedes the one under way, whose result is then dropped."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal, Slot

from solvers.logic import Board, LogicPath, Rating, Step, rate_path, solve_logically
from solvers.logic.techniques import next_step
from solvers.logic.truth import unique_solution
from solvers.puzzle.model import SudokuGrid

from ..solving.background import BackgroundJob


@dataclass(frozen=True)
class SudokuFacts:
    """A Sudoku's one solution, the path of easiest steps from its givens and its rating."""
    grid: SudokuGrid
    solution: tuple[int, ...]
    path: LogicPath
    rating: Rating


def sudoku_facts(grid: SudokuGrid, cancel: Callable[[], bool] = lambda: False) -> SudokuFacts:
    """PuzzleError when the grid has no solution or several (Check and Hint need one)."""
    solution = unique_solution(grid)
    path = solve_logically(Board.from_grid(grid))
    return SudokuFacts(grid, solution, path, rate_path(path))


def hint_step(board: Board, cancel: Callable[[], bool] = lambda: False) -> Step | None:
    """The easiest step on `board` (None: no technique known here applies)."""
    return next_step(board)


class LatestJob(QObject):
    """`succeeded(result)`, `refused(message)` (a PuzzleError) or `failed(message)` (a bug) for
    the latest job only; `busy` while it runs."""

    succeeded = Signal(object)
    refused = Signal(str)
    failed = Signal(str)

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self._job: BackgroundJob | None = None
        self._retired: list[BackgroundJob] = []

    @property
    def busy(self) -> bool:
        return self._job is not None

    def run(self, job: Callable[[Callable[[], bool]], object]) -> None:
        self.cancel()
        self._job = BackgroundJob(job, self.name, self)
        self._job.worker.succeeded.connect(self._on_succeeded)
        self._job.worker.refused.connect(self._on_refused)
        self._job.worker.failed.connect(self._on_failed)
        self._job.thread.finished.connect(self._forget_ended)
        self._job.start()

    def cancel(self) -> None:
        """Drop the job under way (its thread ends by itself; its result is ignored)."""
        if self._job is not None:
            self._job.stop()
            self._retired.append(self._job)
            self._job = None

    def shutdown(self) -> None:
        self.cancel()
        for job in self._retired:
            job.shutdown(None)
        self._retired.clear()

    def _current(self) -> bool:
        if self._job is None or self.sender() is not self._job.worker:
            return False
        self._retired.append(self._job)  # done: kept until its thread ends
        self._job = None
        return True

    @Slot(object)
    def _on_succeeded(self, result: object) -> None:
        if self._current():
            self.succeeded.emit(result)

    @Slot(str)
    def _on_refused(self, message: str) -> None:
        if self._current():
            self.refused.emit(message)

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        if self._current():
            self.failed.emit(message)

    @Slot()
    def _forget_ended(self) -> None:
        for job in [job for job in self._retired if not job.is_running()]:
            self._retired.remove(job)
            job.deleteLater()
