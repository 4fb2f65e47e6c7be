"""What the cube editor edits: the board (the shape to fill) or one piece, as a set of cells.

Each target reads its cells from a puzzle and builds the puzzle with other cells; the document
does the rest (validation, undo). Pieces are edited in a small space of their own.
"""

from __future__ import annotations

import dataclasses
from itertools import product

from PySide6.QtGui import QColor

from solvers.records import record
from solvers import Puzzle

from ..views.colours import piece_colour
from .colour_edits import keep_paint
from .optional_cells import with_board

Cell = tuple[int, int, int]
PIECE_SPACE = 5  # a piece is edited in at least 5 x 5 x 5 cells
REGION_COLOUR = QColor(176, 180, 192)


@record
class EditTarget:
    """The board (`piece` None) or piece number `piece` of the puzzle."""

    piece: int | None = None

    @property
    def is_region(self) -> bool:
        return self.piece is None

    def exists_in(self, puzzle: Puzzle) -> bool:
        return self.is_region or self.piece < len(puzzle.pieces)

    def cells(self, puzzle: Puzzle) -> frozenset[Cell]:
        """The region's cells; a piece's moved to start at the origin (where it lies means
        nothing, and its space is counted from the origin: a piece written far away in a
        file would otherwise get a space the size of that distance)."""
        if self.is_region:
            return frozenset(puzzle.board)
        low = self.origin(puzzle)
        return frozenset(tuple(v - m for v, m in zip(cell, low))
                         for cell in puzzle.pieces[self.piece].cells)

    def origin(self, puzzle: Puzzle) -> Cell:
        """Where the editor's origin lies in the target's own coordinates."""
        cells = () if self.is_region else puzzle.pieces[self.piece].cells
        return tuple(min(cell[axis] for cell in cells) for axis in range(3)) if cells else (0,) * 3

    def paint(self, puzzle: Puzzle) -> tuple:
        """The target's paint, in the editor's coordinates (as `cells`)."""
        if self.is_region:
            return puzzle.board_paint
        low = self.origin(puzzle)
        return tuple((tuple(v - m for v, m in zip(cell, low)), colour)
                     for cell, colour in puzzle.pieces[self.piece].paint)

    def with_cells(self, puzzle: Puzzle, cells: frozenset[Cell]) -> Puzzle:
        ordered = tuple(sorted(cells))
        if self.is_region:
            return with_board(puzzle, ordered)
        return replace_piece(puzzle, self.piece, cells=ordered,
                             paint=keep_paint(self.paint(puzzle), ordered))

    def colour(self, puzzle: Puzzle) -> QColor:
        return REGION_COLOUR if self.is_region else piece_colour(puzzle, self.piece)

    def name(self, puzzle: Puzzle) -> str:
        return "the board" if self.is_region else f"piece {puzzle.pieces[self.piece].name}"


def replace_piece(puzzle: Puzzle, index: int, **changes) -> Puzzle:
    pieces = list(puzzle.pieces)
    pieces[index] = dataclasses.replace(pieces[index], **changes)
    return dataclasses.replace(puzzle, pieces=tuple(pieces))


def piece_space(cells: frozenset[Cell]) -> Cell:
    """Room for the piece and at least one more cube beyond it on every axis."""
    extent = [max((cell[axis] for cell in cells), default=0) + 2 for axis in range(3)]
    return tuple(max(PIECE_SPACE, size) for size in extent)


def piece_room(cells: frozenset[Cell], space: Cell) -> Cell:
    """The box from the origin that holds the piece and one cube beyond it on every axis
    (within its space): where a click can add a cube."""
    return tuple(min(size, max((cell[axis] for cell in cells), default=0) + 2)
                 for axis, size in enumerate(space))


def box_cells(size: Cell) -> frozenset[Cell]:
    return frozenset(product(range(size[0]), range(size[1]), range(size[2])))


def region_extent(puzzle: Puzzle) -> Cell:
    """The smallest box from the origin holding the board (0s when it is empty)."""
    return tuple(max((cell[axis] + 1 for cell in puzzle.board), default=0) for axis in range(3))
