"""The cube grid: cells (x, y, z), unit cubes; z is the layer."""

from __future__ import annotations

import numpy as np

from .base import Cell, Colouring, Grid, Shape, signed_permutations
from .square import layer_picture
from .kind import GridKind

_EDIT_TURNS = {  # a quarter turn about each axis
    "x": np.array([[1, 0, 0], [0, 0, -1], [0, 1, 0]]),
    "y": np.array([[0, 0, 1], [0, 1, 0], [-1, 0, 0]]),
    "z": np.array([[0, -1, 0], [1, 0, 0], [0, 0, 1]]),
}


class CubeGrid(Grid):
    kind = GridKind.CUBE
    axes = "xyz"
    flat = False
    neighbour_offsets = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))
    colourings = (Colouring("checkerboard of the cubes", ("dark", "light"),
                            lambda c: (c[0] + c[1] + c[2]) % 2),
                  Colouring("diagonal 3-colouring of the cubes", ("red", "green", "blue"),
                            lambda c: (c[0] + c[1] + c[2]) % 3))
    edit_mirror = np.array([[-1, 0, 0], [0, 1, 0], [0, 0, 1]])
    canvas_steps = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0))  # along x or y
    screen_turn = _EDIT_TURNS["z"]  # about the layer axis
    screen_flip = np.array([[-1, 0, 0], [0, 1, 0], [0, 0, 1]])
    screen_tip = _EDIT_TURNS["x"]  # the layer view tips a box's pieces over
    turn_period = 4

    def _group(self) -> list[np.ndarray]:
        return signed_permutations(3)

    def edit_turn_about(self, axis: str) -> np.ndarray:
        return _EDIT_TURNS[axis]

    def drawn_coordinates(self, cells: Shape) -> np.ndarray:
        return np.array(cells, dtype=np.int64).reshape(len(cells), -1)

    def text_picture(self, board: Shape, picture: dict[Cell, str]) -> str:
        """Layers z = 0, 1, ... side by side."""
        return layers_side_by_side(board, picture, lambda cell: (cell[0], cell[1]))


def layers_side_by_side(board: Shape, picture: dict[Cell, str], to_xy) -> str:
    """Each layer z = 0, 1, ... as `layer_picture` draws it (`to_xy` placing a cell in its
    layer), side by side."""
    layers = sorted({cell[2] for cell in board})
    blocks = [layer_picture([c for c in board if c[2] == z], picture, to_xy).split("\n")
              for z in layers]
    height = max(len(block) for block in blocks)
    width = max(len(line) for block in blocks for line in block)
    return "\n".join("   ".join(block[i].ljust(width) if i < len(block) else " " * width
                                for block in blocks).rstrip() for i in range(height))
