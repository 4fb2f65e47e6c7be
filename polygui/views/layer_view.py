"""The cube as 2D slices, so a solution can be read without rotating anything.

One square-cell picture per z layer, bottom layer first, each seen from above (x to the right,
y up, as the 3D view shows it from above), all at one scale, laid out in the grid of columns
that makes the cells largest.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QContextMenuEvent, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from solvers import Puzzle

from .board_picture import BoardPicture, fit_transform
from .cells import board_cells, optional_mask
from .marks import Marks, marks_by_colour, paint_marks
from .tiling import SQUARE, FlatBoard

CAPTION = 18  # pixels above each layer for its name
GAP = 12  # pixels around each layer


def best_columns(count: int, layer_size: tuple[float, float], area: tuple[float, float]) -> int:
    """The number of columns that gives `count` layers of `layer_size` (board units) the
    largest scale inside `area` (pixels)."""
    columns = np.arange(1, count + 1)
    rows = -(-count // columns)
    slot_width = area[0] / columns - 2 * GAP
    slot_height = area[1] / rows - 2 * GAP - CAPTION
    scale = np.minimum(slot_width / layer_size[0], slot_height / layer_size[1])
    return int(columns[np.argmax(scale)])


def layer_caption(number: int, layers: int) -> str:
    """The caption of layer `number` (0 the bottom) of a box of `layers` layers."""
    where = " (bottom)" if number == 0 else " (top)" if number == layers - 1 else ""
    return f"layer {number + 1}{where}"


class LayerView(QWidget):
    """A right-click on a cell emits `cell_menu_requested(cell, global position)`."""

    cell_menu_requested = Signal(object, QPoint)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._cells = np.zeros((0, 3), dtype=np.int64)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self._layers: list[tuple[np.ndarray, BoardPicture]] = []  # (board positions, picture)
        self._bounds = (0.0, 0.0, 1.0, 1.0)
        self._marks: list[list[tuple[QColor, np.ndarray]]] = []  # per layer, by colour

    def set_puzzle(self, puzzle: Puzzle) -> None:
        cells = board_cells(puzzle)
        self._cells = cells
        self._layers = []
        for z in np.unique(cells[:, 2]):
            positions = np.flatnonzero(cells[:, 2] == z)
            seen_from_above = cells[positions, :2] * np.array([1, -1])
            picture = BoardPicture(FlatBoard.build(SQUARE, seen_from_above),
                                   optional_mask(puzzle)[positions])
            self._layers.append((positions, picture))
        boxes = np.array([picture.board.bounds for _, picture in self._layers]).reshape(-1, 4)
        if len(boxes):
            self._bounds = (*boxes[:, :2].min(axis=0), *boxes[:, 2:].max(axis=0))
        self._marks = []
        self.update()

    def set_marks(self, marks: Marks) -> None:
        """Colours drawn over board cells (cell -> QColor, translucent), each in its layer:
        why there is no solution. Empty: none. A new puzzle clears them."""
        cells = [tuple(int(v) for v in cell) for cell in self._cells]
        groups = marks_by_colour(cells, marks)
        self._marks = [[(colour, np.flatnonzero(np.isin(positions, indices)))
                        for colour, indices in groups] for positions, _ in self._layers]
        self.update()

    def set_labels(self, labels: np.ndarray, copy_colours: Sequence[QColor]) -> None:
        """`labels`: the copy on every board cell (-1 empty); `copy_colours`: one per copy."""
        for positions, picture in self._layers:
            picture.set_labels(labels[positions], copy_colours)
        self.update()

    def set_paint(self, paint: np.ndarray, colours: Sequence[QColor]) -> None:
        """Constraint colours marked on board cells (views.paint_marks): a colour number per
        board cell, 0 none."""
        for positions, picture in self._layers:
            picture.set_paint(paint[positions], colours)
        self.update()

    def layer_rects(self) -> list[QRectF]:
        """Where each layer is drawn (caption included)."""
        count = len(self._layers)
        if not count:
            return []
        left, top, right, bottom = self._bounds
        columns = best_columns(count, (right - left, bottom - top), (self.width(), self.height()))
        rows = -(-count // columns)
        width, height = self.width() / columns, self.height() / rows
        return [QRectF((i % columns) * width, (i // columns) * height, width, height)
                for i in range(count)]

    def _picture_rects(self) -> list[QRectF]:
        """Where each layer's picture is drawn (below its caption)."""
        return [slot.adjusted(GAP, GAP + CAPTION, -GAP, -GAP) for slot in self.layer_rects()]

    def cell_at(self, point: QPointF) -> tuple[int, ...] | None:
        """The board cell drawn at `point`, or None."""
        for (positions, picture), rect in zip(self._layers, self._picture_rects()):
            if rect.contains(point):
                index = picture.cell_at(point, rect, self._bounds)
                if index >= 0:
                    return tuple(int(v) for v in self._cells[positions[index]])
        return None

    def cell_centre(self, cell: tuple[int, ...]) -> QPointF | None:
        """Where the centre of board cell `cell` is drawn, or None (not on the board)."""
        for (positions, picture), rect in zip(self._layers, self._picture_rects()):
            local = np.flatnonzero((self._cells[positions] == np.asarray(cell)).all(axis=1))
            if len(local):
                centre = picture.board.polygons[local[0]].mean(axis=0)
                return fit_transform(self._bounds, rect).map(QPointF(*map(float, centre)))
        return None

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        cell = self.cell_at(QPointF(event.pos()))
        if cell is not None:
            self.cell_menu_requested.emit(cell, event.globalPos())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setPen(self.palette().color(QPalette.ColorRole.Text))
        metrics = painter.fontMetrics()
        last = len(self._layers) - 1
        for number, ((_, picture), slot) in enumerate(zip(self._layers, self.layer_rects())):
            inner = slot.adjusted(GAP, GAP, -GAP, -GAP)
            caption = QRectF(inner.left(), inner.top(), inner.width(), CAPTION)
            texts = (layer_caption(number, last + 1), f"layer {number + 1}", str(number + 1))
            fitting = next((text for text in texts
                            if metrics.horizontalAdvance(text) <= caption.width()), texts[-1])
            painter.drawText(caption, Qt.AlignmentFlag.AlignCenter, fitting)
            target = inner.adjusted(0, CAPTION, 0, 0)
            picture.paint(painter, target, self._bounds)
            if self._marks:
                paint_marks(painter, picture.board.polygons, self._marks[number],
                            fit_transform(self._bounds, target))
        painter.end()

    def sizeHint(self) -> QSize:
        return QSize(480, 160)

    def minimumSizeHint(self) -> QSize:
        return QSize(120, 80)
