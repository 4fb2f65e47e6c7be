"""The hex grid: cells (q, r) in axial coordinates, drawn as offset rows (odd rows shifted
half a cell right). Axial coordinates make translations plain vector additions."""

from __future__ import annotations

import math
from functools import cache

import numpy as np

from .base import Cell, Colouring, Grid, Shape, close_group
from .kind import GridKind

SQRT3 = math.sqrt(3.0)
_CORNERS = ((1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1))  # (x in sqrt3/2, y in 1/2)
TURN_60 = np.array([[0, -1], [1, 1]])  # (q, r) -> (-r, q + r): a sixth of a turn
SWAP = np.array([[0, 1], [1, 0]])  # (q, r) -> (r, q): a mirror


@cache
def hex_group() -> tuple[np.ndarray, ...]:
    """The 12 symmetries of the hexagonal lattice, identity first (the triangle grid's too)."""
    group = close_group([TURN_60, SWAP])
    for matrix in group:
        matrix.setflags(write=False)
    return tuple(group)


class HexGrid(Grid):
    kind = GridKind.HEX
    axes = "qr"
    bitboard_kernel = True
    neighbour_offsets = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
    colourings = (Colouring("3-colouring of the hexagons", ("red", "green", "blue"),
                            lambda c: (c[0] - c[1]) % 3),)
    edit_turn = TURN_60
    edit_mirror = np.array([[-1, -1], [0, 1]])  # (q, r) -> (-q - r, r): rows kept
    canvas_steps = ((1, 0), (-1, 0), (0, -1), (0, 1))  # axial, rows downwards
    screen_turn = TURN_60
    screen_flip = SWAP
    turn_period = 6

    def _group(self) -> list[np.ndarray]:
        return list(hex_group())

    def canvas_offsets(self, cells) -> np.ndarray:
        """Offset rows (`hex_to_offset`, for many cells at once)."""
        cells = np.asarray(cells, dtype=np.int64).reshape(-1, 2)
        q, r = cells[:, 0], cells[:, 1]
        return np.column_stack((r, q + (r - (r & 1)) // 2))

    def cell_at_canvas(self, row: int, col: int) -> Cell:
        return offset_to_hex(row, col)

    tile_area = 1.5 * SQRT3

    def tile_corners(self, cell: Cell) -> np.ndarray:
        """A pointy-topped hexagon centred at (sqrt(3) (q + r / 2), -1.5 r), corners on the
        lattice of half units (odd rows shifted half a cell right, as the app draws them)."""
        q, r = cell
        return np.array([(SQRT3 / 2 * (2 * q + r + dx), (-3 * r + dy) / 2)
                         for dx, dy in _CORNERS], dtype=float)

    def text_picture(self, board: Shape, picture: dict[Cell, str]) -> str:
        """Offset rows, odd rows shifted half a cell right."""
        offsets = {hex_to_offset(*cell): picture.get(cell, ".") for cell in board}
        rows = sorted({row for row, _ in offsets})
        cols = [col for _, col in offsets]
        lines = []
        for row in rows:
            chars = [offsets.get((row, col), " ") for col in range(min(cols), max(cols) + 1)]
            lines.append((" " if row & 1 else "") + " ".join(chars).rstrip())
        return "\n".join(lines)


def offset_to_hex(row: int, col: int) -> Cell:
    """Offset rows (odd rows shifted half a cell right) to axial (q, r)."""
    return (col - (row - (row & 1)) // 2, row)


def hex_to_offset(q: int, r: int) -> tuple[int, int]:
    """Axial (q, r) to offset (row, col)."""
    return r, q + (r - (r & 1)) // 2
