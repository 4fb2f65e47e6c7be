"""Pick the search kernel for a puzzle: Sudoku, bit-board fill, live sets, or general exact
cover; build the tables its searches share, and its searches."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..placements.compile import Placements
from ..placements.symmetry import SymmetryPlan, plan_symmetry
from ..puzzle.cancel import CancelCheck, check_cancel
from ..puzzle.model import Puzzle
from ..puzzle.sudoku_rules import has_variant_rules
from .bitboard import BitboardSearch, BitboardTables, suits_bitboard
from .exact_cover import ExactCoverSearch
from .forced import kernel_rows
from .live_sets import LiveSetSearch, LiveSetTables, suits_live_sets

KERNELS = ("auto", "bitboard", "live", "general")


def choose_kernel(puzzle: Puzzle, placements: Placements | None, kernel: str = "auto") -> str:
    """"sudoku", "bitboard", "live" or "general". `kernel` forces the polyform kernel for
    benchmarks and tests; "auto" picks it: the bit-board for flat boards it suits, live sets
    for the rest up to 64 cells (measured: Mini Bedlam 3.2x, Soma all 3x faster than the
    general kernel), the general kernel beyond."""
    if kernel not in KERNELS:
        raise ValueError(f"unknown kernel {kernel!r}: use auto, bitboard, live or general")
    if puzzle.is_sudoku:
        return "sudoku"
    if puzzle.has_secondary or (placements is not None and placements.has_secondary):
        return "general"  # optional cells, piece ranges, crossings: only the general kernel
    if kernel != "auto":
        return kernel
    if suits_bitboard(puzzle, placements):
        return "bitboard"
    return "live" if suits_live_sets(placements) else "general"


def boxed_kernel(chosen: str, kernel: str, placements: Placements, plan: SymmetryPlan,
                 tables) -> tuple[str, object]:
    """(kernel, tables): the live-set kernel's, on the items its forced rows leave (a box
    placed once, holding the others: search/forced.py), for a puzzle the general kernel would
    search when those fit one word; else `chosen` and `tables` as they are."""
    if chosen != "general" or kernel != "auto" or placements.has_secondary:
        return chosen, tables
    searched = kernel_rows(placements, plan.root_rows)
    if searched.masks is placements.masks or not suits_live_sets(placements, searched.masks):
        return chosen, tables
    return "live", LiveSetTables(placements, searched)


def shared_tables(kernel: str, placements: Placements | None):
    """The read-only tables every search of this kernel and puzzle can share, or None."""
    if kernel == "bitboard":
        return BitboardTables(placements)
    if kernel == "live":
        return LiveSetTables(placements)
    return None


def row_rank(kernel: str, tables) -> np.ndarray | None:
    """The kernel's preference among the rows of a symmetry orbit (see plan_symmetry): the
    bit-board kernel's is its sweep (a row's lowest cell), the others have none."""
    return tables.lowest_cells if kernel == "bitboard" else None


BUFFER_BYTES = 4 << 20  # solutions a search's kernel buffers between two returns (buffer_rows)
SMALL_BUFFER = 256  # at least this many, however long a solution


def buffer_rows(row_values: int, buffer_bytes: int = BUFFER_BYTES) -> int:
    """How many solutions of `row_values` numbers fit `buffer_bytes` (at least SMALL_BUFFER):
    32,768 domino tilings of 8x8. A kernel returns when its buffer is full, and each return
    runs Python holding the GIL (taking, sorting, counting the solutions): a few returns a
    second, not thousands, keep a thread that finds a million solutions a second from holding
    the GIL the window needs (polygui.solving.latency)."""
    return max(SMALL_BUFFER, buffer_bytes // (4 * max(1, row_values)))


def build_search(kernel: str, puzzle: Puzzle, placements: Placements | None,
                 plan: SymmetryPlan | None, tables=None, *, root_rows: np.ndarray | None = None,
                 givens: np.ndarray | None = None, buffered: int | None = None):
    """A fresh search of the whole tree, or of the part a task names: polyform searches keep
    to `root_rows` (the plan's when None), a Sudoku search starts from `givens` (the
    puzzle's when None) under the grid's rules (a variant's with the variants' kernel). Its
    kernel buffers BUFFER_BYTES of solutions, or `buffered` solutions (a Sudoku's)."""
    if kernel == "sudoku":
        from .sudoku import SudokuSearch  # its kernels' module only when a Sudoku is solved

        grid = puzzle.sudoku
        if givens is None:
            givens = np.array(grid.givens, dtype=np.int16)
        rows = buffered or buffer_rows(grid.n * grid.n)
        if has_variant_rules(grid):  # jigsaw, X or killer: the variants' kernel
            from .sudoku_variants import VariantSudokuSearch

            return VariantSudokuSearch(grid, givens, max_solutions_buffered=rows)
        return SudokuSearch(grid.n, grid.box_rows, grid.box_cols, givens,
                            max_solutions_buffered=rows)
    if root_rows is not None:
        plan = replace(plan, root_rows=np.asarray(root_rows, dtype=np.int32))
    rows = buffer_rows(int(placements.piece_counts.sum()))
    if kernel == "bitboard":
        return BitboardSearch(placements, plan, tables=tables, max_solutions_buffered=rows)
    if kernel == "live":
        return LiveSetSearch(placements, plan, tables=tables, max_solutions_buffered=rows)
    region_check = puzzle.kind.grid.flat  # regions of a plane board cut it apart
    return ExactCoverSearch(placements, plan, region_check=region_check,
                            max_solutions_buffered=rows)


def make_search(puzzle: Puzzle, placements: Placements | None, symmetry: str,
                kernel: str = "auto", cancel: CancelCheck | None = None):
    """(a search of the whole tree, number of symmetries that identify solutions); Cancelled
    once `cancel()` is true while planning."""
    chosen = choose_kernel(puzzle, placements, kernel)
    if chosen == "sudoku":
        return build_search(chosen, puzzle, None, None), 1
    tables = shared_tables(chosen, placements)
    plan = plan_symmetry(puzzle, placements, symmetry, cancel, row_rank=row_rank(chosen, tables))
    check_cancel(cancel)
    chosen, tables = boxed_kernel(chosen, kernel, placements, plan, tables)
    return build_search(chosen, puzzle, placements, plan, tables), plan.group_size
