"""One slice of a 3D cell set as a clickable grid: the 2D way to add and remove cubes.

The slice is perpendicular to a chosen axis (z by default: a horizontal layer seen from above,
x to the right and y up, as the 3D view shows it from above). Pressing an empty cell starts
an adding stroke, pressing a filled one a removing stroke; dragging extends the stroke over
every cell the mouse crosses. The widget only reports strokes; the owner edits the document.
Balls (the sphere grid, `set_look`) are drawn as circles, and the places of a layer where no
ball can sit (x + y + z odd) shaded.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, QSizeF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QMouseEvent, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QLabel, QSizePolicy, QSpinBox,
                               QVBoxLayout, QWidget)

from ..views.paint_marks import MARK_SCALE, OUTLINE as MARK_OUTLINE
from ..views.space_look import CUBES, CubeLook

Cell = tuple[int, int, int]
AXES = "xyz"
# For each fixed axis, the (column, row) axes of the grid: rows grow upwards on screen.
GRID_AXES = {0: (1, 2), 1: (0, 2), 2: (0, 1)}
MARGIN = 8
GRID_PEN = QColor(150, 150, 160)
SLICE_COLOUR = QColor(242, 140, 26)
BELOW_COLOUR = QColor(0, 0, 0, 28)  # a hint of the cells one layer down
GHOST_COLOUR = QColor(13, 115, 242)  # where a click would pin a piece (the 3D preview's)
NO_CELL_COLOUR = QColor(0, 0, 0, 40)  # a place of the layer that is no cell (between balls)


class LayerGrid(QWidget):
    """The grid of one slice. Signals: `stroke_started(bool adding)`, `cell_touched(Cell,
    bool adding)` for the pressed cell and every cell dragged over, `stroke_finished()`;
    `pressed(Cell)` for every left press, `hovered(Cell or None)` as the mouse moves."""

    stroke_started = Signal(bool)
    cell_touched = Signal(object, bool)
    optional_touched = Signal(object, bool)  # a Ctrl+stroke: (cell, mark it optional)
    stroke_finished = Signal()
    pressed = Signal(object)
    hovered = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.setMouseTracking(True)  # the hovered cell, for a pin's ghost
        self.space: Cell = (3, 3, 3)
        self.axis = 2
        self.layer = 0
        self.filled: frozenset[Cell] = frozenset()
        self.colour = QColor(170, 170, 180)
        self.optional: frozenset[Cell] = frozenset()  # drawn pale and hatched
        self.cell_colours: dict[Cell, QColor] = {}  # filled cells of their own colour (pins)
        self.ghost: frozenset[Cell] = frozenset()  # outlined: where a piece would be pinned
        self.ghost_colour = GHOST_COLOUR
        self.paint: dict[Cell, QColor] = {}  # constraint colours marked on filled cells
        self._hover: Cell | None = None
        self.look: CubeLook = CUBES  # squares, or balls (`set_look`)
        self._stroke: tuple[bool, Cell | None] | None = None  # (adding, last cell touched)
        self._marking = False  # the stroke marks optional cells (it started with Ctrl)

    def set_contents(self, space: Cell, filled: frozenset[Cell], colour: QColor) -> None:
        self.space, self.filled, self.colour = space, filled, colour
        self.update()

    def set_look(self, look: CubeLook) -> None:
        """Draw cells as the grid's 3D look does: squares for cubes, circles for balls."""
        self.look = look
        self.update()

    def set_optional(self, cells: frozenset[Cell]) -> None:
        self.optional = cells
        self.update()

    def set_slice(self, axis: int, layer: int) -> None:
        self.axis, self.layer = axis, layer
        self.update()

    def set_cell_colours(self, colours: dict[Cell, QColor]) -> None:
        self.cell_colours = dict(colours)
        self.update()

    def set_paint(self, paint: dict[Cell, QColor]) -> None:
        """Mark constraint colours on cells (views.paint_marks: a small square)."""
        self.paint = dict(paint)
        self.update()

    def set_ghost(self, cells, colour: QColor = GHOST_COLOUR) -> None:
        """Outline `cells` (those in the slice shown); none: no outline."""
        self.ghost, self.ghost_colour = frozenset(cells), colour
        self.update()

    # --- geometry ----------------------------------------------------------------------
    def grid_shape(self) -> tuple[int, int]:
        column_axis, row_axis = GRID_AXES[self.axis]
        return self.space[column_axis], self.space[row_axis]

    def _cell_size(self) -> float:
        columns, rows = self.grid_shape()
        return max(4.0, min((self.width() - 2 * MARGIN) / max(columns, 1),
                            (self.height() - 2 * MARGIN) / max(rows, 1)))

    def _origin(self) -> QPointF:
        """Top-left corner of the grid, which is centred in the widget."""
        columns, rows = self.grid_shape()
        size = self._cell_size()
        return QPointF((self.width() - columns * size) / 2, (self.height() - rows * size) / 2)

    def cell_at_grid(self, column: int, row: int) -> Cell:
        cell = [0, 0, 0]
        column_axis, row_axis = GRID_AXES[self.axis]
        cell[self.axis], cell[column_axis], cell[row_axis] = self.layer, column, row
        return tuple(cell)

    def cell_rect(self, cell: Cell) -> QRectF:
        """Where `cell` (which must lie in this slice) is drawn."""
        column_axis, row_axis = GRID_AXES[self.axis]
        size, origin = self._cell_size(), self._origin()
        rows = self.grid_shape()[1]
        return QRectF(origin.x() + cell[column_axis] * size,
                      origin.y() + (rows - 1 - cell[row_axis]) * size, size, size)

    def cell_centre(self, cell: Cell) -> QPoint:
        return self.cell_rect(cell).center().toPoint()

    def cell_under(self, position: QPointF) -> Cell | None:
        columns, rows = self.grid_shape()
        size, origin = self._cell_size(), self._origin()
        column = int((position.x() - origin.x()) // size)
        row = rows - 1 - int((position.y() - origin.y()) // size)
        if 0 <= column < columns and 0 <= row < rows:
            return self.cell_at_grid(column, row)
        return None

    # --- mouse strokes -----------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_under(event.position())
        if event.button() != Qt.MouseButton.LeftButton or cell is None:
            return
        self.pressed.emit(cell)
        self._marking = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        adding = cell not in (self.optional if self._marking else self.filled)
        self._stroke = (adding, cell)
        self.stroke_started.emit(adding)
        self._touch(cell, adding)

    def _touch(self, cell: Cell, adding: bool) -> None:
        (self.optional_touched if self._marking else self.cell_touched).emit(cell, adding)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._stroke is None:
            self._set_hover(self.cell_under(event.position()))
            return
        adding, last = self._stroke
        cell = self.cell_under(event.position())
        if cell is not None and cell != last:
            self._stroke = (adding, cell)
            self._touch(cell, adding)

    def leaveEvent(self, event) -> None:
        self._set_hover(None)
        super().leaveEvent(event)

    def _set_hover(self, cell: Cell | None) -> None:
        if cell != self._hover:
            self._hover = cell
            self.hovered.emit(cell)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._stroke is not None and event.button() == Qt.MouseButton.LeftButton:
            self._stroke = None
            self.stroke_finished.emit()

    # --- drawing -----------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        columns, rows = self.grid_shape()
        painter.setPen(QPen(GRID_PEN, 1))
        for column in range(columns):
            for row in range(rows):
                cell = self.cell_at_grid(column, row)
                rect = self.cell_rect(cell)
                if not self.is_cell(cell):
                    painter.setBrush(NO_CELL_COLOUR)
                    painter.drawRect(rect)
                    continue
                if cell in self.filled and cell in self.optional:
                    self._paint_cell(painter, rect, self.colour.lighter(135))
                    painter.setBrush(QBrush(QColor(0, 0, 0, 90), Qt.BrushStyle.BDiagPattern))
                elif cell in self.filled:
                    painter.setBrush(self.cell_colours.get(cell, self.colour))
                elif any(below in self.filled for below in self._below(cell)):
                    painter.setBrush(BELOW_COLOUR)
                else:
                    painter.setBrush(Qt.BrushStyle.NoBrush)
                self._paint_cell(painter, rect, painter.brush())
        self._paint_marks(painter)
        ghost = [cell for cell in self.ghost if cell[self.axis] == self.layer
                 and all(0 <= v < size for v, size in zip(cell, self.space))]
        if ghost:
            painter.setPen(QPen(self.ghost_colour, 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for cell in ghost:
                self.draw_outline(painter, self.cell_rect(cell).adjusted(2, 2, -2, -2))
        painter.setPen(QPen(SLICE_COLOUR, 2))  # the colour that outlines this slice in 3D
        painter.setBrush(Qt.BrushStyle.NoBrush)
        size = self._cell_size()
        painter.drawRect(QRectF(self._origin(), QSizeF(columns * size, rows * size)))
        painter.end()

    def is_cell(self, cell: Cell) -> bool:
        """Whether a place of the grid is drawn as a cell (else shaded: no ball fits there)."""
        return self.look.is_cell(cell)

    def _below(self, cell: Cell) -> list[Cell]:
        """The cells one layer down that the cell stands on (a cube: the one under it; a
        ball: the four in the hollow it sits in, as the layer grid lays them out)."""
        steps = ([(0, 0)] if not self.look.round else [(-1, 0), (1, 0), (0, -1), (0, 1)])
        below = []
        for step in steps:
            other = list(cell)
            other[self.axis] -= 1
            for axis, value in zip(GRID_AXES[self.axis], step):
                other[axis] += value
            below.append(tuple(other))
        return below

    def _paint_cell(self, painter: QPainter, rect: QRectF, brush) -> None:
        """A square; a ball: the square's outline and a circle in it, the brush's colour."""
        if not self.look.round:
            painter.setBrush(brush)
            painter.drawRect(rect)
            return
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(rect)
        painter.setBrush(brush)
        painter.drawEllipse(rect.adjusted(1, 1, -1, -1))

    def draw_outline(self, painter: QPainter, rect: QRectF) -> None:
        """Outline a cell drawn in `rect` with the painter's pen: a square, or a circle."""
        (painter.drawEllipse if self.look.round else painter.drawRect)(rect)

    def _paint_marks(self, painter: QPainter) -> None:
        painter.setPen(QPen(MARK_OUTLINE, 1))
        for cell, colour in self.paint.items():
            if cell[self.axis] == self.layer and cell in self.filled:
                rect = self.cell_rect(cell)
                inset = rect.width() * (1 - MARK_SCALE) / 2
                painter.setBrush(colour)
                painter.drawRect(rect.adjusted(inset, inset, -inset, -inset))

    def sizeHint(self) -> QSize:
        return QSize(260, 220)

    def minimumSizeHint(self) -> QSize:
        return QSize(120, 100)


class LayerEditor(QWidget):
    """A `LayerGrid` with the choice of axis and layer above it. `slice_changed(axis,
    layer)` when another slice is shown (layer 0-based)."""

    slice_changed = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = LayerGrid()
        self.axis = QComboBox()
        self.axis.addItems([f"{name.upper()} layers" for name in AXES])
        self.axis.setCurrentIndex(2)
        self.axis.setToolTip("Which axis the slice is perpendicular to")
        self.layer = QSpinBox()
        self.layer.setToolTip("Which slice to edit (1 = bottom)")
        self.layer.setRange(1, 3)
        controls = QHBoxLayout()
        controls.addWidget(self.axis)
        controls.addWidget(QLabel("Layer"))
        controls.addWidget(self.layer)
        controls.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(controls)
        layout.addWidget(self.grid, 1)
        self.axis.currentIndexChanged.connect(self._on_slice_changed)
        self.layer.valueChanged.connect(self._on_slice_changed)

    def set_contents(self, space: Cell, filled: frozenset[Cell], colour: QColor) -> None:
        self.grid.set_contents(space, filled, colour)
        self._update_range()

    def show_layer(self, axis: int, layer: int) -> None:
        """Show slice `layer` (0-based) across `axis`."""
        self.axis.setCurrentIndex(axis)
        self._update_range()
        self.layer.setValue(layer + 1)

    def _update_range(self) -> None:
        self.layer.setMaximum(max(1, self.grid.space[self.axis.currentIndex()]))

    def _on_slice_changed(self) -> None:
        self._update_range()
        axis, layer = self.axis.currentIndex(), self.layer.value() - 1
        if (axis, layer) != (self.grid.axis, self.grid.layer):
            self.grid.set_slice(axis, layer)
            self.slice_changed.emit(axis, layer)
