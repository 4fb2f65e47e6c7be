"""The sphere grid: balls packed in the face-centred cubic lattice (Kanoodle, IQ Puzzler,
BurrTools' sphere grid). A cell is (x, y, z), integers with x + y + z even; a ball touches
the 12 at (±1, ±1, 0), (±1, 0, ±1), (0, ±1, ±1). A layer z = k is a square lattice turned
45° (its balls touch along (1, ±1, 0)); the layer above sits in its hollows. In a layer,
u = (x + y - z) / 2 and v = (x - y - z) / 2 are the square lattice's own coordinates: the
views, the text picture and the bit-board's sweep use them."""

from __future__ import annotations

import numpy as np

from ..errors import PuzzleError
from ..limits import shown
from .base import Cell, Grid, Shape, signed_permutations
from .cube import _EDIT_TURNS, layers_side_by_side
from .kind import GridKind

STEPS = tuple((a, b, c) for a in (-1, 0, 1) for b in (-1, 0, 1) for c in (-1, 0, 1)
              if abs(a) + abs(b) + abs(c) == 2)  # the 12 neighbours


def layer_coordinates(cells) -> np.ndarray:
    """(N, 3) int64: (u, v, z) of each ball, (u, v) its place in the square lattice of its
    layer (one unit between touching balls)."""
    cells = np.asarray(cells, dtype=np.int64).reshape(-1, 3)
    x, y, z = cells[:, 0], cells[:, 1], cells[:, 2]
    return np.column_stack(((x + y - z) // 2, (x - y - z) // 2, z))


def is_flat(cells) -> bool:
    """Whether the balls' centres lie in one plane (three or fewer always do)."""
    cells = np.asarray(cells, dtype=np.int64).reshape(-1, 3)
    return len(cells) <= 3 or int(np.linalg.matrix_rank(cells[1:] - cells[0])) <= 2


def ball_at(u: int, v: int, z: int) -> Cell:
    """The ball at (u, v) of layer z: the inverse of `layer_coordinates`."""
    return (u + v + z, u - v, z)


class SphereGrid(Grid):
    kind = GridKind.SPHERE
    axes = "xyz"
    flat = False
    neighbour_offsets = STEPS
    edit_mirror = np.array([[-1, 0, 0], [0, 1, 0], [0, 0, 1]])
    # a step right, left, up and down in a layer as the layer view draws it: u and v
    canvas_steps = ((1, 1, 0), (-1, -1, 0), (-1, 1, 0), (1, -1, 0))
    screen_turn = _EDIT_TURNS["z"]
    screen_flip = np.array([[-1, 0, 0], [0, 1, 0], [0, 0, 1]])
    screen_tip = _EDIT_TURNS["x"]
    turn_period = 4

    def _group(self) -> list[np.ndarray]:
        return signed_permutations(3)  # the cube's 48: each keeps x + y + z even

    def edit_turn_about(self, axis: str) -> np.ndarray:
        return _EDIT_TURNS[axis]

    def to_origin(self, cells: np.ndarray) -> np.ndarray:
        """Translated to the origin, as on every grid, but onto the lattice (x + y + z even)
        whatever the cells' parity: when the origin would leave it, one layer up."""
        cells = np.array(cells, dtype=np.int64).reshape(-1, 3)
        if len(cells):
            cells -= cells.min(axis=0)
            cells[:, 2] += cells[0].sum() % 2
        return cells

    def orientations(self, shape: Shape, *, mirror: bool) -> list[Shape]:
        """A flat piece (its balls in one plane) takes its mirror images too, whatever
        `mirror` says: turning it over in space is a rotation (the reflection in its own
        plane fixes it). In a square layer those are among the cube's rotations anyway; in
        a hexagonal one (a plane across a cube's diagonal) they are not (BurrTools' BallRoom
        counts so)."""
        return super().orientations(shape, mirror=mirror or is_flat(shape))

    def cell_beside(self, cell: Cell, normal: Cell, point) -> Cell:
        """The cube across a face is no ball: the ball touching `cell` on that side (one of
        four) whose centre is nearest the point clicked."""
        around = [step for step in STEPS if np.dot(step, normal) > 0]
        near = min(around, key=lambda step: float(np.sum((np.add(cell, step) + 0.5
                                                          - np.asarray(point)) ** 2)))
        return tuple(int(c + s) for c, s in zip(cell, near))

    def bitboard_suits(self, board: Shape) -> bool:
        """Flat boards only (all balls in one plane: the Kanoodle rectangle), measured by
        bench/bench_spheres.py: the 5-layer pyramid took 295 s there against 2 s in live
        sets, where branching on the ball with the fewest options pays, as in a box."""
        return is_flat(board)

    def drawn_coordinates(self, cells: Shape) -> np.ndarray:
        """(u, v, z): the square lattice of each layer, so a board's sweep runs along its
        rows of balls, not across them diagonally."""
        return layer_coordinates(cells)

    def validate_cells(self, where: str, cells: Shape) -> None:
        for cell in cells:
            if sum(cell) % 2:
                raise PuzzleError(f"{where}: cell {shown(list(cell))} is no ball of the sphere "
                                  f"grid: its x + y + z is odd ({sum(cell)}); balls sit where "
                                  "it is even")

    def text_picture(self, board: Shape, picture: dict[Cell, str]) -> str:
        """Layers z = 0, 1, ... side by side, each as rows of v, a character per u."""
        return layers_side_by_side(board, picture,
                                   lambda cell: tuple(layer_coordinates([cell])[0, :2].tolist()))
