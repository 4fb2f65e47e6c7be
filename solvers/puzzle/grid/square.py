"""The square grid: cells (x, y), x right and y down as the canvases draw them."""

from __future__ import annotations

import numpy as np

from .base import Colouring, Grid, signed_permutations
from .kind import GridKind


class SquareGrid(Grid):
    kind = GridKind.SQUARE
    axes = "xy"
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
