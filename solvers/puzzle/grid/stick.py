"""The stick grid (polysticks): a cell is a unit segment (x, y, d) of the square lattice,
d = 0 from lattice point (x, y) to (x + 1, y), d = 1 from (x, y) to (x, y + 1).

Symmetries are the square's eight, acting on doubled midpoints: (2x + 1, 2y) for d = 0 and
(2x, 2y + 1) for d = 1, which every signed permutation maps to the doubled midpoint of a
segment (one coordinate odd, the other even). Translations move x and y and keep d. Two
segments are neighbours when they share a lattice point. Pieces may meet at a point but not
cross there: each lattice point with both lines on the board is a secondary exact-cover item
(`passing_items`), covered by every placement holding both segments of one of its lines.
"""

from __future__ import annotations

import numpy as np

from ..errors import PuzzleError
from ..limits import shown
from .base import Cell, Grid, Shape, signed_permutations
from .kind import GridKind

ALONG_X, ALONG_Y = 0, 1


def midpoints2(cells) -> np.ndarray:
    """(N, 2) int64: twice each segment's midpoint."""
    cells = np.asarray(cells, dtype=np.int64).reshape(-1, 3)
    d = cells[:, 2]
    return np.column_stack((2 * cells[:, 0] + 1 - d, 2 * cells[:, 1] + d))


def from_midpoints2(points: np.ndarray) -> np.ndarray:
    """(N, 3) the segments whose doubled midpoints are `points` (`midpoints2` undone)."""
    points = np.asarray(points, dtype=np.int64).reshape(-1, 2)
    return np.column_stack((points[:, 0] // 2, points[:, 1] // 2, points[:, 1] % 2))


def endpoints(cell: Cell) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two lattice points a segment joins."""
    x, y, d = cell
    return (x, y), (x + 1 - d, y + d)


def segments_at(point: tuple[int, int]) -> tuple[tuple[Cell, Cell], tuple[Cell, Cell]]:
    """The two lines through a lattice point, each as its two segments there: (left, right)
    along x and (below, above) along y."""
    x, y = point
    return ((x - 1, y, ALONG_X), (x, y, ALONG_X)), ((x, y - 1, ALONG_Y), (x, y, ALONG_Y))


class StickGrid(Grid):
    kind = GridKind.STICK
    axes = "xyd"
    edit_turn = np.array([[0, -1], [1, 0]])  # on doubled midpoints: a quarter turn
    edit_mirror = np.array([[-1, 0], [0, 1]])
    canvas_steps = ((1, 0), (-1, 0), (0, 1), (0, -1))  # y grows upwards; d stays
    canvas_area = (-10, 0, 11, 6)  # the 5x5 square's sticks: two rows a unit
    canvas_margin = 2
    screen_turn = np.array([[0, -1], [1, 0]])
    screen_flip = np.array([[-1, 0], [0, 1]])
    turn_period = 4

    @property
    def translation_axes(self) -> int:
        return 2

    @property
    def neighbour_count(self) -> int:
        return 6

    def _group(self) -> list[np.ndarray]:
        return signed_permutations(2)

    def apply_symmetry(self, cells: np.ndarray, matrix: np.ndarray) -> np.ndarray:
        return from_midpoints2(midpoints2(cells) @ np.asarray(matrix, dtype=np.int64).T)

    def cell_class(self, cell: Cell) -> int:
        return int(cell[2])

    def neighbours_of(self, cell: Cell) -> list[Cell]:
        """The six segments sharing a lattice point with `cell`."""
        found = []
        for point in endpoints(cell):
            for line in segments_at(point):
                found.extend(other for other in line if other != tuple(cell))
        return found

    def canvas_offsets(self, cells) -> np.ndarray:
        """Rows from the top, two a unit (row -(2y + d): an x-stick, then the y-sticks above
        it), a column per x."""
        cells = np.asarray(cells, dtype=np.int64).reshape(-1, 3)
        return np.column_stack((-(2 * cells[:, 1] + cells[:, 2]), cells[:, 0]))

    def cell_at_canvas(self, row: int, col: int) -> Cell:
        return (col, (-row) // 2, (-row) % 2)

    def passing_items(self, board: Shape) -> list[tuple[tuple[Cell, ...], ...]]:
        """The lattice points where two pieces could cross: those with both lines on the
        board, each as its two lines (a placement holding a whole line passes through)."""
        on_board = set(board)
        points = sorted({point for cell in board for point in endpoints(cell)})
        return [lines for lines in map(segments_at, points)
                if all(segment in on_board for line in lines for segment in line)]

    def fitting_rule(self, board: Shape) -> str:
        """The no-crossing rule, where the board has a lattice point two pieces could cross at."""
        return "no two may cross at a lattice point" if self.passing_items(board) else ""

    def validate_cells(self, where: str, cells: Shape) -> None:
        """PuzzleError naming the first segment whose d is neither 0 nor 1."""
        for cell in cells:
            if cell[2] not in (ALONG_X, ALONG_Y):
                raise PuzzleError(f"{where}: cell {shown(list(cell))} has d = {shown(cell[2])}; "
                                  "a stick's third coordinate is 0 (along x) or 1 (along y)")

    def text_picture(self, board: Shape, picture: dict[Cell, str]) -> str:
        """Lattice points as '+', a segment as its character between them, y up: the row
        of doubled midpoints 2y holds the points and x-segments, 2y + 1 the y-segments."""
        mids = midpoints2(list(board)).tolist()
        chars = {tuple(m): picture.get(cell, ".") for m, cell in zip(mids, board)}
        for cell in board:
            for px, py in endpoints(cell):
                chars.setdefault((2 * px, 2 * py), "+")
        us = [u for u, _ in chars]
        vs = [v for _, v in chars]
        return "\n".join("".join(chars.get((u, v), " ") for u in range(min(us), max(us) + 1))
                         .rstrip() for v in range(max(vs), min(vs) - 1, -1))
