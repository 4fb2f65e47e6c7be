"""Colour constraints in the placements: painted orientations, and the rows the rules drop.

A painted piece's orientations carry their paint: an orientation is its sorted cells and the
colour of each (0: neutral), so two orientations of the same cells with different paint are
two placements, and orientations alike in cells and paint are one. Rows that put a painted
piece cell on a board cell of a colour the rules do not allow for it are never made
(`PaintFilter`), so every kernel honours the rules without knowing of them. Each row's
colours are kept beside its items (`Placements.row_paint`): the symmetry images map painted
rows to painted rows, and a solution's picture shows the paint of the pieces as they lie.
See solvers.puzzle.colour_rules for the model.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from ..puzzle.colour_rules import allowed_pairs
from ..puzzle.grid import Grid, GridKind, Shape, is_rotation
from ..puzzle.model import Piece, Puzzle

Colours = tuple[int, ...]  # a colour per cell of an oriented shape, in the shape's order


def has_piece_paint(puzzle: Puzzle) -> bool:
    return any(piece.paint for piece in puzzle.pieces)


def piece_orientations(kind: GridKind, piece: Piece) -> tuple[np.ndarray, tuple[Colours, ...]]:
    """(shapes, colours): every way the piece may lie, as a (k, N, d) int64 array of its
    orientations' cells (for a piece without paint, the grid's read-only `orientation_array`,
    in its usual order), and each one's cells' colours."""
    grid = kind.grid
    if not piece.paint:
        shapes = grid.orientation_array(piece.cells, piece.mirror)
        return shapes, ((0,) * piece.size,) * len(shapes)
    painted = painted_orientations(grid, piece.cells, piece.paint, piece.mirror)
    shapes = np.array([shape for shape, _ in painted], dtype=np.int64).reshape(
        len(painted), piece.size, grid.dimensions)
    return shapes, tuple(colours for _, colours in painted)


@cache
def painted_orientations(grid: Grid, cells: Shape, paint: tuple, mirror: bool
                         ) -> tuple[tuple[Shape, Colours], ...]:
    """The distinct painted orientations: the images under the grid's rotations (and
    reflections with `mirror`), alike when both cells and paint are."""
    found: dict[tuple[Shape, Colours], None] = {}
    for matrix in grid.symmetry_group:
        if mirror or is_rotation(matrix):
            found.setdefault(painted_image(grid, cells, paint, matrix))
    return tuple(found)


def painted_image(grid: Grid, cells: Shape, paint: tuple, matrix: np.ndarray
                  ) -> tuple[Shape, Colours]:
    """The piece under `matrix`, moved to the origin: its sorted cells and their colours."""
    colour = dict(paint)
    image = grid.to_origin(grid.apply_symmetry(np.array(cells, dtype=np.int64), matrix))
    pairs = sorted(zip(map(tuple, image.tolist()), (colour.get(cell, 0) for cell in cells)))
    return tuple(cell for cell, _ in pairs), tuple(c for _, c in pairs)


@cache
def painted_rotation_class(grid: Grid, cells: Shape, paint: tuple) -> tuple:
    """The smallest painted rotation: two painted pieces are rotations of each other exactly
    when their classes are equal."""
    return min(painted_orientations(grid, cells, paint, False))


class PaintFilter:
    """Which translations of a painted orientation the rules allow."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.painted = has_piece_paint(puzzle)  # rows then carry their colours
        self.constrained = self.painted and bool(puzzle.colour_rules)
        index_of = {cell: item for item, cell in enumerate(puzzle.board)}
        self.board_colour = np.zeros(len(puzzle.board), dtype=np.int64)
        for cell, colour in puzzle.board_paint:
            self.board_colour[index_of[cell]] = colour
        self.allowed = np.array(allowed_pairs(puzzle), dtype=bool)

    def legal(self, items: np.ndarray, colours: Colours) -> np.ndarray:
        """The rows of `items` (k, cells), the orientation's cells in order, whose painted
        cells all lie where the rules allow."""
        if not self.constrained or not any(colours) or not len(items):
            return items
        piece = np.asarray(colours, dtype=np.int64)
        ok = self.allowed[piece[None, :], self.board_colour[items]].all(axis=1)
        return items[ok]


def solution_paint(placements, rows) -> dict[tuple[int, ...], int]:
    """Board cell -> the constraint colour of the piece cell on it, for the painted cells of
    the rows placed (`placements.row_paint`; none without paint)."""
    if placements.row_paint is None:
        return {}
    found = {}
    for row in rows:
        for item, colour in zip(placements.row_items[row], placements.row_paint[row]):
            if colour:
                found[placements.cells[item]] = colour
    return found
