"""The editor's look for cells on a grid: filled groups outlined, free positions only faintly,
even at the border (unlike the board view, where every border is the board's outline). Used
by the editors' canvases and by the piece tray."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPen, QTransform

from .board_picture import POINT_FILL, polygons_path, segments_path
from .cells import EMPTY
from .paint_marks import draw_paint
from .tiling import FlatBoard

EMPTY_FILL = QColor("#f6f6f6")
EDGE_PENS = {  # cosmetic pens, drawn in this order
    "grid": (QColor("#c4c4c4"), 1.0),  # between free positions, and around them
    "inner": (QColor(0, 0, 0, 45), 1.0),  # inside one filled group
    "outline": (QColor("#1e1e1e"), 2.2),  # around each filled group
}


class CanvasPicture:
    """Filled groups outlined; free positions only faintly, even at the canvas border
    (unlike the board view, where every border is the board's outline)."""

    def __init__(self, board: FlatBoard, labels: np.ndarray, colours: Sequence[QColor],
                 paint: tuple[np.ndarray, Sequence[QColor]] | None = None) -> None:
        """`paint`: constraint colours marked on cells (views.paint_marks): a colour number
        per cell (0 none) and the colours by number."""
        self.board = board
        self.marks = paint
        self.bounds = board.bounds
        self.fills = [(EMPTY_FILL if label == EMPTY else colours[label],
                       polygons_path(board.polygons[labels == label]))
                      for label in np.unique(labels)]
        inside, outside = board.sides[:, 0], board.sides[:, 1]
        own = labels[inside]
        other = np.where(outside == EMPTY, EMPTY, labels[outside])
        masks = {"grid": (own == other) & (own == EMPTY),
                 "inner": (own == other) & (own != EMPTY), "outline": own != other}
        self.edges = {kind: segments_path(board.segments[mask]) for kind, mask in masks.items()}

    def paint(self, painter: QPainter, transform: QTransform) -> None:
        painter.save()
        painter.setTransform(transform, combine=True)
        for colour, path in self.fills:  # aliased: much faster, and the edges cover the seams
            painter.fillPath(path, colour)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for kind, (colour, width) in EDGE_PENS.items():
            pen = QPen(colour, width)
            pen.setCosmetic(True)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.strokePath(self.edges[kind], pen)
        if self.board.points is not None and len(self.board.points):
            painter.fillPath(polygons_path(self.board.points), POINT_FILL)
        painter.restore()
        if self.marks is not None:
            draw_paint(painter, self.board.polygons, self.marks[0], self.marks[1], transform)
