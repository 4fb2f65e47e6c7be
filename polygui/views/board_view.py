"""The flat board view: hexagons in the meteor layout, or squares for polyomino puzzles."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QContextMenuEvent, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from solvers import Puzzle, Solution

from .board_picture import BoardPicture, fit_transform
from .cells import (EMPTY, CellIndex, cell_captions_by_index, drawn_board, optional_mask,
                    solution_cells)
from .colours import copy_colours, piece_colours
from .filter_marks import paint_filter_marks, polygon_spot
from .marks import marks_by_colour, paint_marks
from .paint_marks import constraint_colours, shown_paint
from .tiling import FlatBoard, tiling_for
from .zoom import ZoomPan, fitted_content

MARGIN = 16


EMPTY_HINT = "The board has no cells yet: add some in Design mode (Ctrl+1)."


class BoardView(QWidget):
    """Every piece copy in its piece's colour, outlined; empty cells light grey. Scales with
    the widget; the wheel zooms, a drag pans, a double-click fits (views.zoom). A right-click
    on a cell emits `cell_menu_requested(cell, global position)`."""

    cell_menu_requested = Signal(object, QPoint)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.puzzle: Puzzle | None = None
        self._drawn: tuple = ()  # the cells drawn: the board, then a calendar date's open ones
        self.solution: Solution | None = None
        self._picture: BoardPicture | None = None
        self._index: CellIndex | None = None
        self._colours = []
        self.marks: dict = {}  # cell -> QColor drawn over it (why there is no solution)
        self.filter_cells: tuple = ()  # the cells the solution filter was made on, marked
        self.zoom = ZoomPan(self, Qt.MouseButton.LeftButton)
        self.setToolTip("Wheel to zoom, drag to move, double-click to fit")

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.zoom.fit()
        self._drawn = drawn_board(puzzle)  # the board, and a calendar date's open cells
        opened = len(self._drawn) - len(puzzle.board)
        cells = np.array(self._drawn, dtype=np.int64).reshape(-1, puzzle.kind.dimensions)
        self.puzzle = puzzle
        self._index = CellIndex(cells)
        self._colours = piece_colours(puzzle)
        optional = np.concatenate((optional_mask(puzzle), np.zeros(opened, dtype=bool)))
        self._picture = BoardPicture(FlatBoard.build(tiling_for(puzzle.kind), cells), optional)
        self._picture.captions = cell_captions_by_index(puzzle, self._drawn)
        self.marks = {}
        self.filter_cells = ()
        self.set_solution(None)

    def set_marks(self, marks: dict, named: bool = False) -> None:
        """Colours drawn over board cells (cell -> QColor, translucent): a colouring, or
        the cells no piece covers (`named`: every cell is in sight here anyway). Empty:
        none. A new puzzle clears them."""
        self.marks = dict(marks)
        self.update()

    def set_filter_cells(self, cells) -> None:
        """Mark the cells the solution filter was made on (none: no filter)."""
        self.filter_cells = tuple(cells)
        self.update()

    def set_solution(self, solution: Solution | None) -> None:
        self.solution = solution
        if self._picture is None:
            return
        placed = solution_cells(self._index, len(self._drawn), solution, self.puzzle)
        colours = copy_colours(self._colours, placed.copy_types)
        self._picture.set_labels(placed.labels, colours)
        paint = np.zeros(len(self._drawn), dtype=np.int64)  # open cells: never painted
        paint[:len(self.puzzle.board)] = shown_paint(self.puzzle, solution)
        self._picture.set_paint(paint, constraint_colours(self.puzzle))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._picture is None:
            return
        painter = QPainter(self)
        if not self.puzzle.board:
            painter.drawText(QRectF(self.rect()), Qt.AlignmentFlag.AlignCenter, EMPTY_HINT)
            painter.end()
            return
        self._picture.paint(painter, self._target())
        if self.marks:
            self._paint_marks(painter)
        if self.filter_cells:
            self._paint_filter_cells(painter)
        painter.end()

    def _paint_marks(self, painter: QPainter) -> None:
        transform = fit_transform(self._picture.board.bounds, self._target())
        paint_marks(painter, self._picture.board.polygons,
                    marks_by_colour(self.puzzle.board, self.marks), transform)

    def _paint_filter_cells(self, painter: QPainter) -> None:
        transform = fit_transform(self._picture.board.bounds, self._target())
        found = self._index.lookup(np.array(self.filter_cells, dtype=np.int64))
        polygons = self._picture.board.polygons[found[found >= 0]]
        paint_filter_marks(painter, (polygon_spot(polygon, transform) for polygon in polygons))

    def zoom_content(self) -> QRectF | None:
        """The board as fitted, with its margins: zooming pans over it, not beyond."""
        if self._picture is None or not self.puzzle.board:
            return None
        room = QRectF(self.rect()).adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)
        return fitted_content(self._picture.board.bounds, room)

    def _target(self) -> QRectF:
        """Where the board is drawn: the widget less its margins, zoomed and panned."""
        return self.zoom.map_rect(QRectF(self.rect()).adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN))

    def cell_at(self, point: QPointF):
        """The board cell drawn at `point`, or None."""
        if self._picture is None or not self.puzzle.board:
            return None
        index = self._picture.cell_at(point, self._target())
        on_board = EMPTY < index < len(self.puzzle.board)  # not an open date cell either
        return self.puzzle.board[index] if on_board else None

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        cell = self.cell_at(QPointF(event.pos()))
        if cell is not None:
            self.cell_menu_requested.emit(cell, event.globalPos())

    def content_size(self) -> QSize:
        """The part of the view the board is drawn in, margins included: a picture of this
        shape has no empty bands beside a board of another shape."""
        if self._picture is None or not self.puzzle.board:
            return self.size()
        left, top, right, bottom = self._picture.board.bounds
        room = QRectF(self.rect()).adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)
        scale = fit_transform((left, top, right, bottom), room).m11()
        return QSize(round(scale * (right - left)) + 2 * MARGIN,
                     round(scale * (bottom - top)) + 2 * MARGIN)

    def sizeHint(self) -> QSize:
        return QSize(640, 480)

    def minimumSizeHint(self) -> QSize:
        return QSize(160, 120)
