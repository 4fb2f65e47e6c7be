"""Small pictures of polycube pieces, for the legend: each piece drawn in its colour as an
isometric view (seen from +x, +y, +z), with QPainter only.

Cubes are painted from the farthest to the nearest (by x + y + z: in this projection two
cubes with the same sum never overlap), each showing its top and its +x and +y sides unless
another cube of the piece covers them. Balls (the sphere grid) are drawn the same way, as
shaded discs about their centres.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap, QPolygonF

COS30, SIN30 = float(np.cos(np.pi / 6)), 0.5
# Each visible face: the step to the cube that would hide it, its corners, its shade.
FACES = (
    ((0, 0, 1), ((0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1)), 100),  # top
    ((1, 0, 0), ((1, 0, 0), (1, 1, 0), (1, 1, 1), (1, 0, 1)), 125),  # +x side, darker
    ((0, 1, 0), ((0, 1, 0), (1, 1, 0), (1, 1, 1), (0, 1, 1)), 150),  # +y side, darkest
)
MARGIN = 2
BALL_RADIUS = 0.7  # touching balls are sqrt(2) apart


def project(points: np.ndarray) -> np.ndarray:
    """(..., 3) cube coordinates to (..., 2) drawing units, y down."""
    x, y, z = points[..., 0], points[..., 1], points[..., 2]
    return np.stack(((x - y) * COS30, (x + y) * SIN30 - z), axis=-1)


def polycube_icon(cells: Iterable, colour: QColor, size: int) -> QIcon:
    return QIcon(polycube_pixmap(cells, colour, size))


def polycube_pixmap(cells: Iterable, colour: QColor, size: int) -> QPixmap:
    cubes = np.array(sorted(map(tuple, cells), key=sum), dtype=float).reshape(-1, 3)
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    if not len(cubes):
        return pixmap
    occupied = set(map(tuple, cubes.astype(int).tolist()))
    corners = project(cubes[:, None, :] + np.array(list(np.ndindex(2, 2, 2)), dtype=float))
    low, high = corners.reshape(-1, 2).min(axis=0), corners.reshape(-1, 2).max(axis=0)
    scale = (size - 2 * MARGIN) / max(high - low)
    offset = (size - scale * (high - low)) / 2 - scale * low
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    edge = QPen(QColor(colour).darker(220), max(0.8, size / 40))
    edge.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(edge)
    for cube in cubes:
        for step, face, darker in FACES:
            if tuple((cube + step).astype(int).tolist()) in occupied:
                continue  # hidden by the next cube of the piece
            points = project(cube + np.array(face, dtype=float)) * scale + offset
            painter.setBrush(QColor(colour).darker(darker))
            painter.drawPolygon(QPolygonF([QPointF(float(x), float(y)) for x, y in points]))
    painter.end()
    return pixmap


def piece_icon(cells: Iterable, colour: QColor, size: int, balls: bool = False) -> QIcon:
    """A piece in space: cubes, or balls (`balls`)."""
    return QIcon(ball_pixmap(cells, colour, size) if balls else polycube_pixmap(cells, colour, size))


def ball_pixmap(cells: Iterable, colour: QColor, size: int) -> QPixmap:
    """The balls of a piece in the cubes' isometric view, farthest first, each with a shine
    at its upper left."""
    centres = np.array(sorted(map(tuple, cells), key=sum), dtype=float).reshape(-1, 3) + 0.5
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    if not len(centres):
        return pixmap
    points = project(centres)
    low, high = points.min(axis=0) - BALL_RADIUS, points.max(axis=0) + BALL_RADIUS
    scale = (size - 2 * MARGIN) / max(high - low)
    offset = (size - scale * (high - low)) / 2 - scale * low
    radius = BALL_RADIUS * scale
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    edge = QPen(QColor(colour).darker(220), max(0.6, size / 60))
    shine = QColor(colour).lighter(140)
    for x, y in points * scale + offset:  # flat shades, as a cube's faces: few colours
        centre = QPointF(float(x), float(y))
        painter.setPen(edge)
        painter.setBrush(QColor(colour).darker(115))
        painter.drawEllipse(centre, radius, radius)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(shine)
        painter.drawEllipse(centre - QPointF(radius / 3, radius / 3), radius / 3, radius / 3)
    painter.end()
    return pixmap
