"""A Sudoku's difficulty in the Solve panel and the status line ("Difficulty: 3.4 (Hard),
hardest step: Hidden Pair"), worked out off the GUI thread a moment after the puzzle is
opened or changed: in Design mode it follows the givens as they are typed, each edit
superseding the rating under way."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QObject, QTimer, Slot
from PySide6.QtWidgets import QLabel, QMainWindow

from solvers import Puzzle
from solvers.logic.levels import difficulty_text
from solvers.logic.solver import Rating

from ..views.messages import MessageLabel
from .latest_job import LatestJob
from .sudoku_jobs import sudoku_rating

DELAY_MS = 400  # after the last edit, before rating: typing a line of givens starts one
RATING = "Difficulty: rating…"
TIP = ("The rating of Sudoku Explainer's scale: the hardest step of the easiest logical "
       "solution (see the user guide's Sudoku logic page).")


class SudokuDifficulty(QObject):
    """Made by the window once its Solve panel and status bar exist; follows its document."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.puzzle: Puzzle | None = None
        self.text = ""
        self.panel_label = MessageLabel("", lines=2)
        self.status_label = QLabel()
        for label in (self.panel_label, self.status_label):
            label.setToolTip(TIP)
            label.hide()
        panel = window.panel.layout()
        panel.insertWidget(panel.indexOf(window.panel.estimate_box) + 1, self.panel_label)
        window.statusBar().addPermanentWidget(self.status_label)
        self.job = LatestJob("polygui-sudoku-rating", self)
        self.job.succeeded.connect(self._rated)
        self.job.refused.connect(self._refused)
        self.job.failed.connect(self._refused)
        self._timer = QTimer(self, singleShot=True, interval=DELAY_MS)
        self._timer.timeout.connect(self._start)
        window.document.changed.connect(self.puzzle_changed)
        self.puzzle_changed(window.document.puzzle)

    def puzzle_changed(self, puzzle: Puzzle) -> None:
        if puzzle == self.puzzle:
            return
        self.puzzle = puzzle
        self.job.cancel()
        is_sudoku = puzzle.is_sudoku
        for label in (self.panel_label, self.status_label):
            label.setVisible(is_sudoku)
        if not is_sudoku:
            self._timer.stop()
            return
        self._show(RATING)
        self._timer.start()

    def shutdown(self) -> None:
        self._timer.stop()
        self.job.shutdown()

    @Slot()
    def _start(self) -> None:
        problems = self.puzzle.problems()
        if problems:
            self._show("Difficulty: – (the puzzle cannot be solved as it is)")
            return
        self.job.run(partial(sudoku_rating, self.puzzle.sudoku))

    @Slot(object)
    def _rated(self, rating: Rating) -> None:
        self._show(difficulty_text(rating, self.puzzle.sudoku.n))

    @Slot(str)
    def _refused(self, reason: str) -> None:
        self._show(f"Difficulty: – ({reason})")

    def _show(self, text: str) -> None:
        self.text = text
        self.panel_label.setText(text)
        self.status_label.setText(text if len(text) <= 80 else text[:79] + "…")
        self.status_label.setToolTip(f"{text}\n\n{TIP}")
