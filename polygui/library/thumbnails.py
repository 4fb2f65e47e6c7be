"""A library entry's thumbnail: a flat board drawn as the board view draws it (BoardPicture),
a box of cubes as an isometric view (piece_icons), balls seen from above, each layer in the
hollows of the one below, and a Sudoku as a small grid of its givens."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPixmap

from solvers import GridKind, Puzzle
from solvers.library import LibraryEntry
from solvers.puzzle.model import SUDOKU_SYMBOLS

from ..views.board_picture import BoardPicture
from ..views.piece_icons import polycube_pixmap
from ..views.tiling import FlatBoard, tiling_for

CUBE_COLOUR = QColor("#c8a165")  # wood
MARGIN = 6


def thumbnail(entry: LibraryEntry, size: int) -> QPixmap:
    """The entry's board (or grid) drawn into a `size` x `size` picture."""
    puzzle = entry.puzzle()
    if puzzle.is_sudoku:
        return sudoku_pixmap(puzzle, size)
    if puzzle.kind is GridKind.CUBE:
        return polycube_pixmap(puzzle.board, CUBE_COLOUR, size)
    if not puzzle.kind.grid.flat:  # balls
        return balls_pixmap(puzzle, size)
    return flat_pixmap(puzzle, size)


def balls_pixmap(puzzle: Puzzle, size: int) -> QPixmap:
    """The balls seen from above: a layer's (u, v) rows of circles, each layer half a ball
    across from the one below and lighter, the lowest drawn first."""
    uvz = puzzle.kind.grid.drawn_coordinates(puzzle.board).astype(float)
    centres = uvz[:, :2] + uvz[:, 2:3] / 2
    low, high = centres.min(axis=0) - 0.5, centres.max(axis=0) + 0.5
    scale = (size - 2 * MARGIN) / max(high - low)
    offset = MARGIN + ((size - 2 * MARGIN) - scale * (high - low)) / 2
    layers = int(uvz[:, 2].max() - uvz[:, 2].min()) + 1
    pixmap = _blank(size)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor("#5a4326"), max(0.6, scale / 14)))
    for index in np.lexsort((centres[:, 0], centres[:, 1], uvz[:, 2])):
        height = (uvz[index, 2] - uvz[:, 2].min()) / max(layers - 1, 1)
        painter.setBrush(CUBE_COLOUR.lighter(100 + int(35 * height)))
        x, y = offset + scale * (centres[index] - low)
        painter.drawEllipse(QRectF(x - 0.47 * scale, y - 0.47 * scale, 0.94 * scale, 0.94 * scale))
    painter.end()
    return pixmap


def _blank(size: int) -> QPixmap:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    return pixmap


def flat_pixmap(puzzle: Puzzle, size: int) -> QPixmap:
    board = FlatBoard.build(tiling_for(puzzle.kind), np.array(puzzle.board))
    pixmap = _blank(size)
    painter = QPainter(pixmap)
    BoardPicture(board).paint(painter, QRectF(MARGIN, MARGIN, size - 2 * MARGIN,
                                              size - 2 * MARGIN))
    painter.end()
    return pixmap


def sudoku_pixmap(puzzle: Puzzle, size: int) -> QPixmap:
    """The grid, its boxes (or jigsaw regions) in heavier lines, its givens."""
    grid = puzzle.sudoku
    n = grid.n
    cell = (size - 2 * MARGIN) / n
    pixmap = _blank(size)
    painter = QPainter(pixmap)
    painter.fillRect(QRectF(MARGIN, MARGIN, cell * n, cell * n), QColor("white"))
    font = QFont()
    font.setPixelSize(max(6, int(cell * 0.7)))
    painter.setFont(font)
    regions = (np.array(grid.regions) if grid.regions else
               np.array([(i // n) // grid.box_rows * grid.box_rows + (i % n) // grid.box_cols
                         for i in range(n * n)]))
    for index, value in enumerate(grid.givens):
        row, col = divmod(index, n)
        rect = QRectF(MARGIN + col * cell, MARGIN + row * cell, cell, cell)
        if value:
            painter.setPen(QColor("#1e1e1e"))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, SUDOKU_SYMBOLS[value - 1])
        for d_row, d_col in ((0, 1), (1, 0)):  # the right and lower edges
            other_row, other_col = row + d_row, col + d_col
            inside = other_row < n and other_col < n
            heavy = not inside or regions[other_row * n + other_col] != regions[index]
            painter.setPen(QPen(QColor("#1e1e1e" if heavy else "#b0b0b0"), 1.6 if heavy else 0.6))
            if d_col:
                painter.drawLine(rect.topRight(), rect.bottomRight())
            else:
                painter.drawLine(rect.bottomLeft(), rect.bottomRight())
    painter.setPen(QPen(QColor("#1e1e1e"), 1.6))
    painter.drawRect(QRectF(MARGIN, MARGIN, cell * n, cell * n))
    _variant_marks(painter, puzzle, cell)
    painter.end()
    return pixmap


def _variant_marks(painter: QPainter, puzzle: Puzzle, cell: float) -> None:
    """An X-Sudoku's diagonals; a killer's cage totals, small, in each cage's first cell."""
    grid, end = puzzle.sudoku, MARGIN + cell * puzzle.sudoku.n
    painter.setPen(QPen(QColor(40, 90, 200, 120), 1.2))
    if grid.diagonals:
        painter.drawLine(MARGIN, MARGIN, end, end)
        painter.drawLine(MARGIN, end, end, MARGIN)
    font = painter.font()
    font.setPixelSize(max(5, int(cell * 0.38)))
    painter.setFont(font)
    for cage in grid.cages:
        row, col = divmod(cage.cells[0], grid.n)
        painter.drawText(QRectF(MARGIN + col * cell + 1, MARGIN + row * cell, cell, cell),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, str(cage.total))
