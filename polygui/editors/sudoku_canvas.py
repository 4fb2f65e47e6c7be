"""The Sudoku grid as an editor draws it: the view's grid plus the selected cell and the
givens that clash, and the keys and clicks that edit it."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QEvent, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QKeySequence, QMouseEvent, QPainter
from PySide6.QtWidgets import QWidget

from solvers import Puzzle
from solvers.puzzle.model import SUDOKU_SYMBOLS

from ..views.sudoku_view import SudokuView

SELECTED_FILL = QColor("#ffe9a8")
CLEAR_KEYS = {Qt.Key.Key_Delete, Qt.Key.Key_Backspace, Qt.Key.Key_Space, Qt.Key.Key_0,
              Qt.Key.Key_Period}
MOVES = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0),
         Qt.Key.Key_Down: (1, 0)}


class SudokuCanvas(SudokuView):
    """Click a cell to select it; type a symbol to set it (the selection then moves on, so a
    puzzle can be typed as its line), Delete/Backspace/0/. to clear; arrows, Tab and
    Shift+Tab move. Emits `typed(cell, value)` with value 0 for clearing, `refused(text)` for
    a key that is no symbol of this size, `paste_requested` for Ctrl+V, `selection_moved(cell)`
    when the selection moves."""

    typed = Signal(int, int)
    refused = Signal(str)
    paste_requested = Signal()
    selection_moved = Signal(int)  # the newly selected cell

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.zoom.pan_button = Qt.MouseButton.MiddleButton  # the left button selects a cell
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.selected = 0

    def set_puzzle(self, puzzle: Puzzle) -> None:
        n = puzzle.sudoku.n
        self.selected = min(self.selected, n * n - 1)
        super().set_puzzle(puzzle)

    # --- painting ----------------------------------------------------------------------
    def _paint_cells(self, painter: QPainter, n: int, cell: float) -> None:
        super()._paint_cells(painter, n, cell)  # clashing givens included
        row, col = divmod(self.selected, n)
        fill = QColor(SELECTED_FILL)
        if self.selected in self.conflicts:
            fill = fill.darker(115)
        painter.fillRect(QRectF(col * cell, row * cell, cell, cell), fill)

    # --- input -------------------------------------------------------------------------
    def select(self, cell: int) -> None:
        n = self.puzzle.sudoku.n
        cell = int(np.clip(cell, 0, n * n - 1))
        if cell != self.selected:
            self.selected = cell
            self.selection_moved.emit(cell)
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position())
        if cell is not None:
            self.select(cell)
        self.setFocus()

    def focusNextPrevChild(self, next_child: bool) -> bool:
        return False  # Tab moves between cells, not out of the grid

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and self._handles(event):
            event.accept()  # typing here must not trigger the window's shortcuts
            return True
        return super().event(event)

    def _handles(self, event: QKeyEvent) -> bool:
        plain = not event.modifiers() & ~(Qt.KeyboardModifier.ShiftModifier
                                          | Qt.KeyboardModifier.KeypadModifier)
        if event.matches(QKeySequence.StandardKey.Paste):
            return True
        return plain and (event.key() in CLEAR_KEYS or event.key() in MOVES
                          or bool(event.text().strip()))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.puzzle is None:
            return
        n = self.puzzle.sudoku.n
        key = event.key()
        if event.matches(QKeySequence.StandardKey.Paste):
            self.paste_requested.emit()
        elif key in MOVES:
            row, col = divmod(self.selected, n)
            d_row, d_col = MOVES[key]
            self.select(((row + d_row) % n) * n + (col + d_col) % n)
        elif key == Qt.Key.Key_Tab:
            self.select((self.selected + 1) % (n * n))
        elif key == Qt.Key.Key_Backtab:
            self.select((self.selected - 1) % (n * n))
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.typed.emit(self.selected, 0)
        elif key in (Qt.Key.Key_Space, Qt.Key.Key_0, Qt.Key.Key_Period):
            self._type(0)
        elif event.text().strip() and not event.modifiers() & ~(
                Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier):
            self._type_symbol(event.text().strip().upper(), n)
        else:
            super().keyPressEvent(event)

    def _type_symbol(self, char: str, n: int) -> None:
        value = SUDOKU_SYMBOLS.find(char) + 1
        if 1 <= value <= n:
            self._type(value)
        else:
            self.refused.emit(f"“{char}” is not a symbol of a {n}×{n} Sudoku: use "
                              f"{SUDOKU_SYMBOLS[0]}–{SUDOKU_SYMBOLS[n - 1]}")

    def _type(self, value: int) -> None:
        cell = self.selected
        n = self.puzzle.sudoku.n
        self.select((cell + 1) % (n * n))
        self.typed.emit(cell, value)
