"""The cube as 2D slices, so a solution can be read without rotating anything.

One square-cell picture per z layer, bottom layer first, each seen from above (x to the right,
y up, as the 3D view shows it from above), all at one scale, laid out in the grid of columns
that makes the cells largest. In the window (`LayerScroll`) the cells are never smaller than
MIN_CELL pixels, nor the captions cut: a big box's layers scroll instead.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QContextMenuEvent, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QFrame, QScrollArea, QSizePolicy, QWidget

from solvers import Puzzle

from .board_picture import BoardPicture, fit_transform
from .cells import board_cells, optional_mask
from .filter_marks import paint_filter_marks, polygon_spot
from .marks import Marks, marks_by_colour, paint_marks
from .tiling import FlatBoard, tiling_for

CAPTION = 18  # pixels above each layer for its name
GAP = 12  # pixels around each layer
MIN_CELL = 14  # pixels: a cell smaller is hard to read (an 8x8x8 box in 160 pixels got 6)


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
    puzzle_shown = Signal()  # another puzzle: other layers, which may need another size

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._cells = np.zeros((0, 3), dtype=np.int64)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self._layers: list[tuple[np.ndarray, BoardPicture]] = []  # (board positions, picture)
        self._bounds = (0.0, 0.0, 1.0, 1.0)
        self._marks: list[list[tuple[QColor, np.ndarray]]] = []  # per layer, by colour
        self.filter_cells: tuple = ()  # the cells the solution filter was made on, marked

    def set_puzzle(self, puzzle: Puzzle) -> None:
        cells = board_cells(puzzle)
        self._cells = cells
        self._layers = []
        drawn = puzzle.kind.grid.drawn_coordinates(tuple(map(tuple, cells.tolist()))) \
            if len(cells) else cells  # a layer's own rows: of balls, turned 45° from x and y
        for z in np.unique(cells[:, 2]):
            positions = np.flatnonzero(cells[:, 2] == z)
            seen_from_above = drawn[positions, :2] * np.array([1, -1])
            picture = BoardPicture(FlatBoard.build(tiling_for(puzzle.kind), seen_from_above),
                                   optional_mask(puzzle)[positions])
            self._layers.append((positions, picture))
        boxes = np.array([picture.board.bounds for _, picture in self._layers]).reshape(-1, 4)
        if len(boxes):
            self._bounds = (*boxes[:, :2].min(axis=0), *boxes[:, 2:].max(axis=0))
        self._marks = []
        self.filter_cells = ()
        self.update()
        self.puzzle_shown.emit()

    def set_marks(self, marks: Marks) -> None:
        """Colours drawn over board cells (cell -> QColor, translucent), each in its layer:
        why there is no solution. Empty: none. A new puzzle clears them."""
        cells = [tuple(int(v) for v in cell) for cell in self._cells]
        groups = marks_by_colour(cells, marks)
        self._marks = [[(colour, np.flatnonzero(np.isin(positions, indices)))
                        for colour, indices in groups] for positions, _ in self._layers]
        self.update()

    def set_filter_cells(self, cells) -> None:
        """Mark the cells the solution filter was made on (none: no filter)."""
        self.filter_cells = tuple(tuple(int(v) for v in cell) for cell in cells)
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

    def readable_size(self, width: int, height: int) -> QSize:
        """The least size, from `width` x `height` up, at which every cell is MIN_CELL pixels
        or more and every caption whole: as many columns as the width holds (one at least),
        as many rows as they need."""
        count = len(self._layers)
        if not count:
            return QSize(width, height)
        left, top, right, bottom = self._bounds
        caption = max(self.fontMetrics().horizontalAdvance(text) for text in self.captions())
        slot_width = max((right - left) * MIN_CELL, caption) + 2 * GAP
        slot_height = (bottom - top) * MIN_CELL + 2 * GAP + CAPTION
        columns = int(max(1, min(count, width // slot_width)))
        rows = -(-count // columns)
        if self._scale(width, height) >= MIN_CELL and all(
                rect.width() >= slot_width for rect in self.layer_rects(width, height)):
            return QSize(width, height)
        return QSize(max(width, int(np.ceil(columns * slot_width))),
                     max(height, int(np.ceil(rows * slot_height))))

    def _scale(self, width: int, height: int) -> float:
        """Pixels per cell at this size."""
        left, top, right, bottom = self._bounds
        rects = self.layer_rects(width, height)
        return min((rects[0].width() - 2 * GAP) / max(right - left, 1e-9),
                   (rects[0].height() - 2 * GAP - CAPTION) / max(bottom - top, 1e-9))

    def captions(self) -> list[str]:
        """Each layer's caption, bottom first."""
        return [layer_caption(number, len(self._layers)) for number in range(len(self._layers))]

    def shown_captions(self) -> list[str]:
        """The captions as drawn at the present size (shortened where a slot is narrow)."""
        metrics = self.fontMetrics()
        shown = []
        for number, slot in enumerate(self.layer_rects()):
            width = slot.width() - 2 * GAP
            texts = (self.captions()[number], f"layer {number + 1}", str(number + 1))
            shown.append(next((text for text in texts
                               if metrics.horizontalAdvance(text) <= width), texts[-1]))
        return shown

    def layer_rects(self, width: int | None = None, height: int | None = None) -> list[QRectF]:
        """Where each layer is drawn (caption included), at the view's size or the one
        given."""
        count = len(self._layers)
        if not count:
            return []
        width = self.width() if width is None else width
        height = self.height() if height is None else height
        left, top, right, bottom = self._bounds
        columns = best_columns(count, (right - left, bottom - top), (width, height))
        rows = -(-count // columns)
        width, height = width / columns, height / rows
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
        for number, ((_, picture), slot, text) in enumerate(zip(
                self._layers, self.layer_rects(), self.shown_captions())):
            inner = slot.adjusted(GAP, GAP, -GAP, -GAP)
            caption = QRectF(inner.left(), inner.top(), inner.width(), CAPTION)
            painter.drawText(caption, Qt.AlignmentFlag.AlignCenter, text)
            target = inner.adjusted(0, CAPTION, 0, 0)
            picture.paint(painter, target, self._bounds)
            if self._marks:
                paint_marks(painter, picture.board.polygons, self._marks[number],
                            fit_transform(self._bounds, target))
        paint_filter_marks(painter, self._filter_spots())
        painter.end()

    def _filter_spots(self) -> list[tuple[QPointF, float]]:
        """Where the filter's cells are drawn, and their size."""
        spots = []
        for (positions, picture), rect in zip(self._layers, self._picture_rects()):
            transform = fit_transform(self._bounds, rect)
            for cell in self.filter_cells:
                local = np.flatnonzero((self._cells[positions] == np.asarray(cell)).all(axis=1))
                spots += [polygon_spot(picture.board.polygons[i], transform) for i in local]
        return spots

    def sizeHint(self) -> QSize:
        return QSize(480, 160)

    def minimumSizeHint(self) -> QSize:
        return QSize(120, 80)


class LayerScroll(QScrollArea):
    """The layers as large as the room they have, unless that would make a cell smaller than
    MIN_CELL pixels or cut a caption: then at the least size that does not, scrolled
    (downwards first: as many columns as the width holds)."""

    def __init__(self, view: LayerView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidget(view)
        self.setWidgetResizable(False)
        view.puzzle_shown.connect(self.fit)

    def fit(self) -> None:
        view, room = self.widget(), self.maximumViewportSize()
        size = view.readable_size(room.width(), room.height())
        if size.height() > room.height():  # a vertical scroll bar takes some of the width
            width = room.width() - self.verticalScrollBar().sizeHint().width()
            size = view.readable_size(max(1, width), room.height())
        view.resize(size)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit()
