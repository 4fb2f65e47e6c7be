"""Pick the search kernel for a puzzle: Sudoku, bit-board fill, live sets, or general exact
cover."""

from __future__ import annotations

import numpy as np

from ..placements.compile import Placements
from ..placements.symmetry import plan_symmetry
from ..puzzle.cancel import CancelCheck, check_cancel
from ..puzzle.grids import GridKind
from ..puzzle.model import Puzzle
from .bitboard import BitboardSearch, suits_bitboard
from .exact_cover import ExactCoverSearch
from .live_sets import LiveSetSearch, suits_live_sets


def make_search(puzzle: Puzzle, placements: Placements | None, symmetry: str,
                kernel: str = "auto", cancel: CancelCheck | None = None):
    """(search object, number of symmetries that identify solutions). `kernel` forces the
    polyform kernel ("bitboard", "live" or "general") for benchmarks and tests; "auto" picks
    it: the bit-board for flat boards it suits, live sets for the rest up to 64 cells
    (measured: Mini Bedlam 3.2x, Soma all 3x faster than the general kernel), the general
    kernel beyond."""
    if puzzle.is_sudoku:
        from .sudoku import SudokuSearch

        grid = puzzle.sudoku
        givens = np.array(grid.givens, dtype=np.int16)
        return SudokuSearch(grid.n, grid.box_rows, grid.box_cols, givens), 1
    plan = plan_symmetry(puzzle, placements, symmetry, cancel)
    check_cancel(cancel)
    if kernel not in ("auto", "bitboard", "live", "general"):
        raise ValueError(f"unknown kernel {kernel!r}: use auto, bitboard, live or general")
    if kernel == "bitboard" or kernel == "auto" and suits_bitboard(puzzle, placements):
        return BitboardSearch(placements, plan), plan.group_size
    if kernel == "live" or kernel == "auto" and suits_live_sets(placements):
        return LiveSetSearch(placements, plan), plan.group_size
    region_check = puzzle.kind is not GridKind.CUBE
    return ExactCoverSearch(placements, plan, region_check=region_check), plan.group_size
