"""The square grid: cells (x, y), x right and y down as the canvases draw them."""

from __future__ import annotations

import numpy as np

from .base import Cell, Colouring, Grid, Shape, signed_permutations
from .kind import GridKind


class SquareGrid(Grid):
    kind = GridKind.SQUARE
    axes = "xy"
    bitboard_kernel = True
    neighbour_offsets = ((1, 0), (-1, 0), (0, 1), (0, -1))
    colourings = (Colouring("checkerboard", ("dark", "light"), lambda c: (c[0] + c[1]) % 2),
                  Colouring("column stripes", ("odd-column", "even-column"), lambda c: c[0] % 2))
    # editing and playing: one turn and a left-right mirror as drawn, canvas steps
    edit_turn = np.array([[0, -1], [1, 0]])  # (x, y) -> (-y, x): a quarter turn
    edit_mirror = np.array([[-1, 0], [0, 1]])
    canvas_steps = ((1, 0), (-1, 0), (0, -1), (0, 1))  # right, left, up, down: y grows down
    screen_turn = np.array([[0, -1], [1, 0]])
    screen_flip = np.array([[-1, 0], [0, 1]])
    turn_period = 4

    def _group(self) -> list[np.ndarray]:
        return signed_permutations(2)

    tile_area = 1.0

    def tile_corners(self, cell: Cell) -> np.ndarray:
        """A unit square with its corner at (x, -y - 1)."""
        x, y = cell
        return np.array([(x, -y - 1), (x + 1, -y - 1), (x + 1, -y), (x, -y)], dtype=float)

    def canvas_offsets(self, cells) -> np.ndarray:
        """(y, x): y grows downwards."""
        return np.asarray(cells, dtype=np.int64).reshape(-1, 2)[:, ::-1]

    def cell_at_canvas(self, row: int, col: int) -> Cell:
        return (col, row)

    def text_picture(self, board: Shape, picture: dict[Cell, str]) -> str:
        return layer_picture(board, picture, lambda cell: cell)


def layer_picture(cells, picture: dict, to_xy) -> str:
    """Rows of y, a character per x, '.' for a cell `picture` leaves out."""
    xs = [to_xy(cell)[0] for cell in cells]
    ys = [to_xy(cell)[1] for cell in cells]
    by_xy = {to_xy(cell): picture.get(cell, ".") for cell in cells}
    return "\n".join(" ".join(by_xy.get((x, y), " ") for x in range(min(xs), max(xs) + 1)).rstrip()
                     for y in range(min(ys), max(ys) + 1))
