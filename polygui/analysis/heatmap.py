"""A heatmap over a puzzle's cells: each cell shaded by a share (0 to 1) in one colour, the
most covered cell darkest (shares of a piece that can lie in many places are all small), its
percentage written in it, and cells marked (forced) outlined.

Every grid is drawn flat: hex and square boards as they are, a box of cubes as its layers
side by side (z = 0 on the left), a Sudoku as its n x n grid with its boxes outlined. Cells
are given in the order the statistics count them (the board's sorted cells; Sudoku
row-major).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from solvers import GridKind, Puzzle

from ..views.board_picture import fit_transform, polygons_path, segments_path
from ..views.cells import EMPTY
from ..views.tiling import FlatBoard, tiling_for

MARGIN = 14
COLD = QColor("#f7f7f7")
MARK = QColor("#111111")
LAYER_GAP = 1  # empty columns between two layers of a box


def flat_layout(puzzle: Puzzle) -> tuple[GridKind, np.ndarray, np.ndarray]:
    """(tiling kind, (N, 2) flat cells, (N,) group of each cell: outlined together)."""
    if puzzle.is_sudoku:
        grid = puzzle.sudoku
        n = grid.n
        rows, cols = np.divmod(np.arange(n * n), n)
        boxes = (rows // grid.box_rows) * (n // grid.box_cols) + cols // grid.box_cols
        return GridKind.SQUARE, np.column_stack((cols, rows)), boxes
    cells = np.array(puzzle.board, dtype=np.int64).reshape(-1, puzzle.kind.dimensions)
    if puzzle.kind is GridKind.CUBE:
        width = int(cells[:, 0].max() - cells[:, 0].min()) + 1 if len(cells) else 0
        flat = np.column_stack((cells[:, 0] + cells[:, 2] * (width + LAYER_GAP), cells[:, 1]))
        return GridKind.SQUARE, flat, cells[:, 2].copy()
    return puzzle.kind, cells, np.zeros(len(cells), dtype=np.int64)


def heat_colour(base: QColor, share: float) -> QColor:
    """From near white (0) to `base` (1)."""
    share = min(1.0, max(0.0, float(share)))
    return QColor.fromRgbF(*(c0 + (c1 - c0) * share for c0, c1 in zip(
        COLD.getRgbF()[:3], base.getRgbF()[:3])))


def percent_text(share: float) -> str:
    """'100', '37', '<1' or '' (never covered)."""
    if share <= 0:
        return ""
    value = share * 100
    return "<1" if value < 1 else f"{value:.0f}"


class HeatmapView(QWidget):
    """Shows one heat layer: `show_heat(puzzle, shares, colour, marked)`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.shares = np.zeros(0)
        self.peak = 0.0
        self.marked = np.zeros(0, dtype=bool)
        self._board: FlatBoard | None = None
        self._fills: list[tuple[QColor, object]] = []
        self._texts: list[str] = []
        self._edges: dict[str, object] = {}

    def show_heat(self, puzzle: Puzzle, shares: Sequence[float], colour: QColor,
                  marked: Sequence[bool] | None = None) -> None:
        kind, cells, groups = flat_layout(puzzle)
        self.shares = np.asarray(shares, dtype=float)
        self.marked = (np.zeros(len(cells), dtype=bool) if marked is None
                       else np.asarray(marked, dtype=bool))
        board = self._board = FlatBoard.build(tiling_for(kind), cells)
        peak = float(self.shares.max()) if len(self.shares) else 0.0
        self.peak = peak  # the darkest shade: the most covered cell, whatever its share
        self._fills = [(heat_colour(colour, share / peak if peak else 0.0),
                        polygons_path(board.polygons[i:i + 1]))
                       for i, share in enumerate(self.shares)]
        self._texts = [percent_text(share) for share in self.shares]
        inside, outside = board.sides[:, 0], board.sides[:, 1]
        other = np.where(outside == EMPTY, -1, groups[outside])
        group_edge = (outside == EMPTY) | (groups[inside] != other)
        self._edges = {"grid": segments_path(board.segments[~group_edge]),
                       "outline": segments_path(board.segments[group_edge])}
        self._marked_path = polygons_path(board.polygons[self.marked])
        self.update()

    def paint_into(self, painter: QPainter, target: QRectF) -> None:
        """Draw the heatmap fitted into `target` (the view, or an exported image)."""
        if self._board is None or not len(self._board.polygons):
            return
        transform = fit_transform(self._board.bounds, target)
        painter.save()
        painter.setTransform(transform, combine=True)
        for colour, path in self._fills:
            painter.fillPath(path, colour)
        painter.restore()
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for kind, colour, width in (("grid", QColor("#9a9a9a"), 1.0),
                                    ("outline", QColor("#1e1e1e"), 2.2)):
            painter.setPen(QPen(colour, width))
            painter.drawPath(transform.map(self._edges[kind]))
        if self.marked.any():
            pen = QPen(MARK, 2.0, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawPath(transform.map(self._marked_path))
        scale = transform.m11()
        if scale >= 18:  # room for a number
            font = QFont(painter.font())
            font.setPixelSize(max(8, int(scale * 0.32)))
            painter.setFont(font)
            centres = self._board.polygons.mean(axis=1)
            for (x, y), text, share in zip(centres, self._texts, self.shares):
                if text:
                    painter.setPen(QColor("white") if share > 0.6 else QColor("#202020"))
                    at = transform.map(QPointF(float(x), float(y)))
                    painter.drawText(QRectF(at.x() - scale, at.y() - scale / 2, 2 * scale,
                                            scale), Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self.paint_into(painter, QRectF(self.rect()).adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN))
        painter.end()

    def render_image(self, size: QSize) -> QImage:
        """The heatmap alone as an image of `size`, on white."""
        image = QImage(size, QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        self.paint_into(painter, QRectF(0, 0, size.width(), size.height()).adjusted(
            MARGIN, MARGIN, -MARGIN, -MARGIN))
        painter.end()
        return image

    def sizeHint(self) -> QSize:
        return QSize(560, 420)
