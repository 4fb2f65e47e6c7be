"""The known solution of a Sudoku, from the brute-force kernels: what every logical step is
checked against, and the uniqueness the uniqueness techniques assume."""

from __future__ import annotations

import numpy as np

from ..puzzle.model import PuzzleError, SudokuGrid
from ..puzzle.sudoku_rules import has_variant_rules
from ..search.sudoku import SudokuSearch, solve_batch
from ..search.sudoku_variants import VariantSudokuSearch
from .scan import warm_up as load_scans

NODE_BUDGET = 1_000_000


def unique_solution(grid: SudokuGrid) -> tuple[int, ...]:
    """The one solution of `grid`; PuzzleError when it has none or several."""
    if (grid.n, grid.box_rows, grid.box_cols) == (9, 3, 3) and not has_variant_rules(grid):
        solutions, counts = solve_batch(np.array([grid.givens], dtype=np.int8))
        count, found = int(counts[0]), solutions[:1]
    else:
        search = VariantSudokuSearch(grid, max_solutions_buffered=2) if has_variant_rules(grid) \
            else SudokuSearch(grid.n, grid.box_rows, grid.box_cols, np.array(grid.givens),
                              max_solutions_buffered=2)
        while not search.finished and search.solutions < 2:
            search.run(NODE_BUDGET, solution_limit=2)
        count, found = min(search.solutions, 2), search.take_solutions()
    if count == 0:
        raise PuzzleError("the Sudoku has no solution")
    if count > 1:
        raise PuzzleError("the Sudoku has more than one solution: a logical rating needs a "
                          "unique one")
    return tuple(int(value) for value in found[0])


def warm_up() -> None:
    """Load the brute-force kernel and the logical solver's scans (a first call compiles or
    loads them: not a puzzle's time)."""
    solve_batch(np.zeros((1, 81), dtype=np.int8))
    load_scans()
