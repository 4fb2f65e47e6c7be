"""The canvas area of the board editor: the rectangle of grid positions offered for painting,
in offset rows and columns (hex: odd rows shifted right, as in the meteor text; triangles:
`solvers.puzzle.triangles.offsets`). It belongs to the editor, not to the puzzle."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from solvers import GridKind
from solvers.puzzle.grids import Cell

from .board_canvas import area_cells


def offsets_of(kind: GridKind, cells) -> np.ndarray:
    """(N, 2) (row, column) of cells on the editor's rectangular canvas."""
    return kind.grid.canvas_offsets(cells)


def bounding_area(kind: GridKind, cells, margin: int = 0,
                  minimum: int = 1) -> tuple[int, int, int, int] | None:
    """(first row, first column, rows, columns) around `cells`, `margin` more on each side,
    padded evenly to at least `minimum` rows and columns."""
    if not len(cells):
        return None
    offsets = offsets_of(kind, cells)
    low = offsets.min(axis=0) - margin
    size = offsets.max(axis=0) + margin - low + 1
    pad = np.maximum(0, minimum - size)
    (row0, col0), (rows, cols) = low - pad // 2, size + pad
    return int(row0), int(col0), int(rows), int(cols)


@lru_cache(maxsize=8)
def rectangle_cells(kind: GridKind, area: tuple[int, int, int, int]) -> list[Cell]:
    row0, col0, rows, cols = area
    return area_cells(kind, range(row0, row0 + rows), range(col0, col0 + cols))


def union_area(a, b):
    if a is None or b is None:
        return a or b
    row0, col0 = min(a[0], b[0]), min(a[1], b[1])
    rows = max(a[0] + a[2], b[0] + b[2]) - row0
    cols = max(a[1] + a[3], b[1] + b[3]) - col0
    return row0, col0, rows, cols
