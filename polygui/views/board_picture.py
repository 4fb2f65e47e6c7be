"""Painting a flat board (hexagons or squares) with its cells coloured by piece copy.

Paths are built in board units from numpy arrays (one path per copy, one per kind of edge)
when the solution changes; a paint maps them into the target rectangle (kept until the
target changes), so no paint walks the cells in Python.

The paths are mapped into the painter's own coordinates and stroked with ordinary pens, never
drawn under a scaling transform with cosmetic pens: a vector file (SVG, PDF) then holds plain
coordinates and stroke widths, which every renderer draws alike (an SVG with
`vector-effect="non-scaling-stroke"` under a x25 transform is a black blob in librsvg,
ImageMagick and some browsers).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QTransform

from .captions import paint_captions
from .cells import EMPTY
from .paint_marks import draw_paint
from .tiling import FlatBoard

EMPTY_FILL = QColor("#ececec")
POINT_FILL = QColor("#5a5a5a")  # a stick grid's lattice points
OPTIONAL_FILL = QColor("#fbfbfb")  # an optional cell left empty: paler, and hatched
OPTIONAL_HATCH = QColor(0, 0, 0, 70)
EDGE_PENS = {  # (colour, width in the painter's units), drawn in this order
    "grid": (QColor("#a8a8a8"), 1.0),
    "inner": (QColor(0, 0, 0, 50), 1.0),
    "outline": (QColor("#1e1e1e"), 2.2),
}


def polygons_path(polygons: np.ndarray) -> QPainterPath:
    """One path holding every (k-corner) polygon of `polygons` (M, k, 2), each closed."""
    if not len(polygons):
        return QPainterPath()
    closed = np.concatenate((polygons, polygons[:, :1]), axis=1)
    connect = np.ones(closed.shape[:2], dtype=np.int32)
    connect[:, -1] = 0  # pyqtgraph: connect[i] joins point i to point i + 1
    return pg.arrayToQPath(closed[..., 0].ravel(), closed[..., 1].ravel(), connect.ravel())


def segments_path(segments: np.ndarray) -> QPainterPath:
    """One path of separate line segments (E, 2, 2)."""
    if not len(segments):
        return QPainterPath()
    return pg.arrayToQPath(segments[..., 0].ravel(), segments[..., 1].ravel(), connect="pairs")


def fit_transform(bounds: tuple[float, float, float, float], target: QRectF) -> QTransform:
    """Scale board units into `target`, keeping the aspect ratio, centred."""
    left, top, right, bottom = bounds
    width, height = max(right - left, 1e-9), max(bottom - top, 1e-9)
    scale = min(target.width() / width, target.height() / height)
    dx = target.center().x() - scale * (left + right) / 2
    dy = target.center().y() - scale * (top + bottom) / 2
    return QTransform(scale, 0, 0, scale, dx, dy)


def edge_pen(colour: QColor, width: float) -> QPen:
    pen = QPen(colour, width)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    return pen


class BoardPicture:
    """A flat board with labelled cells (see `cells.py`), ready to paint at any size."""

    def __init__(self, board: FlatBoard, optional: np.ndarray | None = None) -> None:
        """`optional`: (N,) bool, the cells that may stay empty (drawn hatched when empty)."""
        self.board = board
        self.optional = (np.zeros(len(board.polygons), dtype=bool) if optional is None
                         else np.asarray(optional, dtype=bool))
        self._fills: list[tuple[QColor, QPainterPath]] = []
        self._hatched = QPainterPath()
        self._edges: dict[str, QPainterPath] = {}
        self._mapped: tuple[tuple, list, dict] | None = None  # (transform, fills, edges)
        self.captions: list[tuple[int, str]] = []  # (cell index, words written on it)
        self._cell_fills: list[QColor] = []
        self.set_labels(np.full(len(board.polygons), EMPTY), [])
        self.set_paint(np.zeros(len(board.polygons), dtype=np.int64), [])

    def set_paint(self, paint: np.ndarray, colours: Sequence[QColor]) -> None:
        """Constraint colours marked on cells (views.paint_marks): `paint` (N,) a colour
        number per cell, 0 none; `colours` by number."""
        self.paint_numbers, self._paint_colours = np.asarray(paint), list(colours)

    def set_labels(self, labels: np.ndarray, copy_colours: Sequence[QColor]) -> None:
        """`labels`: the copy covering each cell (-1 empty); `copy_colours`: one per copy."""
        self.labels = np.asarray(labels)
        self._fills = []
        self._cell_fills = [EMPTY_FILL if label == EMPTY else copy_colours[label]
                            for label in self.labels.tolist()]
        hatched = self.optional & (labels == EMPTY)
        for label in np.unique(labels):
            colour = EMPTY_FILL if label == EMPTY else copy_colours[label]
            chosen = (labels == label) & ~hatched
            path = polygons_path(self.board.polygons[chosen])
            # a copy as one outline: its cells filled one by one, antialiased, let the
            # background show through their slanting shared edges (triangles, hexagons);
            # squares' edges run along the pixels, and empty cells' grid lines hide it
            slanting = self.board.polygons.shape[1] != 4
            self._fills.append((colour, path.simplified() if slanting and label != EMPTY
                                else path))
        self._fills.append((OPTIONAL_FILL, polygons_path(self.board.polygons[hatched])))
        self._hatched = self._fills[-1][1]
        masks = self.board.classify_edges(labels)
        self._edges = {kind: segments_path(self.board.segments[masks[kind]]) for kind in EDGE_PENS}
        self._mapped = None

    def cell_at(self, point: QPointF, target: QRectF,
                bounds: tuple[float, float, float, float] | None = None) -> int:
        """The cell (its index) drawn at `point` by `paint` into `target`, or -1."""
        inverse, invertible = fit_transform(bounds or self.board.bounds, target).inverted()
        if not invertible:
            return EMPTY
        board_point = inverse.map(point)
        return self.board.cell_at(board_point.x(), board_point.y())

    def paint(self, painter: QPainter, target: QRectF,
              bounds: tuple[float, float, float, float] | None = None) -> None:
        """Scale the board (or `bounds`, to share one scale among pictures) into `target`."""
        fills, edges = self._paths_in(fit_transform(bounds or self.board.bounds, target))
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        for colour, path in fills:
            painter.fillPath(path, colour)
        if not self._hatched.isEmpty():
            painter.fillPath(fills[-1][1], QBrush(OPTIONAL_HATCH, Qt.BrushStyle.BDiagPattern))
        for kind, (colour, width) in EDGE_PENS.items():
            painter.strokePath(edges[kind], edge_pen(colour, width))
        painter.fillPath(self._points_in(fit_transform(bounds or self.board.bounds, target)),
                         POINT_FILL)
        painter.restore()
        draw_paint(painter, self.board.polygons, self.paint_numbers, self._paint_colours,
                   fit_transform(bounds or self.board.bounds, target))
        paint_captions(painter, self.board.polygons, self.captions, self._cell_fills,
                       fit_transform(bounds or self.board.bounds, target))

    def _points_in(self, transform: QTransform) -> QPainterPath:
        """The grid's points (`Tiling.points`: a stick grid's lattice points) mapped."""
        points = self.board.points
        return transform.map(polygons_path(points)) if points is not None else QPainterPath()

    def _paths_in(self, transform: QTransform) -> tuple[list, dict]:
        """The fills and edges mapped by `transform` (the last mapping is kept)."""
        key = (transform.m11(), transform.m22(), transform.dx(), transform.dy())
        if self._mapped is None or self._mapped[0] != key:
            fills = [(colour, transform.map(path)) for colour, path in self._fills]
            edges = {kind: transform.map(path) for kind, path in self._edges.items()}
            self._mapped = (key, fills, edges)
        return self._mapped[1], self._mapped[2]
