"""The Sudoku editor's grid in its three modes: givens (type symbols, as `SudokuCanvas`),
regions (drag from a cell of a region over other cells to move them into it, or type a
region's letter), and cages (drag over cells to make a killer cage of them, click a cage to
select it, Shift+click to add or take out a cell, Delete removes the selected cage).

The canvas only says what was done (signals); the editor turns that into undoable edits
(`sudoku_rules_edits`).
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QMouseEvent, QPainter
from PySide6.QtWidgets import QWidget

from solvers import Puzzle
from solvers.puzzle.sudoku_file import REGION_LETTERS
from solvers.puzzle.sudoku_rules import cell_regions

from .sudoku_canvas import MOVES, SudokuCanvas

REGION_TINT = QColor(255, 200, 60, 70)  # the region (or cage) of the selected cell
STROKE_TINT = QColor(70, 130, 230, 90)  # the cells a drag has gone over
LETTER_INK = QColor("#8a6d00")


class Mode(Enum):
    GIVENS = "givens"
    REGIONS = "regions"
    CAGES = "cages"


class SudokuRulesCanvas(SudokuCanvas):
    """Signals (besides `SudokuCanvas`'s, which only the givens mode emits):
    `region_painted(cells, from_cell)`: the cells a drag went over, to join from_cell's region;
    `region_typed(cell, region)`: a region's letter typed on a cell;
    `cage_drawn(cells)`: a new cage of these cells; `cage_toggled(cell)`: Shift+click (before
    the selection moves to it, so `selected` is still the cage it may join);
    `cage_deleted(cell)`: Delete on a caged cell."""

    region_painted = Signal(list, int)
    region_typed = Signal(int, int)
    cage_drawn = Signal(list)
    cage_toggled = Signal(int)
    cage_deleted = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.mode = Mode.GIVENS
        self._stroke: list[int] = []  # the cells of the drag under way, in order

    def set_mode(self, mode: Mode) -> None:
        self.mode = mode
        self._stroke = []
        self.update()

    # --- painting ----------------------------------------------------------------------
    def _paint_cells(self, painter: QPainter, n: int, cell: float) -> None:
        super()._paint_cells(painter, n, cell)
        for index in self._highlighted():
            row, col = divmod(index, n)
            painter.fillRect(QRectF(col * cell, row * cell, cell, cell), REGION_TINT)
        for index in self._stroke:
            row, col = divmod(index, n)
            painter.fillRect(QRectF(col * cell, row * cell, cell, cell), STROKE_TINT)

    def _highlighted(self) -> list[int]:
        """The selected cell's region (regions mode) or cage (cages mode)."""
        grid = self.puzzle.sudoku
        if self.mode is Mode.REGIONS:
            regions = cell_regions(grid)
            return [c for c, region in enumerate(regions) if region == regions[self.selected]]
        if self.mode is Mode.CAGES:
            return next((list(cage.cells) for cage in grid.cages
                         if self.selected in cage.cells), [])
        return []

    def _paint_symbols(self, painter: QPainter, n: int, cell: float) -> None:
        super()._paint_symbols(painter, n, cell)
        if self.mode is not Mode.REGIONS:
            return
        font = QFont(self.font())
        font.setPixelSize(max(6, int(cell * 0.22)))
        painter.setFont(font)
        painter.setPen(LETTER_INK)
        for index, region in enumerate(cell_regions(self.puzzle.sudoku)):
            row, col = divmod(index, n)
            painter.drawText(QRectF(col * cell, row * cell, cell - 3, cell - 1),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
                             REGION_LETTERS[region])

    # --- mouse -------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.mode is Mode.GIVENS or event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        self.setFocus()
        cell = self.cell_at(event.position())
        if cell is None:
            return
        if self.mode is Mode.CAGES and event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.cage_toggled.emit(cell)  # while the cage it joins is still the selected one
            self.select(cell)
            return
        self.select(cell)
        self._stroke = [cell]
        self.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if not self._stroke:
            super().mouseMoveEvent(event)
            return
        cell = self.cell_at(event.position())
        if cell is not None and cell not in self._stroke:
            self._stroke.append(cell)
            self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        stroke, self._stroke = self._stroke, []
        if not stroke:
            super().mouseReleaseEvent(event)
            return
        self.update()
        if self.mode is Mode.REGIONS:
            if len(stroke) > 1:
                self.region_painted.emit(stroke[1:], stroke[0])
        elif len(stroke) > 1 or not any(stroke[0] in cage.cells
                                        for cage in self.puzzle.sudoku.cages):
            self.cage_drawn.emit(stroke)  # a click on a caged cell only selects its cage

    # --- keys --------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.mode is Mode.GIVENS or self.puzzle is None or event.key() in MOVES \
                or event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            super().keyPressEvent(event)
            return
        n = self.puzzle.sudoku.n
        key, text = event.key(), event.text().strip()
        if n <= 26:
            text = text.upper()  # letters A-Z name the regions; past 26, a-z too
        if self.mode is Mode.CAGES and key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.cage_deleted.emit(self.selected)
        elif self.mode is Mode.REGIONS and len(text) == 1 and text in REGION_LETTERS[:n]:
            cell = self.selected
            self.select((cell + 1) % (n * n))
            self.region_typed.emit(cell, REGION_LETTERS.index(text))
        elif text:
            what = (f"a region's letter, A–{REGION_LETTERS[n - 1]}" if self.mode is Mode.REGIONS
                    else "Delete to remove the cage, or drag over cells to make one")
            self.refused.emit(f"“{text}”: in {self.mode.value} mode type {what}")
        else:
            super().keyPressEvent(event)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self._stroke = []
        super().set_puzzle(puzzle)
