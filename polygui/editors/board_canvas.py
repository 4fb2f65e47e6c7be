"""A clickable flat grid: hexagons (meteor layout), squares or triangles, some cells filled.

The canvas shows a set of grid positions (the area one may paint on), fills the cells given
to it and reports presses and drags in cell coordinates. It holds no puzzle: the editors
decide what a click means and hand back what to show. Geometry comes from `views.tiling`
and painting from `views.board_picture`, so it looks like the board view.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (QColor, QMouseEvent, QPainter, QPaintEvent, QPalette, QPen,
                           QPolygonF, QTransform)
from PySide6.QtWidgets import QSizePolicy, QWidget

from solvers import GridKind
from solvers.puzzle.grids import Cell

from ..views.board_picture import fit_transform
from ..views.canvas_picture import CanvasPicture
from ..views.cells import EMPTY
from ..views.piece_tray import PIECE_MIME
from ..views.tiling import FlatBoard, tiling_for
from ..views.zoom import ZoomPan, fitted_content

MARGIN = 12
HOVER_COLOUR = QColor("#1f6fd1")


def area_cells(kind: GridKind, rows: range, cols: range) -> list[Cell]:
    """The grid positions of a rectangle of offset rows and columns (hex: odd rows shifted
    right, as in the meteor text; square: (x, y) = (col, row); triangle: half a triangle a
    column, `triangles.cell_at_offset`): `Grid.cell_at_canvas`."""
    at = kind.grid.cell_at_canvas
    return [at(row, col) for row in rows for col in cols]


class CellCanvas(QWidget):
    """Positions outlined faintly, filled cells in their colours; emits `pressed(cell)` on a
    press and `dragged(cell)` each time a drag enters another position, then `released()`."""

    pressed = Signal(object)
    dragged = Signal(object)
    released = Signal()
    hover_changed = Signal(object)  # the position under the mouse, or None
    piece_dropped = Signal(object, int)  # a piece dragged from a tray dropped on a position

    def __init__(self, kind: GridKind, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self._positions: list[Cell] = []
        self._index: dict[Cell, int] = {}
        self._centres = np.zeros((0, 2))
        self._picture: CanvasPicture | None = None
        self._last_cell: Cell | None = None
        self._last_point = QPointF()
        self._hover: Cell | None = None
        self.setMouseTracking(True)  # for the hover outline
        self.preferred_size = QSize(520, 420)
        # the left button paints; it pans while Space is held
        self.zoom = ZoomPan(self, Qt.MouseButton.MiddleButton, space_pans=True)
        self._preview: list[Cell] = []  # positions outlined: a rectangle being dragged

    @property
    def hovered(self) -> Cell | None:
        """The position under the mouse, outlined to show what a click would change."""
        return self._hover

    @property
    def positions(self) -> list[Cell]:
        return list(self._positions)

    @property
    def preview(self) -> list[Cell]:
        return list(self._preview)

    def set_preview(self, cells: Iterable[Cell]) -> None:
        """Outline these positions (what a rectangle being dragged would change)."""
        self._preview = [tuple(cell) for cell in cells if tuple(cell) in self._index]
        self.update()

    def show_cells(self, positions: Iterable[Cell], fills: Sequence[tuple[Iterable[Cell], QColor]],
                   paint: dict[Cell, QColor] | None = None) -> None:
        """Show `positions` (cells named in `fills` are added if missing) and fill each group
        of cells in its colour; each group is outlined as one shape. `paint`: constraint
        colours marked on cells (views.paint_marks), of those shown."""
        groups = [[tuple(cell) for cell in cells] for cells, _ in fills]
        shown = dict.fromkeys(tuple(cell) for cell in positions)
        for cells in groups:
            shown.update(dict.fromkeys(cells))
        self._positions = list(shown)
        self._index = {cell: i for i, cell in enumerate(self._positions)}
        if not self._positions:
            self._picture = None
            self.update()
            return
        array = np.array(self._positions, dtype=np.int64)
        tiling = tiling_for(self.kind)
        self._centres = tiling.centres(array)
        labels = np.full(len(self._positions), EMPTY, dtype=np.int64)
        for label, cells in enumerate(groups):
            labels[[self._index[cell] for cell in cells]] = label
        self._picture = CanvasPicture(FlatBoard.build(tiling, array), labels,
                                      [colour for _, colour in fills], self._marks(paint or {}))
        self.update()

    def _marks(self, paint: dict[Cell, QColor]) -> tuple[np.ndarray, list[QColor]]:
        """The paint as a number per position and the colours by number."""
        colours = [QColor()] + list({colour.rgba(): colour for colour in paint.values()}.values())
        number = {colour.rgba(): index for index, colour in enumerate(colours) if index}
        numbers = np.zeros(len(self._positions), dtype=np.int64)
        for cell, colour in paint.items():
            if tuple(cell) in self._index:
                numbers[self._index[tuple(cell)]] = number[colour.rgba()]
        return numbers, colours

    def painted_colour(self, cell: Cell) -> QColor | None:
        """The constraint colour marked on `cell`, or None (for tests)."""
        numbers, colours = self._picture.marks if self._picture is not None else ((), ())
        index = self._index.get(tuple(cell))
        return colours[numbers[index]] if index is not None and numbers[index] else None

    # --- geometry ------------------------------------------------------------------------
    def _transform(self) -> QTransform:
        target = QRectF(self.rect()).adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)
        return fit_transform(self._picture.bounds, self.zoom.map_rect(target))

    def zoom_content(self) -> QRectF | None:
        """The cells as fitted, with their margins: zooming pans over them, not beyond."""
        room = QRectF(self.rect()).adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)
        return fitted_content(self._picture.bounds, room) if self._picture else None

    def cell_centre(self, cell: Cell) -> QPoint:
        """Where `cell` is drawn, in widget pixels (for tests and tooltips)."""
        x, y = self._centres[self._index[tuple(cell)]]
        return self._transform().map(QPointF(float(x), float(y))).toPoint()

    def cell_at(self, point: QPointF) -> Cell | None:
        """The position under `point`, or None: the nearest centre, if within a cell radius."""
        if self._picture is None:
            return None
        inverse, _ = self._transform().inverted()
        board_point = inverse.map(QPointF(point))
        distances = np.hypot(self._centres[:, 0] - board_point.x(),
                             self._centres[:, 1] - board_point.y())
        nearest = int(np.argmin(distances))
        radius = tiling_for(self.kind).pick_radius  # the nearest centre within it is clicked
        return self._positions[nearest] if distances[nearest] <= radius else None

    # --- events --------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        self._last_cell = self.cell_at(event.position())
        self._last_point = QPointF(event.position())
        if self._last_cell is not None:
            self.pressed.emit(self._last_cell)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self._set_hover(self.cell_at(event.position()))
        if not event.buttons() & Qt.MouseButton.LeftButton or self._last_cell is None:
            return
        for cell in self._cells_along(self._last_point, QPointF(event.position())):
            if cell != self._last_cell:
                self._last_cell = cell
                self.dragged.emit(cell)
        self._last_point = QPointF(event.position())

    def _cells_along(self, start: QPointF, end: QPointF) -> list[Cell]:
        """The positions a fast drag passed over between two mouse events, in order (sampled
        every third of a cell, so none is skipped)."""
        step = max(2.0, self._transform().m11() / 3)
        samples = max(1, int(np.hypot(end.x() - start.x(), end.y() - start.y()) / step))
        cells = (self.cell_at(start + (end - start) * (i / samples))
                 for i in range(1, samples + 1))
        return [cell for cell in cells if cell is not None]

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self._last_cell is not None:
            self._last_cell = None
            self.released.emit()

    def leaveEvent(self, event) -> None:
        self._set_hover(None)
        super().leaveEvent(event)

    def _set_hover(self, cell: Cell | None) -> None:
        if cell != self._hover:
            self._hover = cell
            self.update()
            self.hover_changed.emit(cell)

    # --- pieces dropped from a tray (views.piece_tray.PIECE_MIME) ---------------------------
    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasFormat(PIECE_MIME):
            event.acceptProposedAction()

    def dragMoveEvent(self, event) -> None:
        self._set_hover(self.cell_at(event.position()))
        if event.mimeData().hasFormat(PIECE_MIME):
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        cell = self.cell_at(event.position())
        data = event.mimeData().data(PIECE_MIME)
        if cell is None or data.isEmpty():
            return
        event.acceptProposedAction()
        self.piece_dropped.emit(cell, int(bytes(data).decode()))

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._picture is None:
            return
        painter = QPainter(self)
        transform = self._transform()
        self._picture.paint(painter, transform)
        outlined = self._preview or ([self._hover] if self._hover in self._index else [])
        if outlined:  # the positions a click (or the rectangle being dragged) would change
            pen = QPen(HOVER_COLOUR, 2.5)
            pen.setCosmetic(True)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setTransform(transform)
            painter.setPen(pen)
            for cell in outlined:
                corners = self._picture.board.polygons[self._index[cell]]
                painter.drawPolygon(QPolygonF([QPointF(float(x), float(y)) for x, y in corners]))
        painter.end()

    def sizeHint(self) -> QSize:
        return self.preferred_size

    def minimumSizeHint(self) -> QSize:
        return QSize(120, 100)
