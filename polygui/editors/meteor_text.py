"""Meteor board text in the board editor: import a picture, copy the puzzle as one.

The meteor text names the piece covering every cell, so copying needs an arrangement of the
pieces on the board: the first solution the solver finds.
"""

from __future__ import annotations

import dataclasses
import time

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (QApplication, QDialog, QDialogButtonBox, QLabel, QPlainTextEdit,
                               QVBoxLayout, QWidget)

from solvers import Puzzle, PuzzleError, Solution, solve
from solvers.textformats import format_meteor, parse_meteor

from ..models import PuzzleDocument

SEARCH_SECONDS = 5.0
IMPORT_HELP = ("One line per row, odd rows start with a space; a character per cell names "
               "its piece, '.' is a cell no piece covers, a space is no cell.")


def ask_meteor_text(initial: str, parent: QWidget) -> str | None:
    """A dialog to paste or type the picture (starting from the clipboard) in a fixed-width
    font, so the rows line up; None if cancelled."""
    dialog = QDialog(parent)
    dialog.setWindowTitle("Import meteor text")
    help_label = QLabel(IMPORT_HELP)
    help_label.setWordWrap(True)
    editor = QPlainTextEdit(initial)
    editor.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    editor.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                               | QDialogButtonBox.StandardButton.Cancel)
    buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Import")
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    for widget in (help_label, editor, buttons):
        layout.addWidget(widget)
    dialog.resize(480, 360)
    return editor.toPlainText() if dialog.exec() == QDialog.DialogCode.Accepted else None


def import_meteor(document: PuzzleDocument, text: str) -> str | None:
    """Replace the board and pieces by those of the picture, as one undo step. Returns a
    problem to show, or None."""
    try:
        imported = parse_meteor(text)
    except PuzzleError as error:
        return f"Import meteor text: {error}"
    document.edit("Import meteor text", lambda puzzle: dataclasses.replace(
        puzzle, board=imported.board, pieces=imported.pieces))
    return None


def first_arrangement(puzzle: Puzzle, seconds: float = SEARCH_SECONDS):
    """(piece, cells) per copy of the first solution; None if there is none, or if none was
    found within `seconds` (a hard puzzle must not freeze the editor). Raises PuzzleError
    when the puzzle cannot be solved as it stands."""
    deadline = time.monotonic() + seconds
    run = solve(puzzle, limit=1)
    try:
        for event in run:
            if isinstance(event, Solution):
                return event.pieces
            if time.monotonic() > deadline:
                return None
        return None
    finally:
        run.close()


def meteor_text(puzzle: Puzzle) -> tuple[str | None, str]:
    """(text, message): the picture and what happened, or (None, the problem)."""
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        placed = first_arrangement(puzzle)
    except PuzzleError as error:
        return None, f"Copy as meteor text: {error}"
    finally:
        QApplication.restoreOverrideCursor()
    if placed is None:
        return None, ("Copy as meteor text: no arrangement of the pieces filling the board "
                      f"was found (searched up to {SEARCH_SECONDS:.0f} s), and the text needs "
                      "the piece on every cell")
    return format_meteor(puzzle, placed), "Copied the board as meteor text to the clipboard"


def copy_meteor_text(puzzle: Puzzle) -> tuple[str | None, str]:
    text, message = meteor_text(puzzle)
    if text is not None:
        QGuiApplication.clipboard().setText(text)
    return text, message
