"""The hex grid: cells (q, r) in axial coordinates, drawn as offset rows (odd rows shifted
half a cell right). Axial coordinates make translations plain vector additions."""

from __future__ import annotations

from functools import cache

import numpy as np

from .base import Cell, Colouring, Grid, close_group
from .kind import GridKind

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


def offset_to_hex(row: int, col: int) -> Cell:
    """Offset rows (odd rows shifted half a cell right) to axial (q, r)."""
    return (col - (row - (row & 1)) // 2, row)


def hex_to_offset(q: int, r: int) -> tuple[int, int]:
    """Axial (q, r) to offset (row, col)."""
    return r, q + (r - (r & 1)) // 2
