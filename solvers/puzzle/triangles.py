"""The triangular grid: cells (x, y, t), their symmetries, neighbours and drawing positions.

Glossary
- lattice point (a, b): the plane point a*(1, 0) + b*(1/2, sqrt(3)/2).
- cell (x, y, t): t = 0 is the upward triangle with corners (x, y), (x+1, y), (x, y+1);
  t = 1 the downward one with corners (x+1, y), (x, y+1), (x+1, y+1).
- centroid3: three times a cell's centroid in lattice coordinates, (3x + 1 + t, 3y + 1 + t):
  integers whose residues mod 3 are both 1 (up) or both 2 (down).

A symmetry of the grid is a symmetry of the lattice fixing the origin: the hex group's twelve
2x2 matrices. It maps triangles to triangles, but not linearly in (x, y, t) (a half turn
sends up to down and shifts x and y), so cells are mapped through their centroids, which
it maps linearly. Translations are lattice vectors: they move x and y and keep t.
"""

from __future__ import annotations

import numpy as np

from .errors import PuzzleError
from .limits import shown

UP, DOWN = 0, 1
TRANSLATION_AXES = 2  # translations move x and y; t is the cell's orientation


def centroid3(cells: np.ndarray) -> np.ndarray:
    """(N, 2) int64: three times each cell's centroid, in lattice coordinates."""
    cells = np.asarray(cells, dtype=np.int64).reshape(-1, 3)
    return 3 * cells[:, :2] + 1 + cells[:, 2:3]


def from_centroid3(points: np.ndarray) -> np.ndarray:
    """(N, 3) cells whose `centroid3` are `points`."""
    points = np.asarray(points, dtype=np.int64).reshape(-1, 2)
    t = points[:, 0] % 3 - 1
    return np.column_stack(((points - 1 - t[:, None]) // 3, t))


def image(cells: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """(N, 3) the cells under the lattice symmetry `matrix` (2x2, about the origin)."""
    return from_centroid3(centroid3(cells) @ np.asarray(matrix, dtype=np.int64).T)


def neighbours(cell: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """The three cells sharing an edge with `cell`: an up triangle's are down triangles to its
    upper right, left and below; a down triangle's the mirror of that."""
    x, y, t = cell
    if t == UP:
        return ((x, y, DOWN), (x - 1, y, DOWN), (x, y - 1, DOWN))
    return ((x, y, UP), (x + 1, y, UP), (x, y + 1, UP))


def check_orientations(where: str, cells) -> None:
    """PuzzleError naming the first cell whose t is neither 0 (up) nor 1 (down)."""
    for cell in cells:
        if cell[2] not in (UP, DOWN):
            raise PuzzleError(f"{where}: cell {shown(list(cell))} has t = {shown(cell[2])}; "
                              "a triangle's third coordinate is 0 (pointing up) or 1 "
                              "(pointing down)")


def plane_centres(cells: np.ndarray) -> np.ndarray:
    """(N, 2) float: each cell's centroid in the plane (x right, y up; unit edges)."""
    centre = centroid3(cells) / 3.0
    return np.column_stack((centre[:, 0] + centre[:, 1] / 2, centre[:, 1] * np.sqrt(3) / 2))


def offsets(cells: np.ndarray) -> np.ndarray:
    """(N, 2) (row, column) of cells on a rectangular canvas: rows from the top (row = -y),
    columns left to right half a triangle apart (column = 2x + y + t), so a rectangle of
    rows and columns looks like one, with zigzag sides."""
    cells = np.asarray(cells, dtype=np.int64).reshape(-1, 3)
    x, y, t = cells[:, 0], cells[:, 1], cells[:, 2]
    return np.column_stack((-y, 2 * x + y + t))


def cell_at_offset(row: int, col: int) -> tuple[int, int, int]:
    """The cell drawn at canvas (row, column): the inverse of `offsets`."""
    y = -row
    t = (col - y) % 2
    return ((col - y - t) // 2, y, t)
