"""The cells a solution filter was made on (right-clicked in the Solve view), marked in the
filter bar's colour while the filter is on: a dot ringed in white in the middle of a board
cell (the piece's colour still shows around it), a frame inside a Sudoku cell (its symbol,
what the filter is about, stays in sight)."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QTransform

FILTER_MARK = QColor("#1b3a66")  # the filter bar's text colour: the mark goes with the bar
HALO = QColor("#ffffff")
SIZE = 0.42  # the dot's diameter, as a share of the cell's smaller side
LEAST_RADIUS = 2.5  # pixels: still seen on a tiny cell


def polygon_spot(polygon: np.ndarray, transform: QTransform) -> tuple[QPointF, float]:
    """Where to put the mark of a cell drawn as `polygon` (k, 2 board units) mapped by
    `transform`: its centre, and its smaller side in pixels."""
    corners = [transform.map(QPointF(float(x), float(y))) for x, y in polygon]
    xs, ys = [p.x() for p in corners], [p.y() for p in corners]
    centre = QPointF(sum(xs) / len(xs), sum(ys) / len(ys))
    return centre, min(max(xs) - min(xs), max(ys) - min(ys))


FRAME = 0.07  # a Sudoku cell's frame: its width, as a share of the cell's side


def paint_filter_marks(painter: QPainter, spots: Iterable[tuple[QPointF, float]]) -> None:
    """A dot at each (centre, cell size in pixels)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(FILTER_MARK)
    for centre, size in spots:
        radius = max(LEAST_RADIUS, SIZE * size / 2)
        painter.setPen(QPen(HALO, max(1.5, radius / 3), Qt.PenStyle.SolidLine))
        painter.drawEllipse(centre, radius, radius)
    painter.restore()


def frame_width(rect: QRectF) -> float:
    return max(2.0, FRAME * min(rect.width(), rect.height()))


def paint_filter_frames(painter: QPainter, rects: Iterable[QRectF]) -> None:
    """A frame just inside each cell's rectangle."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for rect in rects:
        width = frame_width(rect)
        painter.setPen(QPen(FILTER_MARK, width))
        painter.drawRect(rect.adjusted(width, width, -width, -width))
    painter.restore()
