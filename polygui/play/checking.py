"""Whether the pieces placed are still in some solution, found off the GUI thread after each
move (a move supersedes the check under way), and a solution that holds them, for hints.

The solution last found answers without a search while the pieces placed are part of it
(taking pieces back, or placing one where that solution has it)."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QObject, Signal, Slot

from solvers import Puzzle
from solvers.play.check import solution_with
from solvers.play.moves import Placement

from ..solving.background import BackgroundJob

SOLVABLE, UNSOLVABLE, CHECKING = "solvable", "unsolvable", "checking"


class Solvability(QObject):
    """`state` is SOLVABLE, UNSOLVABLE or CHECKING; `changed()` when it or `marked` changes.
    `marked`: the pieces placed since the placed pieces were last in a solution (while they
    are in none)."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.puzzle: Puzzle | None = None
        self.placed: tuple[Placement, ...] = ()
        self.solution: tuple[Placement, ...] | None = None  # holds `good`
        self.good: frozenset[Placement] = frozenset()
        self.state = SOLVABLE
        self.failure = ""
        self._job: BackgroundJob | None = None
        self._retired: list[BackgroundJob] = []

    @property
    def marked(self) -> set[Placement]:
        return set(self.placed) - self.good if self.state == UNSOLVABLE else set()

    def reset(self, puzzle: Puzzle) -> None:
        self._stop()
        self.puzzle, self.placed, self.solution = puzzle, (), None
        self.good, self.state, self.failure = frozenset(), CHECKING, ""
        self._start()

    def check(self, placed: tuple[Placement, ...]) -> None:
        """The pieces placed now: answered at once when the solution known holds them, else
        looked for in the background."""
        if placed == self.placed and (self._job is not None or self.state != CHECKING):
            return  # nothing new (the board reset with its puzzle)
        self.placed = placed
        if self.solution is not None and set(placed) <= set(self.solution):
            self._stop()
            self.good, self.state = frozenset(placed), SOLVABLE
            self.changed.emit()
            return
        self._stop()
        self.state = CHECKING
        self.changed.emit()
        self._start()

    def _start(self) -> None:
        self._job = BackgroundJob(partial(solution_with, self.puzzle, self.placed), "polygui-play", self)
        self._job.worker.succeeded.connect(self._on_result)
        self._job.worker.refused.connect(self._on_failed)
        self._job.worker.failed.connect(self._on_failed)
        self._job.thread.finished.connect(self._forget_ended)
        self._job.start()

    def _stop(self) -> None:
        if self._job is not None:
            self._job.stop()
            self._retired.append(self._job)
            self._job = None

    def shutdown(self) -> None:
        self._stop()
        for job in self._retired:
            job.shutdown(None)

    def _from_current(self) -> bool:
        return self._job is not None and self.sender() is self._job.worker

    @Slot(object)
    def _on_result(self, solution) -> None:
        if not self._from_current():
            return
        self._job = None
        if solution is None:
            self.state = UNSOLVABLE
        else:
            self.solution, self.good, self.state = solution, frozenset(self.placed), SOLVABLE
        self.changed.emit()

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        if self._from_current():
            self._job = None
            self.state, self.failure = SOLVABLE, message  # unknown: no red mark on a guess
            self.changed.emit()

    def _forget_ended(self) -> None:
        for job in [job for job in self._retired if not job.is_running()]:
            self._retired.remove(job)
            job.deleteLater()
