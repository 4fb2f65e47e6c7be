"""The triangle grid: cells (x, y, t), t = 0 up and 1 down (`solvers.puzzle.triangles` has
the lattice arithmetic). Its symmetries are the hex lattice's, acting on cell centroids;
translations move x and y and keep t."""

from __future__ import annotations

import math

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
    canvas_area = (0, 0, 6, 13)  # a column is half a triangle
    canvas_margin = 2
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

    def canvas_offsets(self, cells) -> np.ndarray:
        """Rows from the top, columns half a triangle apart (`triangles.offsets`)."""
        return triangles.offsets(cells)

    def cell_at_canvas(self, row: int, col: int) -> Cell:
        return triangles.cell_at_offset(row, col)

    def text_picture(self, board: Shape, picture: dict[Cell, str]) -> str:
        """A row of triangles per line, top row first, a character per triangle, up and down
        triangles alternating along a row (`triangles.offsets`)."""
        places = triangles.offsets(list(board)).tolist()
        by_place = {(row, col): picture.get(cell, ".") for (row, col), cell in zip(places, board)}
        rows = [row for row, _ in places]
        cols = [col for _, col in places]
        return "\n".join("".join(by_place.get((row, col), " ")
                                 for col in range(min(cols), max(cols) + 1)).rstrip()
                         for row in range(min(rows), max(rows) + 1))

    tile_area = math.sqrt(3.0) / 4

    def tile_corners(self, cell: Cell) -> np.ndarray:
        """Lattice point (a, b) at (a + b / 2, b sqrt(3) / 2): an up triangle has corners
        (x, y), (x + 1, y), (x, y + 1), a down one (x + 1, y), (x + 1, y + 1), (x, y + 1)."""
        x, y, t = cell
        lattice = ([(x, y), (x + 1, y), (x, y + 1)] if t == 0
                   else [(x + 1, y), (x + 1, y + 1), (x, y + 1)])
        return np.array([((2 * a + b) / 2, math.sqrt(3.0) / 2 * b) for a, b in lattice])

    def validate_cells(self, where: str, cells: Shape) -> None:
        triangles.check_orientations(where, cells)
