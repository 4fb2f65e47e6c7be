"""Meteor board text in the board editor: import a picture, copy the puzzle as one.

The meteor text names the piece covering every cell, so copying needs an arrangement of the
pieces on the board: the first solution the solver finds, searched for in the solver's worker
thread like any solve.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QVBoxLayout,
                               QWidget)

from solvers import Puzzle, PuzzleError, Solution
from solvers.puzzle.textformats import format_meteor, parse_meteor

from ..models import PuzzleDocument
from ..solving.run import SolveRun
from .colour_edits import keep_paint

# The search for an arrangement gives up after this many nodes (a few seconds of one core).
# Counted in nodes, not seconds: the solver thread runs at idle priority, and on a busy
# machine a clock would run out before the search had started.
SEARCH_NODES = 20_000_000
IMPORT_HELP = ("One line per row, odd rows start with a space; a character per cell names "
               "its piece, '.' is a cell no piece covers, a space is no cell.")


class MeteorTextDialog(QDialog):
    """Paste or type the picture in a fixed-width font, so the rows line up. Import checks
    the text first: a problem is shown here, with the text kept to be fixed."""

    def __init__(self, initial: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import meteor text")
        help_label = QLabel(IMPORT_HELP)
        help_label.setWordWrap(True)
        self.editor = QPlainTextEdit(initial)
        self.editor.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.editor.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020; font-weight: bold")
        self.problem.hide()
        self.editor.textChanged.connect(self.problem.hide)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Import")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for widget in (help_label, self.editor, self.problem, buttons):
            layout.addWidget(widget)
        self.resize(480, 380)

    def accept(self) -> None:
        try:
            parse_meteor(self.editor.toPlainText())
        except PuzzleError as error:
            self.problem.setText(f"Cannot import this text: {error}")
            self.problem.show()
            return  # stays open, the text as it was
        super().accept()


def ask_meteor_text(initial: str, parent: QWidget) -> str | None:
    """The picture (starting from the clipboard), checked; None if cancelled."""
    dialog = MeteorTextDialog(initial, parent)
    return dialog.editor.toPlainText() if dialog.exec() == QDialog.DialogCode.Accepted else None


def import_meteor(document: PuzzleDocument, text: str) -> str | None:
    """Replace the board and pieces by those of the picture, as one undo step. Returns a
    problem to show, or None."""
    try:
        imported = parse_meteor(text)
    except PuzzleError as error:
        return f"Import meteor text: {error}"
    document.edit("Import meteor text", lambda puzzle: dataclasses.replace(
        puzzle, board=imported.board, pieces=imported.pieces, optional=(),
        board_paint=keep_paint(puzzle.board_paint, imported.board)))
    return None


class MeteorCopy(QObject):
    """Copies the puzzle as meteor text: finds one arrangement of the pieces with the solver in
    its worker thread (never on the GUI thread), formats it and puts it on the clipboard.

    `done(text or None, message)` is emitted once. A search that finds nothing within
    `SEARCH_NODES` is stopped, so a puzzle too hard to arrange leaves no thread behind."""

    done = Signal(object, str)

    def __init__(self, puzzle: Puzzle, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.puzzle = puzzle
        self._placements = None
        self._text: str | None = None
        self._reason: str | None = None
        self.run = SolveRun(puzzle, "all", limit=1, parent=self)
        worker = self.run.worker
        worker.placements_ready.connect(self._on_placements)
        worker.solutions_found.connect(self._on_solutions)
        worker.unsolvable.connect(self._on_problem)
        worker.failed.connect(self._on_problem)
        worker.finished.connect(self._on_finished)
        worker.progress_changed.connect(self._on_progress)
        self._gave_up = False

    def start(self) -> None:
        self.run.start()

    def cancel(self) -> None:
        """Stop the search and wait for its thread (fast: the kernel checks between budgets)."""
        self.run.shutdown()

    def _on_progress(self, progress) -> None:
        if progress.nodes >= SEARCH_NODES and not self._gave_up:
            self._gave_up = True
            self.run.worker.stop()

    def is_running(self) -> bool:
        return self.run.is_running()

    def _on_placements(self, placements) -> None:
        self._placements = placements

    def _on_solutions(self, rows: np.ndarray) -> None:
        if self._text is None and len(rows):
            first = Solution(0, rows=tuple(rows[0].tolist()), placements=self._placements)
            self._text = format_meteor(self.puzzle, first.pieces)

    def _on_problem(self, reason: str) -> None:
        self._reason = reason

    def _on_finished(self, status: str) -> None:
        self.run.shutdown()
        if self._text is not None:
            QGuiApplication.clipboard().setText(self._text)
            self.done.emit(self._text, "Copied the board as meteor text to the clipboard")
        elif self._reason is not None:
            self.done.emit(None, f"Copy as meteor text: {self._reason}")
        elif self._gave_up:
            self.done.emit(None, "Copy as meteor text: no arrangement of the pieces filling "
                                 f"the board was found in {SEARCH_NODES:,} steps of search, "
                                 "and the text needs the piece on every cell")
        elif status == "stopped":
            self.done.emit(None, "Copy as meteor text: stopped")
        else:
            self.done.emit(None, "Copy as meteor text: no arrangement of the pieces filling "
                                 "the board was found, and the text needs the piece on every cell")
