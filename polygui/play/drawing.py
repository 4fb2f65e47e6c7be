"""Drawing helpers of Play's canvas: a loose piece (in the tray, dragged, a snap preview) and
outlines around placed pieces (the red mark, a hint's highlight, the selection); which tray
polygon is under the mouse."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QTransform

from solvers.puzzle.grids import Shape

from ..views.board_picture import polygons_path
from ..views.canvas_picture import CanvasPicture
from ..views.cells import EMPTY
from ..views.tiling import FlatBoard, Tiling

NO_PLACE = QColor(220, 40, 40, 120)  # a snap preview where the piece cannot go
IN_NO_SOLUTION = QColor(210, 30, 30)  # the quiet red mark
HINTED = QColor(255, 190, 0)
SELECTED = QColor(30, 30, 30)


def shape_polygons(tiling: Tiling, shape: Shape) -> np.ndarray:
    return FlatBoard.build(tiling, np.array(shape, dtype=np.int64)).polygons


def draw_piece(painter: QPainter, tiling: Tiling, cells, colour: QColor,
               transform: QTransform, shift=(0.0, 0.0)) -> None:
    """`cells` (a shape, or board cells) filled with `colour`, outlined, moved by `shift`
    drawing units."""
    board = FlatBoard.build(tiling, np.array(cells, dtype=np.int64))
    picture = CanvasPicture(board, np.zeros(len(cells), dtype=np.int64), [colour])
    picture.paint(painter, QTransform.fromTranslate(float(shift[0]), float(shift[1])) * transform)


def outline(painter: QPainter, tiling: Tiling, cells, colour: QColor, width: float,
            transform: QTransform, dashed: bool = False) -> None:
    """A line of `width` pixels around `cells` (board cells)."""
    path = transform.map(polygons_path(shape_polygons(tiling, tuple(cells))).simplified())
    pen = QPen(colour, width)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    if dashed:
        pen.setStyle(Qt.PenStyle.DashLine)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.strokePath(path, pen)
    painter.restore()


def polygon_at(polygons: np.ndarray, point: QPointF) -> int:
    """The index of the convex polygon holding `point`, or -1."""
    edges = np.roll(polygons, -1, axis=1) - polygons
    to_point = np.array([point.x(), point.y()]) - polygons
    cross = edges[..., 0] * to_point[..., 1] - edges[..., 1] * to_point[..., 0]
    inside = np.all(cross >= -1e-9, axis=1) | np.all(cross <= 1e-9, axis=1)
    found = np.flatnonzero(inside)
    return int(found[0]) if len(found) else EMPTY
