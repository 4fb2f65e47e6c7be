"""The Sudoku designer: type the givens, paste a puzzle line, see clashes at once, and Check
how many solutions the puzzle has (in the solver's thread, never the window's)."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Signal, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from solvers import Puzzle, PuzzleError
from solvers.puzzle.model import SUDOKU_SYMBOLS
from solvers.puzzle.sudoku_rules import describe_rules
from solvers.puzzle.textformats import format_sudoku_line, parse_sudoku_line

from ..models import PuzzleDocument
from ..models.status import plural
from ..solving.run import SolveRun
from ..views.messages import MessageLabel
from .side_panel import scrolling
from .sudoku_rules_canvas import SudokuRulesCanvas
from .sudoku_rules_panel import SudokuRulesPanel

HELP = ("Click a cell and type; the selection moves on, so a puzzle can be typed as its line. "
        "Delete, Backspace, 0, . or Space clears; arrows and Tab move. Ctrl+V pastes a line "
        "of n×n characters (0 or . for an empty cell).")


def cell_name(cell: int, n: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


def with_given(cell: int, value: int):
    def edit(puzzle: Puzzle) -> Puzzle:
        givens = list(puzzle.sudoku.givens)
        givens[cell] = value
        return dataclasses.replace(puzzle, sudoku=dataclasses.replace(
            puzzle.sudoku, givens=tuple(givens)))
    return edit


class SudokuEditor(QWidget):
    checked = Signal(str)  # the verdict of a Check, as shown

    def __init__(self, document: PuzzleDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if not document.puzzle.is_sudoku:
            raise ValueError("the Sudoku editor edits Sudoku puzzles")
        self.document = document
        self.check_run: SolveRun | None = None
        self._check_found = 0
        self.canvas = SudokuRulesCanvas()  # givens, and the variants' regions and cages
        self.rules = SudokuRulesPanel(document, self.canvas)
        # Messages keep their room, so that the buttons and rules below never move
        self.message = MessageLabel(lines=3)
        self.verdict = MessageLabel(lines=2)
        self.summary = MessageLabel(lines=2)
        self.check_button = QPushButton("Check")
        self.check_button.setToolTip("Count the solutions: none, one, or several")
        self.paste_button = QPushButton("Paste line")
        self.copy_button = QPushButton("Copy line")
        self.clear_button = QPushButton("Clear all")
        self._layout()
        self.canvas.typed.connect(self.set_cell)
        self.canvas.refused.connect(self.show_problem)
        self.rules.problem.connect(self.show_problem)
        self.canvas.selection_moved.connect(self._clear_refusal)
        self.canvas.paste_requested.connect(self.paste_line)
        self.check_button.clicked.connect(self.check)
        self.paste_button.clicked.connect(self.paste_line)
        self.copy_button.clicked.connect(self.copy_line)
        self.clear_button.clicked.connect(self.clear_all)
        document.changed.connect(self._show)
        document.rejected.connect(self.show_problem)
        self._show(document.puzzle)

    def _layout(self) -> None:
        side = QVBoxLayout()
        help_label = QLabel(HELP)
        help_label.setWordWrap(True)
        for widget in (self.summary, help_label, self.check_button, self.verdict,
                       self.paste_button, self.copy_button, self.clear_button, self.rules,
                       self.message):
            side.addWidget(widget)
        side.addStretch(1)
        side.setContentsMargins(0, 0, 0, 0)  # within the editor's margins: no scroll bar at 720
        panel = QWidget()
        panel.setLayout(side)
        panel.setFixedWidth(260)
        side_area = scrolling(panel)  # a short window scrolls it, never squeezes it
        side_area.setFixedWidth(panel.width() + side_area.verticalScrollBar().sizeHint().width())
        layout = QHBoxLayout(self)
        layout.addWidget(self.canvas, 1)
        layout.addWidget(side_area)

    # --- showing -----------------------------------------------------------------------
    def _show(self, puzzle: Puzzle) -> None:
        self.cancel_check()
        self.verdict.setText("")
        self.canvas.set_puzzle(puzzle)
        grid = puzzle.sudoku
        givens = sum(1 for value in grid.givens if value)
        rules = describe_rules(grid) if grid.regions else ", ".join(
            filter(None, (f"{grid.box_rows}×{grid.box_cols} boxes", describe_rules(grid))))
        self.summary.setText(f"{grid.n}×{grid.n}, {rules}, {plural(givens, 'given')}")
        problems = puzzle.problems()
        if problems:
            self.show_problem("Cannot be solved: " + "; ".join(problems[:3])
                              + (f"; and {len(problems) - 3} more" if len(problems) > 3 else ""))
        elif self.message.property("problem"):
            self.show_info("")

    def show_problem(self, text: str) -> None:
        self.message.setProperty("problem", True)
        self.message.setStyleSheet("color: #b00020;")
        self.message.setText(text)

    def _clear_refusal(self) -> None:
        """The user moved on: a refused key or paste is old news (clashes stay while they
        last)."""
        if self.message.property("problem") and not self.document.puzzle.problems():
            self.show_info("")

    def show_info(self, text: str) -> None:
        self.message.setProperty("problem", False)
        self.message.setStyleSheet("")
        self.message.setText(text)

    # --- editing -----------------------------------------------------------------------
    def set_cell(self, cell: int, value: int) -> None:
        n = self.document.puzzle.sudoku.n
        where = cell_name(cell, n)
        text = f"Set {where} to {SUDOKU_SYMBOLS[value - 1]}" if value else f"Clear {where}"
        self.document.edit(text, with_given(cell, value))

    def paste_line(self) -> None:
        text = QGuiApplication.clipboard().text().strip()
        try:
            pasted = parse_sudoku_line(text, strict=False)
        except PuzzleError as error:
            self.show_problem(f"Paste: the clipboard holds no Sudoku line: {error}")
            return
        self.document.edit("Paste Sudoku line", lambda puzzle: dataclasses.replace(
            puzzle, sudoku=pasted.sudoku))

    def copy_line(self) -> None:
        QGuiApplication.clipboard().setText(format_sudoku_line(self.document.puzzle.sudoku.givens))
        self.show_info("Copied the puzzle as one line")

    def edit_command(self, command: str) -> bool:
        """Edit > Copy and Paste (edit_commands): the puzzle as one line."""
        slot = {"copy": self.copy_line, "paste": self.paste_line}.get(command)
        if slot is not None:
            slot()
        return slot is not None

    def clear_all(self) -> None:
        n = self.document.puzzle.sudoku.n
        self.document.edit("Clear all givens", lambda puzzle: dataclasses.replace(
            puzzle, sudoku=dataclasses.replace(puzzle.sudoku, givens=(0,) * (n * n))))

    # --- checking ----------------------------------------------------------------------
    def check(self) -> None:
        """Count solutions up to two in the solver's worker thread. The worker's signals reach
        this widget's slots queued, on the GUI thread (never lambdas, which would run in the
        worker's thread and touch widgets there)."""
        self.cancel_check()
        puzzle = self.document.puzzle
        problems = puzzle.problems()
        if problems:
            self._verdict(f"No solution: {problems[0]}.")
            return
        self.verdict.setText("Checking…")
        self.check_button.setEnabled(False)
        self.check_run = SolveRun(puzzle, "all", limit=2, parent=self)
        self._check_found = 0
        worker = self.check_run.worker
        worker.solutions_found.connect(self._on_check_solutions)
        worker.unsolvable.connect(self._on_check_unsolvable)
        worker.failed.connect(self._on_check_failed)
        worker.finished.connect(self._on_check_finished)
        self.check_run.start()

    def _from_check(self) -> bool:
        """Whether the signal being handled comes from the Check still running (a cancelled
        one's queued signals are ignored)."""
        return self.check_run is not None and self.sender() is self.check_run.worker

    @Slot(object)
    def _on_check_solutions(self, batch) -> None:
        if self._from_check():
            self._check_found += len(batch)

    @Slot(str)
    def _on_check_unsolvable(self, reason: str) -> None:
        if self._from_check():
            self._verdict(f"No solution: {reason}.")

    @Slot(str)
    def _on_check_failed(self, message: str) -> None:
        if self._from_check():
            self._verdict(message)

    @Slot(str)
    def _on_check_finished(self, status: str) -> None:
        if not self._from_check():
            return
        run, self.check_run = self.check_run, None
        run.shutdown()  # the worker has finished: this joins a thread that is ending
        self.check_button.setEnabled(True)
        if status in ("unsolvable", "failed", "stopped"):
            return
        self._verdict({0: "No solution.", 1: "Exactly one solution: a proper Sudoku."}.get(
            self._check_found, "Several solutions: the givens do not fix the answer."))

    def _verdict(self, text: str) -> None:
        self.verdict.setText(text)
        self.checked.emit(text)

    def cancel_check(self) -> None:
        if self.check_run is not None:
            run, self.check_run = self.check_run, None
            run.shutdown()
            self.check_button.setEnabled(True)
            self.verdict.setText("")
