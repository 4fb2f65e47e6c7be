"""One object per polyform grid: its cells, neighbours, symmetries, orientations and the
facts the editors, players and certificates ask of it (`Grid`, one module per grid).

`grid_of(kind)` (or `kind.grid`) is the only way to a grid's facts: a new grid is a new
module here with a `Grid` subclass, a `GridKind` member naming it, and a line in `_GRIDS`.
Sudoku is not a polyform grid (a `SudokuGrid` of digits, no pieces, no symmetries that
placements use): it has no grid object, and `grid_of(GridKind.SUDOKU)` is a ValueError, so
code that meets a Sudoku asks `puzzle.is_sudoku` first, as it does anyway.
"""

from __future__ import annotations

from .base import Cell, Colouring, Grid, Shape, is_rotation, normalise
from .cube import CubeGrid
from .hex import HexGrid, hex_to_offset, offset_to_hex
from .kind import GridKind
from .sphere import SphereGrid
from .square import SquareGrid
from .stick import StickGrid
from .triangle import TriangleGrid

__all__ = ["Cell", "Colouring", "Grid", "GridKind", "Shape", "grid_of", "hex_to_offset",
           "is_rotation", "normalise", "offset_to_hex", "register"]

_GRIDS: dict[GridKind, Grid] = {grid.kind: grid for grid in
                                (HexGrid(), SquareGrid(), CubeGrid(), TriangleGrid(),
                                 StickGrid(), SphereGrid())}


def grid_of(kind: GridKind | str) -> Grid:
    """The grid object of `kind`; ValueError for a kind without one (Sudoku)."""
    kind = GridKind(kind)
    try:
        return _GRIDS[kind]
    except KeyError:
        raise ValueError(f"grid {kind.value!r} has no placement symmetries") from None


def register(grid: Grid) -> Grid | None:
    """Make `grid` the object of `grid.kind`, returning the one it replaces (tests put a
    toy grid in place this way and the old one back after)."""
    previous = _GRIDS.get(grid.kind)
    _GRIDS[grid.kind] = grid
    return previous
