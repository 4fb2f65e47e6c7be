"""What a Sudoku variant adds to the grid's picture: thick borders around jigsaw regions, the
two diagonals of an X-Sudoku, and killer cages as dotted outlines just inside their cells with
the sum in the cage's top-left corner (as newspapers print them).

Geometry is computed in cell units (numpy, no Qt) and painted in pixels with plain pens, like
the rest of the Sudoku view.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen

from solvers.puzzle.model import SudokuGrid

from .board_picture import segments_path

REGION_LINE = (QColor("#111111"), 3.0)
DIAGONAL_LINE = (QColor("#7fa7d9"), 2.0)
CAGE_LINE = (QColor("#3a3a3a"), 1.2)
CAGE_INSET = 0.09  # of a cell: the dotted outline runs this far inside the cage's cells
SUM_FONT = 0.24  # of a cell: the height of a cage's sum


def region_border_segments(grid: SudokuGrid) -> np.ndarray:
    """(E, 2, 2) the unit edges, in cells (x = column, y = row), between cells of different
    jigsaw regions, and the frame."""
    n = grid.n
    regions = np.array(grid.regions, dtype=np.int64).reshape(n, n)
    rows, cols = np.nonzero(regions[:, 1:] != regions[:, :-1])  # vertical edges inside
    vertical = [((c + 1, r), (c + 1, r + 1)) for r, c in zip(rows.tolist(), cols.tolist())]
    rows, cols = np.nonzero(regions[1:, :] != regions[:-1, :])
    horizontal = [((c, r + 1), (c + 1, r + 1)) for r, c in zip(rows.tolist(), cols.tolist())]
    frame = [((0, 0), (n, 0)), ((n, 0), (n, n)), ((n, n), (0, n)), ((0, n), (0, 0))]
    return np.array(vertical + horizontal + frame, dtype=float).reshape(-1, 2, 2)


def cage_outline_segments(cells: set[tuple[int, int]], inset: float = CAGE_INSET) -> np.ndarray:
    """(E, 2, 2) the outline of a cage of (row, column) cells, `inset` inside its border, in
    cells (x = column, y = row): each border side of a cell runs to meet its neighbours', also
    around inner corners."""
    def inside(r: int, c: int) -> bool:
        return (r, c) in cells

    def end(r: int, c: int, along: tuple[int, int], across: tuple[int, int], at: float) -> float:
        """Where a side ends towards `along`: past the corner (an inner corner), at it (the
        side goes on in the next cell) or before it (an outer corner)."""
        next_in = inside(r + along[0], c + along[1])
        corner_in = inside(r + along[0] + across[0], c + along[1] + across[1])
        sign = 1 if (along[0] + along[1]) > 0 else -1
        if next_in and corner_in:
            return at + sign * inset
        return at if next_in else at - sign * inset

    segments = []
    d = inset
    for r, c in sorted(cells):
        if not inside(r - 1, c):  # top side
            segments.append(((end(r, c, (0, -1), (-1, 0), c), r + d),
                             (end(r, c, (0, 1), (-1, 0), c + 1), r + d)))
        if not inside(r + 1, c):  # bottom side
            segments.append(((end(r, c, (0, -1), (1, 0), c), r + 1 - d),
                             (end(r, c, (0, 1), (1, 0), c + 1), r + 1 - d)))
        if not inside(r, c - 1):  # left side
            segments.append(((c + d, end(r, c, (-1, 0), (0, -1), r)),
                             (c + d, end(r, c, (1, 0), (0, -1), r + 1))))
        if not inside(r, c + 1):  # right side
            segments.append(((c + 1 - d, end(r, c, (-1, 0), (0, 1), r)),
                             (c + 1 - d, end(r, c, (1, 0), (0, 1), r + 1))))
    return np.array(segments, dtype=float).reshape(-1, 2, 2)


def paint_diagonals(painter: QPainter, grid: SudokuGrid, cell: float,
                    clear: Sequence[QRectF] = ()) -> None:
    """An X-Sudoku's two diagonals, under the lines and symbols, and stopping short of the
    `clear` rectangles (the symbols: a line through a digit makes it hard to read)."""
    if not grid.diagonals:
        return
    side = grid.n * cell
    painter.save()
    if clear:
        holes = QPainterPath()
        for rect in clear:
            holes.addRect(rect)
        whole = QPainterPath()
        whole.addRect(QRectF(-cell, -cell, side + 2 * cell, side + 2 * cell))
        painter.setClipPath(whole.subtracted(holes), Qt.ClipOperation.IntersectClip)
    painter.setPen(QPen(*DIAGONAL_LINE))
    painter.drawLine(QPointF(0, 0), QPointF(side, side))
    painter.drawLine(QPointF(side, 0), QPointF(0, side))
    painter.restore()


def paint_region_borders(painter: QPainter, grid: SudokuGrid, cell: float) -> None:
    """Thick lines around a jigsaw's regions (a classic grid's box lines are the view's)."""
    if not grid.regions:
        return
    pen = QPen(*REGION_LINE)
    pen.setCapStyle(Qt.PenCapStyle.SquareCap)
    painter.strokePath(segments_path(region_border_segments(grid) * cell), pen)


def paint_cages(painter: QPainter, grid: SudokuGrid, cell: float, font: QFont) -> None:
    """Each killer cage dotted just inside its cells, its sum in its top-left cell's corner
    on a patch of paper that interrupts the outline."""
    if not grid.cages:
        return
    n = grid.n
    pen = QPen(*CAGE_LINE)
    pen.setStyle(Qt.PenStyle.DotLine)
    sum_font = QFont(font)
    sum_font.setPixelSize(max(6, int(cell * SUM_FONT)))
    painter.setFont(sum_font)
    metrics_height = painter.fontMetrics().height()
    for cage in grid.cages:
        cells = {divmod(index, n) for index in cage.cells}
        painter.strokePath(segments_path(cage_outline_segments(cells) * cell), pen)
        row, col = divmod(cage.cells[0], n)  # the first cell row-major: top row, leftmost
        text = str(cage.total)
        width = painter.fontMetrics().horizontalAdvance(text)
        label = QRectF(col * cell + cell * CAGE_INSET * 0.4, row * cell + cell * CAGE_INSET * 0.4,
                       width + 3, metrics_height)
        painter.fillRect(label, QColor("#ffffff"))
        painter.setPen(CAGE_LINE[0])
        painter.drawText(label, Qt.AlignmentFlag.AlignCenter, text)
