"""The triangle grid: cells (x, y, t), t = 0 up and 1 down (`solvers.puzzle.triangles` has
the lattice arithmetic). Its symmetries are the hex lattice's, acting on cell centroids;
translations move x and y and keep t."""

from __future__ import annotations

import numpy as np

from .. import triangles
from .base import Cell, Grid, Shape
from .hex import SWAP, TURN_60, hex_group
from .kind import GridKind


class TriangleGrid(Grid):
    kind = GridKind.TRIANGLE
    axes = "xyt"
    edit_turn = TURN_60  # on lattice points
    edit_mirror = np.array([[-1, -1], [0, 1]])
    canvas_steps = ((1, 0), (-1, 0), (0, 1), (0, -1))  # y grows upwards; t stays
    screen_turn = TURN_60
    screen_flip = SWAP
    turn_period = 6

    @property
    def translation_axes(self) -> int:
        return triangles.TRANSLATION_AXES

    @property
    def neighbour_count(self) -> int:
        return 3

    def _group(self) -> list[np.ndarray]:
        return list(hex_group())

    def neighbours_of(self, cell: Cell) -> list[Cell]:
        return list(triangles.neighbours(cell))

    def apply_symmetry(self, cells: np.ndarray, matrix: np.ndarray) -> np.ndarray:
        return triangles.image(np.asarray(cells, dtype=np.int64), matrix)

    def cell_class(self, cell: Cell) -> int:
        return int(cell[2])

    def validate_cells(self, where: str, cells: Shape) -> None:
        triangles.check_orientations(where, cells)
