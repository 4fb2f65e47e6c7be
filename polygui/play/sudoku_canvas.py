"""The Sudoku grid in Play mode: the editor's grid and keys (select a cell, type a symbol,
arrows) with the player's digits, the pencil marks, and a step's highlights: the cells of
its pattern, the candidates that prove it (green), its eliminations (crossed out in red),
the digit it places; and the digits found wrong in red.

Typing a symbol enters it; with the pencil on (P, or the page's button), or with Shift held,
it toggles a pencil mark instead, as the popular apps do."""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QPainter, QPen
from PySide6.QtWidgets import QWidget

from solvers.records import record
from solvers.puzzle.model import SUDOKU_SYMBOLS

from ..editors.sudoku_canvas import SudokuCanvas
from ..views.sudoku_view import GIVEN_INK, SOLVED_INK, symbol, symbol_pixels

Candidate = tuple[int, int]
PATTERN_FILL = QColor(120, 170, 235, 110)  # the cells of a step's pattern
HOUSE_FILL = QColor(120, 170, 235, 40)  # the houses it looks at
WRONG_FILL = QColor(230, 80, 80, 60)
WRONG_INK = QColor("#c62020")
MARK_INK = QColor("#555555")
PROOF_FILL = QColor("#8fd694")  # a candidate that proves the step
PLACE_FILL = QColor("#3fa34d")  # the digit the step places
CROSS_INK = QColor("#d22b2b")  # an elimination
SHIFTED_DIGITS = "!@#$%^&*("  # Shift+1..9 on a US keyboard


@record
class Highlight:
    """What the grid marks on top of the digits and candidates."""
    cells: frozenset[int] = frozenset()
    proof: frozenset[Candidate] = frozenset()
    eliminations: frozenset[Candidate] = frozenset()
    placements: frozenset[Candidate] = frozenset()
    wrong: frozenset[int] = frozenset()
    houses: frozenset[int] = frozenset()  # the cells of the houses the step looks at


def candidate_grid(n: int) -> tuple[int, int]:
    """(rows, columns) of the small grid a cell's candidates are drawn in: 3x3 for a 9x9."""
    columns = math.ceil(math.sqrt(n))
    return math.ceil(n / columns), columns


class SudokuPlayCanvas(SudokuCanvas):
    """`entered(cell, digit)` (0: clear), `pencilled(cell, digit)` (a pencil mark toggled),
    `pencil_toggled()` (the P key)."""

    entered = Signal(int, int)
    pencilled = Signal(int, int)
    pencil_toggled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pencil = False
        self.editable = True
        self.candidates: list[int] = []  # shown per empty cell (bit d-1); empty: none shown
        self.highlight = Highlight()
        self.typed.connect(self._typed)
        self.setToolTip("Type a digit to enter it; P (or Shift+digit) for pencil marks; "
                        "Delete clears; wheel to zoom")

    def show_grid(self, values, candidates: list[int], highlight: Highlight) -> None:
        """Draw `values` (givens from the puzzle in bold), `candidates` in the empty cells
        (none when empty) and `highlight`."""
        self._values = np.array(values, dtype=np.int64)
        self.candidates = list(candidates)
        self.highlight = highlight
        self.update()

    # --- input -------------------------------------------------------------------------
    def _typed(self, cell: int, value: int) -> None:
        if self.editable:
            self.entered.emit(cell, value)

    def _type(self, value: int) -> None:
        """The editor moves on after a symbol (typing a puzzle's line); play stays put."""
        self.typed.emit(self.selected, value)

    def _handles(self, event: QKeyEvent) -> bool:
        """Letters that are no symbol of this size stay the window's shortcuts (H, C, P)."""
        text = event.text().strip().upper()
        if text.isalpha() and not self._symbol_value(text):
            return False
        return super()._handles(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.puzzle is None:
            return
        text = event.text().strip()
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if shift and len(text) == 1 and text in SHIFTED_DIGITS:
            text = str(SHIFTED_DIGITS.index(text) + 1)
        value = self._symbol_value(text.upper()) if text else 0
        if value and (self.pencil or (shift and not text.isalpha()) or text.isupper()):
            if self.editable:
                self.pencilled.emit(self.selected, value)
            return
        if text.upper() == "P" and not value:
            self.pencil_toggled.emit()
            return
        super().keyPressEvent(event)

    def _symbol_value(self, char: str) -> int:
        n = self.puzzle.sudoku.n
        value = SUDOKU_SYMBOLS.find(char) + 1 if len(char) == 1 else 0
        return value if 1 <= value <= n else 0

    # --- painting ----------------------------------------------------------------------
    def _paint_cells(self, painter: QPainter, n: int, cell: float) -> None:
        super()._paint_cells(painter, n, cell)
        marks = self.highlight
        for index, fill in [(i, HOUSE_FILL) for i in marks.houses - marks.cells] + \
                [(i, PATTERN_FILL) for i in marks.cells] + [(i, WRONG_FILL) for i in marks.wrong]:
            row, col = divmod(index, n)
            painter.fillRect(QRectF(col * cell, row * cell, cell, cell), fill)

    def _paint_symbols(self, painter: QPainter, n: int, cell: float) -> None:
        font = QFont(self.font())
        font.setPixelSize(symbol_pixels(n, cell))
        given_font = QFont(font)
        given_font.setWeight(QFont.Weight.Bold)
        for index in np.flatnonzero(self._values):
            row, col = divmod(int(index), n)
            is_given = bool(self._givens[index])
            painter.setFont(given_font if is_given else font)
            painter.setPen(GIVEN_INK if is_given else
                           WRONG_INK if int(index) in self.highlight.wrong else SOLVED_INK)
            painter.drawText(QRectF(col * cell, row * cell, cell, cell),
                             Qt.AlignmentFlag.AlignCenter, symbol(int(self._values[index])))
        self._paint_candidates(painter, n, cell)

    def _paint_candidates(self, painter: QPainter, n: int, cell: float) -> None:
        rows, columns = candidate_grid(n)
        small = cell / max(rows, columns)
        font = QFont(self.font())
        font.setPixelSize(max(5, int(small * 0.8)))
        painter.setFont(font)
        marks = self.highlight
        shown = {(index, digit) for index, mask in enumerate(self.candidates)
                 if index < len(self._values) and not self._values[index]
                 for digit in range(1, n + 1) if mask >> (digit - 1) & 1}
        for index, digit in sorted(shown | marks.placements | marks.eliminations | marks.proof):
            row, col = divmod(index, n)
            sub_row, sub_col = divmod(digit - 1, columns)
            box = QRectF(col * cell + sub_col * small, row * cell + sub_row * small, small,
                         small)
            candidate = (index, digit)
            ring = PLACE_FILL if candidate in marks.placements else \
                PROOF_FILL if candidate in marks.proof else \
                QColor(CROSS_INK).lighter(170) if candidate in marks.eliminations else None
            if ring is not None:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(ring)
                painter.drawEllipse(box.adjusted(1, 1, -1, -1))
            painter.setPen(QColor("#ffffff") if candidate in marks.placements else MARK_INK)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, symbol(digit))
            if candidate in marks.eliminations:
                painter.setPen(QPen(CROSS_INK, max(1.5, small / 10)))
                inset = small * 0.18
                painter.drawLine(QPointF(box.left() + inset, box.top() + inset),
                                 QPointF(box.right() - inset, box.bottom() - inset))
                painter.drawLine(QPointF(box.right() - inset, box.top() + inset),
                                 QPointF(box.left() + inset, box.bottom() - inset))
