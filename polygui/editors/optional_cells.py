"""Optional board cells in the editors: cells a solution may leave empty (BurrTools'
variable cells). The Optional tool marks them (a press on a required cell marks, on an
optional one unmarks; a drag does the same to every cell it enters; a position off the board
joins it as an optional cell); each stroke is one undo step.

Board edits go through `with_board`, so that a cell taken off the board stops being optional
(and loses its paint, colour_edits).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable

from PySide6.QtGui import QColor

from solvers import Puzzle
from solvers.puzzle.grids import Cell

from .colour_edits import keep_paint

OPTIONAL_COLOUR = QColor("#f1ebde")  # the board's sand, paler: there but may stay empty
OPTIONAL_TIP = ("Optional cells: click or drag to mark board cells a solution may leave empty; "
                "start on an optional cell to make cells required again")
OPTIONAL_HINT = ("Click or drag to mark cells that may stay empty (drawn pale); start on an "
                 "optional cell to make cells required again.")
STROKE_NAMES = ("Mark cells optional", "Make cells required")


def with_board(puzzle: Puzzle, board: Iterable[Cell]) -> Puzzle:
    """`puzzle` on `board`; the optional and painted cells that left the board are dropped."""
    board = tuple(board)
    kept = set(board)
    return dataclasses.replace(puzzle, board=board,
                               optional=tuple(c for c in puzzle.optional if c in kept),
                               board_paint=keep_paint(puzzle.board_paint, kept))


def is_optional(puzzle: Puzzle, cell: Cell) -> bool:
    return cell in puzzle.optional


def optional_edit(cell: Cell, optional: bool) -> Callable[[Puzzle], Puzzle]:
    """Mark `cell` optional (adding it to the board when it is not on it), or required."""
    def edit(puzzle: Puzzle) -> Puzzle:
        if optional:
            board = puzzle.board if cell in puzzle.board else puzzle.board + (cell,)
            return dataclasses.replace(puzzle, board=board,
                                       optional=puzzle.optional + (cell,))
        return dataclasses.replace(puzzle, optional=tuple(c for c in puzzle.optional
                                                          if c != cell))
    return edit


def board_fills(puzzle: Puzzle, board_colour: QColor) -> list[tuple[tuple[Cell, ...], QColor]]:
    """The board's required cells in its colour, the optional ones pale."""
    optional = set(puzzle.optional)
    required = tuple(c for c in puzzle.board if c not in optional)
    fills = [(required, board_colour)]
    if optional:
        fills.append((puzzle.optional, OPTIONAL_COLOUR))
    return fills
