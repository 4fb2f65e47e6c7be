"""The flat grids' cells as polygons in millimetres, seen from above as the app draws them
(x right, y up: the app's y grows downwards, so its rows are mirrored here).

- square (x, y): a square of side `size` with its corner at (x, -y - 1).
- hex (q, r): a pointy-topped hexagon of edge `size` centred at (sqrt(3) (q + r / 2), -1.5 r)
  times `size` (odd rows shifted half a cell right, as solvers.puzzle.grids draws them).
- triangle (x, y, t): lattice point (a, b) at (a + b / 2, b sqrt(3) / 2) times `size`; an up
  triangle (t = 0) has corners (x, y), (x + 1, y), (x, y + 1), a down one (x + 1, y),
  (x + 1, y + 1), (x, y + 1) (solvers.puzzle.triangles).

A cell's corners are computed from integers in the same way for every cell that shares them,
so that neighbouring cells meet exactly and their union has no slivers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np
from manifold3d import CrossSection, FillRule

from ...puzzle.errors import PuzzleError
from ...puzzle.grids import Cell, GridKind

SQRT3 = math.sqrt(3.0)
_HEX_CORNERS = ((1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1))  # (x in sqrt3/2, y in 1/2)
FLAT_GRIDS = (GridKind.SQUARE, GridKind.HEX, GridKind.TRIANGLE)


def cell_polygon(kind: GridKind, cell: Cell, size: float) -> np.ndarray:
    """(k, 2) the cell's corners, counter-clockwise, in millimetres."""
    if kind is GridKind.SQUARE:
        x, y = cell
        points = [(x, -y - 1), (x + 1, -y - 1), (x + 1, -y), (x, -y)]
        return np.array(points, dtype=float) * size
    if kind is GridKind.HEX:
        q, r = cell
        # centre x = sqrt3/2 (2q + r), y = -3r/2: corners on the same half-unit lattice
        return np.array([(SQRT3 / 2 * (2 * q + r + dx), (-3 * r + dy) / 2)
                         for dx, dy in _HEX_CORNERS], dtype=float) * size
    if kind is GridKind.TRIANGLE:
        x, y, t = cell
        lattice = ([(x, y), (x + 1, y), (x, y + 1)] if t == 0
                   else [(x + 1, y), (x + 1, y + 1), (x, y + 1)])
        return np.array([((2 * a + b) / 2, SQRT3 / 2 * b) for a, b in lattice]) * size
    raise PuzzleError(f"3D print: cells of the {kind.value} grid are not flat tiles")


def cells_section(kind: GridKind, cells: Iterable[Cell], size: float) -> CrossSection:
    """The cells' union as one cross-section (holes kept)."""
    polygons = [cell_polygon(kind, cell, size) for cell in cells]
    return CrossSection(polygons, FillRule.Positive)


def cell_area(kind: GridKind, size: float) -> float:
    """One cell's area in square millimetres."""
    return {GridKind.SQUARE: 1.0, GridKind.HEX: 1.5 * SQRT3,
            GridKind.TRIANGLE: SQRT3 / 4}[kind] * size * size


def footprint(cells: Iterable[Cell], size: float) -> CrossSection:
    """The cube cells seen from above: a square per (x, y) column, x right and y up."""
    columns = sorted({(x, y) for x, y, _ in cells})
    squares = [np.array([(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)], dtype=float) * size
               for x, y in columns]
    return CrossSection(squares, FillRule.Positive)
