"""The Sudoku view: a clean grid with thick box lines, bold givens, solved digits in blue, and
givens that clash in red (the editor marks them the same way).

Any size with a box shape (4x4 to 16x16 and beyond); symbols past 9 are letters (A, B, ...),
as in the puzzle files.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QContextMenuEvent, QFont, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from solvers import Puzzle, Solution
from solvers.puzzle.model import SUDOKU_SYMBOLS, conflicting_givens

from .board_picture import segments_path
from .filter_marks import paint_filter_frames
from .sudoku_marks import paint_cages, paint_diagonals, paint_region_borders
from .zoom import ZoomPan

MARGIN = 16
PAPER = QColor("#ffffff")
GIVEN_FILL = QColor("#eef0f4")
CONFLICT_FILL = QColor("#f6b8b8")
MARKED_FILL = QColor("#ffd591")  # givens that have no solution together (orange)
RULE_FILL = QColor("#ffefd6")  # ... and the cells of the rules (cages, regions) they need
GIVEN_INK = QColor("#111111")
SOLVED_INK = QColor("#1f5fbf")
THIN_LINE = (QColor("#9a9a9a"), 1.0)
BOX_LINE = (QColor("#111111"), 3.0)


def grid_segments(n: int, step: int, horizontal: bool) -> np.ndarray:
    """(E, 2, 2) the lines of an n x n unit grid at every `step`-th position."""
    at = np.arange(0, n + 1, step, dtype=float)
    ends = np.zeros_like(at), np.full_like(at, n)
    if horizontal:
        return np.stack((np.column_stack((ends[0], at)), np.column_stack((ends[1], at))), axis=1)
    return np.stack((np.column_stack((at, ends[0])), np.column_stack((at, ends[1]))), axis=1)


class SudokuView(QWidget):
    """A right-click on a cell emits `cell_menu_requested(cell index, global position)`."""

    cell_menu_requested = Signal(object, QPoint)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.puzzle: Puzzle | None = None
        self.solution: Solution | None = None
        self._givens = np.zeros(0, dtype=np.int64)
        self._values = np.zeros(0, dtype=np.int64)
        self.conflicts: frozenset[int] = frozenset()  # cells of givens that clash
        self.marked: frozenset[int] = frozenset()  # givens that have no solution together
        self.rule_marked: frozenset[int] = frozenset()  # the cells of the rules they need
        self.filter_cells: tuple[int, ...] = ()  # the cells the solution filter was made on
        self.zoom = ZoomPan(self, Qt.MouseButton.LeftButton)
        self.setToolTip("Wheel to zoom, drag to move, double-click to fit")

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.zoom.fit()
        self.puzzle = puzzle
        self._givens = np.array(puzzle.sudoku.givens, dtype=np.int64)
        self.conflicts = frozenset(cell for pair in conflicting_givens(puzzle.sudoku)
                                   for cell in pair)
        self.marked = self.rule_marked = frozenset()
        self.filter_cells = ()
        self.set_solution(None)

    def set_marks(self, cells, named: bool = True, rules=()) -> None:
        """Givens to highlight (why there is no solution), and the cells of the rules (cages,
        jigsaw regions, diagonals) named with them, lighter; empty: none."""
        self.marked, self.rule_marked = frozenset(cells), frozenset(rules)
        self.update()

    def set_filter_cells(self, cells) -> None:
        """Mark the cells the solution filter was made on (none: no filter)."""
        self.filter_cells = tuple(cells)
        self.update()

    def set_solution(self, solution: Solution | None) -> None:
        self.solution = solution
        if solution is not None and len(solution.grid) == len(self._givens):
            self._values = np.array(solution.grid, dtype=np.int64)
        else:
            self._values = self._givens.copy()
        self.update()

    # --- geometry ----------------------------------------------------------------------
    def _grid_rect(self) -> QRectF:
        """Where the grid is drawn: a centred square within the margins, zoomed and panned."""
        side = min(self.width(), self.height()) - 2 * MARGIN
        return self.zoom.map_rect(QRectF((self.width() - side) / 2, (self.height() - side) / 2,
                                         side, side))

    def zoom_content(self) -> QRectF:
        """The grid as fitted, with its margins: zooming pans over it, not beyond."""
        side = min(self.width(), self.height()) - 2 * MARGIN
        return QRectF((self.width() - side) / 2, (self.height() - side) / 2, side, side)

    def cell_rect(self, cell: int) -> QRectF:
        n = self.puzzle.sudoku.n
        grid = self._grid_rect()
        size = grid.width() / n
        row, col = divmod(cell, n)
        return QRectF(grid.left() + col * size, grid.top() + row * size, size, size)

    def cell_at(self, point: QPointF) -> int | None:
        n = self.puzzle.sudoku.n
        grid = self._grid_rect()
        if not grid.contains(point):
            return None
        col = min(int((point.x() - grid.left()) / grid.width() * n), n - 1)
        row = min(int((point.y() - grid.top()) / grid.height() * n), n - 1)
        return row * n + col

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        cell = self.cell_at(QPointF(event.pos())) if self.puzzle is not None else None
        if cell is not None:
            self.cell_menu_requested.emit(cell, event.globalPos())

    # --- painting ----------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        if self.puzzle is None:
            return
        grid = self.puzzle.sudoku
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        square = self._grid_rect()
        cell = square.width() / grid.n
        painter.translate(square.topLeft())
        self._paint_cells(painter, grid.n, cell)
        paint_diagonals(painter, grid, cell, self._symbol_boxes(grid.n, cell))
        # jigsaw regions draw their own thick lines: the boxes' are then only the frame
        boxes = (grid.n, grid.n) if grid.regions else (grid.box_rows, grid.box_cols)
        self._paint_lines(painter, grid.n, *boxes, cell)
        paint_region_borders(painter, grid, cell)
        paint_cages(painter, grid, cell, self.font())
        self._paint_symbols(painter, grid.n, cell)
        painter.resetTransform()
        paint_filter_frames(painter, (self.cell_rect(cell) for cell in self.filter_cells))
        painter.end()

    def _paint_cells(self, painter: QPainter, n: int, cell: float) -> None:
        painter.fillRect(QRectF(0, 0, n * cell, n * cell), PAPER)
        for index in self.rule_marked:
            row, col = divmod(index, n)
            painter.fillRect(QRectF(col * cell, row * cell, cell, cell), RULE_FILL)
        for index in np.flatnonzero(self._givens):
            row, col = divmod(int(index), n)
            fill = (CONFLICT_FILL if int(index) in self.conflicts else
                    MARKED_FILL if int(index) in self.marked else
                    RULE_FILL if int(index) in self.rule_marked else GIVEN_FILL)
            painter.fillRect(QRectF(col * cell, row * cell, cell, cell), fill)

    def _paint_lines(self, painter: QPainter, n: int, box_rows: int, box_cols: int,
                     cell: float) -> None:
        """In pixels, with plain pens: no scaling transform (see views.board_picture)."""
        for (colour, width), rows_step, cols_step in ((THIN_LINE, 1, 1),
                                                      (BOX_LINE, box_rows, box_cols)):
            pen = QPen(colour, width)
            pen.setCapStyle(Qt.PenCapStyle.SquareCap)
            lines = np.concatenate((grid_segments(n, rows_step, horizontal=True),
                                    grid_segments(n, cols_step, horizontal=False)))
            painter.strokePath(segments_path(lines * cell), pen)

    def _symbol_boxes(self, n: int, cell: float) -> list[QRectF]:
        """The squares around the symbols drawn (one em, and a pixel of room), which the
        X-Sudoku's diagonals leave clear."""
        side = symbol_pixels(n, cell) + 2
        boxes = []
        for index in np.flatnonzero(self._values):
            row, col = divmod(int(index), n)
            centre = QPointF((col + 0.5) * cell, (row + 0.5) * cell)
            boxes.append(QRectF(centre.x() - side / 2, centre.y() - side / 2, side, side))
        return boxes

    def _paint_symbols(self, painter: QPainter, n: int, cell: float) -> None:
        font = QFont(self.font())
        font.setPixelSize(symbol_pixels(n, cell))
        given_font = QFont(font)
        given_font.setWeight(QFont.Weight.Bold)
        for index in np.flatnonzero(self._values):
            row, col = divmod(int(index), n)
            is_given = bool(self._givens[index])
            painter.setFont(given_font if is_given else font)
            painter.setPen(GIVEN_INK if is_given else SOLVED_INK)
            painter.drawText(QRectF(col * cell, row * cell, cell, cell),
                             Qt.AlignmentFlag.AlignCenter, symbol(int(self._values[index])))

    def content_size(self) -> QSize:
        """The square the grid is drawn in, margins included."""
        side = min(self.width(), self.height())
        return QSize(side, side)

    def sizeHint(self) -> QSize:
        return QSize(560, 560)

    def minimumSizeHint(self) -> QSize:
        return QSize(160, 160)


def symbol_pixels(n: int, cell: float) -> int:
    """The size of a symbol's font in a cell `cell` pixels wide of an n x n grid."""
    return max(6, int(cell * (0.62 if n <= 9 else 0.5)))


def symbol(value: int) -> str:
    """1..9, then A, B, ...; '' for empty."""
    return SUDOKU_SYMBOLS[value - 1] if value > 0 else ""
