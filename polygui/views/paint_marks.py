"""Constraint colours drawn on cells (colour constraints, solvers.puzzle.colour_rules): a small
copy of the cell's shape in its middle, in the colour, outlined dark so that a pale colour
shows on a pale cell. Not a piece's display colour, which fills the whole cell.

What a view shows on a board cell: the board's paint where no piece lies; where a solution's
piece lies, the paint of the piece's cell on it (none for a neutral piece cell), as the piece
lies in that solution. A pinned copy shown without a solution hides nothing: its paint is
known only once a solution turns it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF, QTransform

from solvers import Puzzle, Solution
from solvers.placements.paint import solution_paint

MARK_SCALE = 0.42  # the mark's size, relative to its cell's
OUTLINE = QColor(25, 25, 30, 210)
Cell = tuple[int, ...]


def constraint_colours(puzzle: Puzzle) -> list[QColor]:
    """QColor of each constraint colour by its number: entry 0 (neutral) is invalid."""
    return [QColor()] + [QColor(colour.rgb) for colour in puzzle.constraint_colours]


def paint_array(cells: Sequence[Cell], paint: Iterable[tuple[Cell, int]]) -> np.ndarray:
    """(N,) int: the colour of each of `cells` (0 neutral) from (cell, colour) pairs."""
    colour = dict(paint)
    return np.fromiter((colour.get(tuple(cell), 0) for cell in cells), dtype=np.int64,
                       count=len(cells))


def shown_paint(puzzle: Puzzle, solution: Solution | None) -> np.ndarray:
    """(N,) int per board cell, board order: the colour a view marks on it (see above)."""
    paint = paint_array(puzzle.board, puzzle.board_paint)
    if solution is None or solution.placements is None:
        return paint
    index = {cell: item for item, cell in enumerate(puzzle.board)}
    for _, cells in solution.pieces:
        paint[[index[cell] for cell in cells]] = 0
    for cell, colour in solution_paint(solution.placements, solution.rows).items():
        paint[index[cell]] = colour
    return paint


def inner_polygons(polygons: np.ndarray, scale: float = MARK_SCALE) -> np.ndarray:
    """(M, k, 2) each polygon shrunk about its centre."""
    centres = polygons.mean(axis=1, keepdims=True)
    return centres + (polygons - centres) * scale


def marks_path(polygons: np.ndarray) -> QPainterPath:
    """One path of the polygons' marks (the cells painted are few: no numpy path here)."""
    path = QPainterPath()
    for corners in inner_polygons(polygons).tolist():
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in corners]))
        path.closeSubpath()
    return path


def draw_paint(painter: QPainter, polygons: np.ndarray, paint: np.ndarray,
               colours: Sequence[QColor], transform: QTransform, width: float = 1.0) -> None:
    """The marks of the painted cells (`paint` (N,) over `polygons` (N, k, 2), board units
    mapped by `transform` into the painter's coordinates; `width`: the outline's, in the
    painter's units)."""
    if not len(paint) or not paint.any():
        return
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(OUTLINE, width)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    for number in np.unique(paint[paint > 0]).tolist():
        colour = colours[number] if number < len(colours) else QColor()
        path = transform.map(marks_path(polygons[paint == number]))
        painter.fillPath(path, colour if colour.isValid() else QColor("#888888"))
        painter.strokePath(path, pen)
    painter.restore()


def cell_paint_colours(puzzle: Puzzle, paint: Iterable[tuple[Cell, int]]) -> dict[Cell, QColor]:
    """cell -> QColor of painted cells: how the editors' canvases are told what to mark."""
    colours = constraint_colours(puzzle)
    return {tuple(cell): colours[number] for cell, number in paint if number < len(colours)}
