"""Marks over a puzzle's cells: translucent colours drawn over board cells to show why there
is no solution (a colouring's classes, the cells no piece covers). `marks` is a dict
cell -> QColor; the flat views paint them over their cells, the cube's layers over each layer,
its 3D view blends them into the voxels' colours."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtGui import QColor, QPainter, QTransform

from .board_picture import polygons_path

Marks = dict  # cell (a tuple) -> QColor


def marks_by_colour(cells: Sequence[tuple[int, ...]], marks: Marks) -> list[tuple[QColor,
                                                                                 np.ndarray]]:
    """The marked cells grouped by colour: (colour, indices into `cells`), one path each to
    draw. Marks on cells not in `cells` are left out."""
    position = {tuple(int(v) for v in cell): index for index, cell in enumerate(cells)}
    groups: dict[int, tuple[QColor, list[int]]] = {}
    for cell, colour in marks.items():
        index = position.get(tuple(cell))
        if index is not None:
            colour = QColor(colour)
            groups.setdefault(colour.rgba(), (colour, []))[1].append(index)
    return [(colour, np.array(sorted(indices), dtype=np.int64))
            for colour, indices in groups.values()]


def paint_marks(painter: QPainter, polygons: np.ndarray,
                groups: list[tuple[QColor, np.ndarray]], transform: QTransform) -> None:
    """Fill each group's polygons (board units, mapped by `transform`) in its colour."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    for colour, indices in groups:
        if len(indices):
            painter.fillPath(transform.map(polygons_path(polygons[indices])), colour)
    painter.restore()


def marked_mask(cells: Sequence[tuple[int, ...]], marks: Marks) -> np.ndarray:
    """(N,) bool: which of `cells` carry a mark."""
    mask = np.zeros(len(cells), dtype=bool)
    for _, indices in marks_by_colour(cells, marks):
        mask[indices] = True
    return mask


def tinted(rgba: np.ndarray, cells: Sequence[tuple[int, ...]], marks: Marks) -> np.ndarray:
    """(N, 4) colours, one per cell, with each mark laid over its cell as paint of the mark's
    opacity would be (the cell's own opacity kept)."""
    out = np.array(rgba, dtype=float, copy=True).reshape(-1, 4)
    for colour, indices in marks_by_colour(cells, marks):
        red, green, blue, alpha = colour.getRgbF()
        out[indices, :3] = out[indices, :3] * (1 - alpha) + np.array([red, green, blue]) * alpha
    return out
