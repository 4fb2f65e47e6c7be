"""Cube Play's layer grid: the editor's `LayerGrid` (one horizontal layer of the box, the board's
cells pale, placed pieces in their colours, the held piece outlined where a click puts it) with
Play's own outlines over it (the red mark, a hint's highlight), a right-click and the wheel."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen, QWheelEvent

from ..editors.layer_editor import LayerGrid


class PlayLayerGrid(LayerGrid):
    """`right_pressed(Cell)`: a right-click on a cell; `wheeled(int)`: +1 a layer up, -1 down."""

    right_pressed = Signal(object)
    wheeled = Signal(int)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.outlines: list[tuple[frozenset, QColor]] = []  # (cells, colour) drawn over

    def set_outlines(self, outlines: list[tuple[frozenset, QColor]]) -> None:
        self.outlines = outlines
        self.update()

    def is_cell(self, cell) -> bool:
        """Balls: only the board's places are drawn as balls, the rest of the box shaded (a
        flat ball board is a diamond in its box); cubes: the whole box, as in Design."""
        return super().is_cell(cell) and (not self.look.round or cell in self.filled)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_under(event.position())
        if event.button() == Qt.MouseButton.RightButton and cell is not None:
            self.right_pressed.emit(cell)
            return
        super().mousePressEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        self.wheeled.emit(1 if event.angleDelta().y() > 0 else -1)
        event.accept()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        painter = QPainter(self)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for cells, colour in self.outlines:
            painter.setPen(QPen(colour, 3))
            for cell in cells:
                if cell[self.axis] == self.layer:
                    self.draw_outline(painter, self.cell_rect(cell).adjusted(5, 5, -5, -5))
        painter.end()
