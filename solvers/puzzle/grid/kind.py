"""`GridKind`: the name of a grid, as puzzle files spell it. Its facts live in its grid
object (`grid_of(kind)`, or `kind.grid`); Sudoku has none (see `solvers.puzzle.grid`)."""

from __future__ import annotations

from enum import Enum
from typing import Any


class GridKind(str, Enum):
    HEX = "hex"
    SQUARE = "square"
    CUBE = "cube"
    SUDOKU = "sudoku"
    TRIANGLE = "triangle"
    STICK = "stick"
    SPHERE = "sphere"

    @property
    def grid(self) -> Any:  # a grid.base.Grid, not imported here: base imports this module
        """The grid object holding this kind's facts (ValueError for Sudoku)."""
        from . import grid_of  # the registry imports every grid module, which import this
        return grid_of(self)

    @property
    def has_grid(self) -> bool:
        """Whether pieces are placed on this kind (all but Sudoku)."""
        return self is not GridKind.SUDOKU

    @property
    def dimensions(self) -> int:
        return self.grid.dimensions if self.has_grid else 2

    @property
    def axes(self) -> str:
        """The names of a cell's coordinates, one letter each ("" for Sudoku)."""
        return self.grid.axes if self.has_grid else ""

    @property
    def translation_axes(self) -> int:
        """How many leading coordinates a translation moves (a triangle's t stays)."""
        return self.grid.translation_axes if self.has_grid else 2
