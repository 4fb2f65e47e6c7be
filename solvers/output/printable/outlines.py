"""The flat grids' cells as polygons in millimetres, seen from above as the app draws them
(x right, y up: the app's y grows downwards, so its rows are mirrored here). Each grid
object has its cells' corners (`Grid.tile_corners`, unit edges), computed from integers in
the same way for every cell that shares them, so that neighbouring cells meet exactly and
their union has no slivers.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from manifold3d import CrossSection, FillRule

from ...puzzle.errors import PuzzleError
from ...puzzle.grids import Cell, GridKind


def cell_polygon(kind: GridKind, cell: Cell, size: float) -> np.ndarray:
    """(k, 2) the cell's corners, counter-clockwise, in millimetres (`Grid.tile_corners`)."""
    if not kind.has_grid or not kind.grid.flat:
        raise PuzzleError(f"3D print: cells of the {kind.value} grid are not flat tiles")
    return kind.grid.tile_corners(cell) * size


def cells_section(kind: GridKind, cells: Iterable[Cell], size: float) -> CrossSection:
    """The cells' union as one cross-section (holes kept)."""
    polygons = [cell_polygon(kind, cell, size) for cell in cells]
    return CrossSection(polygons, FillRule.Positive)


def cell_area(kind: GridKind, size: float) -> float:
    """One cell's area in square millimetres."""
    return kind.grid.tile_area * size * size


def footprint(cells: Iterable[Cell], size: float) -> CrossSection:
    """The cube cells seen from above: a square per (x, y) column, x right and y up."""
    columns = sorted({(x, y) for x, y, _ in cells})
    squares = [np.array([(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)], dtype=float) * size
               for x, y in columns]
    return CrossSection(squares, FillRule.Positive)
