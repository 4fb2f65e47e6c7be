"""Words written on board cells (a calendar board's months and days): drawn in the middle of
each cell, small enough for the longest to fit, dark on light cells and light on dark ones,
so they read on an empty board and under the pieces of a solution alike."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QTransform

DARK, LIGHT = QColor("#2b2b2b"), QColor("#ffffff")
SHARE = 0.8  # of a cell's inscribed width the longest word may take
LEAST_POINTS = 5.0  # smaller than this the words are not drawn (a thumbnail)


def caption_colour(fill: QColor) -> QColor:
    """Dark words on a light fill, light words on a dark one (by relative luminance)."""
    luminance = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF()
    return DARK if luminance > 0.5 else LIGHT


def paint_captions(painter: QPainter, polygons: np.ndarray, captions: Sequence[tuple[int, str]],
                   fills: Sequence[QColor], transform: QTransform) -> None:
    """Each (cell index, text) of `captions` in the middle of its polygon (board units, mapped
    by `transform`), on the cell's fill `fills[index]`."""
    if not captions:
        return
    centres, sizes = [], []
    for index, _ in captions:
        corners = [transform.map(QPointF(float(x), float(y))) for x, y in polygons[index]]
        xs, ys = [p.x() for p in corners], [p.y() for p in corners]
        centres.append(QPointF(sum(xs) / len(xs), sum(ys) / len(ys)))
        sizes.append(min(max(xs) - min(xs), max(ys) - min(ys)))
    font = QFont(painter.font())
    font.setPointSizeF(12.0)
    widest = max(QFontMetricsF(font).horizontalAdvance(text) for _, text in captions)
    points = 12.0 * SHARE * min(sizes) / max(widest, 1.0)
    if points < LEAST_POINTS:
        return
    font.setPointSizeF(min(points, 0.3 * min(sizes)))
    painter.save()
    painter.setFont(font)
    for (index, text), centre, size in zip(captions, centres, sizes):
        painter.setPen(caption_colour(fills[index]))
        box = QRectF(centre.x() - size / 2, centre.y() - size / 2, size, size)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()
