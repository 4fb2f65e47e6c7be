"""The moves of a hand-solved puzzle: turning and flipping a piece, and the placement a shape
dropped at a cell makes.

Glossary
- shape: a piece in one orientation, normalised (`solvers.puzzle.grids.normalise`).
- grip: the index, in a shape's sorted cells, of the cell the player holds the piece by; a
  turn keeps holding the same cell of the piece.
- placement: (piece type, sorted board cells), one of `compile_placements(puzzle,
  prune=False)`'s rows: every legal placement, including those no solution uses.
"""

from __future__ import annotations

from collections import deque
from functools import cached_property

import numpy as np

from ..placements.compile import compile_placements
from ..puzzle.grids import Cell, GridKind, Shape, normalise
from ..puzzle.model import Puzzle
from ..records import record

Placement = tuple[int, tuple[Cell, ...]]


def cell_class(kind: GridKind, cell: Cell) -> int:
    """What a translation keeps: a triangle's pointing (up or down); 0 on the other grids."""
    return kind.grid.cell_class(cell)


def translation(kind: GridKind, source: Cell, target: Cell) -> tuple[int, ...] | None:
    """The translation taking cell `source` to `target`, or None when none does."""
    if cell_class(kind, source) != cell_class(kind, target):
        return None
    moved = kind.translation_axes
    return tuple(t - s for s, t in zip(source[:moved], target[:moved]))


def translated(kind: GridKind, shape: Shape, step: tuple[int, ...]) -> tuple[Cell, ...]:
    moved = len(step)
    return tuple(sorted(tuple(a + b for a, b in zip(cell[:moved], step)) + tuple(cell[moved:])
                        for cell in shape))


def moved_shape(kind: GridKind, shape: Shape, matrix: np.ndarray, grip: int = 0
                ) -> tuple[Shape, int]:
    """`shape` under the point symmetry `matrix`, normalised, and where its `grip` went."""
    image = kind.grid.apply_symmetry(np.array(shape, dtype=np.int64), matrix)
    result = normalise(image, kind)
    # normalising translates (onto the lattice, on the sphere grid), which keeps the order of
    # cells: the least cell of the image went to the shape's first
    shift = np.array(result[0]) - np.array(min(map(tuple, image.tolist())))
    return result, result.index(tuple(int(v) for v in image[grip] + shift))


def turned(kind: GridKind, shape: Shape, grip: int = 0, times: int = 1) -> tuple[Shape, int]:
    """The shape turned (clockwise on screen) `times` steps, and its grip."""
    for _ in range(times % kind.grid.turn_period):
        shape, grip = moved_shape(kind, shape, kind.grid.screen_turn, grip)
    return shape, grip


def flipped(kind: GridKind, shape: Shape, grip: int = 0) -> tuple[Shape, int]:
    """The mirror image (left to right on screen), and its grip."""
    return moved_shape(kind, shape, kind.grid.screen_flip, grip)


def tipped(kind: GridKind, shape: Shape, grip: int = 0) -> tuple[Shape, int]:
    """A box's piece tipped over (a quarter turn about the x axis), and its grip."""
    return moved_shape(kind, shape, kind.grid.screen_tip, grip)


@record
class PlayBoard:
    """Every legal placement of a puzzle's pieces, looked up by cells."""

    puzzle: Puzzle

    @cached_property
    def rows(self) -> dict[Placement, int]:
        placements = compile_placements(self.puzzle, prune=False)
        return {(int(placements.row_piece[row]),
                 tuple(placements.cells[item] for item in placements.row_items[row])): row
                for row in range(placements.n_rows) if placements.row_items[row]}

    def start_shape(self, piece: int) -> Shape:
        """The piece as the file has it, normalised: how it first lies in the tray."""
        return normalise(np.array(self.puzzle.pieces[piece].cells, dtype=np.int64),
                         self.puzzle.kind)

    def placement_at(self, piece: int, shape: Shape, grip: int, target: Cell
                     ) -> Placement | None:
        """The placement of `piece` as `shape` held by its cell `grip` put down on board cell
        `target`, or None when that is no legal placement (off the board, a forbidden
        flip, a cell a pin holds)."""
        step = translation(self.puzzle.kind, shape[grip], target)
        if step is None:
            return None
        placement = (piece, translated(self.puzzle.kind, shape, step))
        return placement if placement in self.rows else None

    def copies(self, piece: int) -> int:
        return self.puzzle.pieces[piece].count


def turns_to(shape: Shape, grip: int, wanted: Shape, mirror: bool,
             kind: GridKind = GridKind.CUBE) -> str:
    """The fewest turns ("R": `turned`), tips ("T": `tipped`) and, when `mirror`, flips ("F")
    that make a piece in space (cubes or balls) lying as `shape` lie as `wanted` (a
    breadth-first search over the at most 48 ways it lies); ValueError when none do."""
    moves = {"R": turned, "T": tipped, **({"F": flipped} if mirror else {})}
    seen, queue = {(shape, grip)}, deque([(shape, grip, "")])
    while queue:
        shape, grip, keys = queue.popleft()
        if shape == wanted:
            return keys
        for key, move in moves.items():
            state = move(kind, shape, grip)
            if state not in seen:
                seen.add(state)
                queue.append((*state, keys + key))
    raise ValueError(f"no turns make the piece lie as {wanted}")
