"""The undoable edits of a Sudoku's variant rules, each a function from puzzle to puzzle (the
document's `Edit`): move cells into a region, make, change and remove killer cages, switch
the diagonals on or off."""

from __future__ import annotations

import dataclasses

from solvers import Puzzle
from solvers.puzzle.model import SudokuGrid
from solvers.puzzle.sudoku_rules import Cage, cell_regions, sum_range


def _with_grid(puzzle: Puzzle, **changes) -> Puzzle:
    return dataclasses.replace(puzzle, sudoku=dataclasses.replace(puzzle.sudoku, **changes))


def cage_of(grid: SudokuGrid, cell: int) -> Cage | None:
    return next((cage for cage in grid.cages if cell in cage.cells), None)


def with_cells_in_region(cells: list[int], region: int):
    """The cells join `region` (numbered as `cell_regions` numbers them)."""
    def edit(puzzle: Puzzle) -> Puzzle:
        regions = list(cell_regions(puzzle.sudoku))
        for cell in cells:
            regions[cell] = region
        return _with_grid(puzzle, regions=tuple(regions))
    return edit


def with_boxes(puzzle: Puzzle) -> Puzzle:
    """The boxes again instead of jigsaw regions."""
    return _with_grid(puzzle, regions=())


def with_diagonals(on: bool):
    def edit(puzzle: Puzzle) -> Puzzle:
        return _with_grid(puzzle, diagonals=on)
    return edit


def default_sum(grid: SudokuGrid, size: int) -> int:
    """A new cage's sum before the user sets it: the middle of what its cells can make."""
    low, high = sum_range(grid.n, min(size, grid.n))
    return (low + high) // 2


def with_new_cage(cells: list[int], total: int | None = None):
    """A cage of `cells` (taken out of the cages they were in; a cage left empty goes)."""
    def edit(puzzle: Puzzle) -> Puzzle:
        grid = puzzle.sudoku
        taken = set(cells)
        kept = [Cage(cage.total, tuple(c for c in cage.cells if c not in taken))
                for cage in grid.cages]
        new = Cage(default_sum(grid, len(taken)) if total is None else total, tuple(taken))
        return _with_grid(puzzle, cages=tuple(c for c in kept if c.cells) + (new,))
    return edit


def with_cell_toggled(selected: int, cell: int):
    """`cell` leaves the cage it is in, or joins the cage of `selected` (or starts one)."""
    def edit(puzzle: Puzzle) -> Puzzle:
        grid = puzzle.sudoku
        target = cage_of(grid, selected)
        own = cage_of(grid, cell)
        if own is not None:  # out of its cage
            rest = tuple(c for c in own.cells if c != cell)
            others = tuple(c for c in grid.cages if c != own)
            return _with_grid(puzzle, cages=others + ((Cage(own.total, rest),) if rest else ()))
        if target is None:
            return with_new_cage([cell])(puzzle)
        others = tuple(c for c in grid.cages if c != target)
        return _with_grid(puzzle, cages=others + (Cage(target.total, target.cells + (cell,)),))
    return edit


def without_cage(cell: int):
    def edit(puzzle: Puzzle) -> Puzzle:
        return _with_grid(puzzle, cages=tuple(c for c in puzzle.sudoku.cages
                                              if cell not in c.cells))
    return edit


def with_cage_sum(cell: int, total: int):
    """The cage holding `cell` sums to `total`."""
    def edit(puzzle: Puzzle) -> Puzzle:
        return _with_grid(puzzle, cages=tuple(
            Cage(total, c.cells) if cell in c.cells else c for c in puzzle.sudoku.cages))
    return edit


def without_cages(puzzle: Puzzle) -> Puzzle:
    return _with_grid(puzzle, cages=())
