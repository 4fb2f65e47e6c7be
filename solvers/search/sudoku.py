"""The Python side of the Sudoku kernels: `SudokuSearch` owns the resumable kernel's arrays
and runs it in slices (the interface of the polyform searches); the helpers solve many 9x9
puzzles at once, give a verdict (none, one, several) and check solutions."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..kernels import native
from ..kernels.status import (C_BUFFERED, C_NODES, C_PHASE, C_SOLUTIONS, C_STATUS, ENTER, FINISHED,
                              SUDOKU_MAX_N as MAX_N)
from ..puzzle.model import SudokuGrid, sudoku_units
from ..puzzle.model import conflicting_givens as model_conflicting_givens

__all__ = ["SudokuSearch", "check_solution", "check_solutions", "conflicting_givens", "solve_batch",
           "sudoku_peers", "sudoku_verdict"]


@lru_cache(maxsize=16)
def sudoku_peers(n: int, box_rows: int, box_cols: int) -> np.ndarray:
    """(n*n, peers) int32, read-only: for each cell, the other cells sharing a unit."""
    members: list[set[int]] = [set() for _ in range(n * n)]
    for unit in sudoku_units(n, box_rows, box_cols).tolist():
        for cell in unit:
            members[cell].update(unit)
    peers = np.array([sorted(m - {cell}) for cell, m in enumerate(members)], dtype=np.int32)
    peers.flags.writeable = False
    return peers


def _checked_givens(n: int, box_rows: int, box_cols: int, givens) -> np.ndarray:
    if box_rows < 1 or box_cols < 1 or n != box_rows * box_cols or n > MAX_N:
        raise ValueError(f"a {n}x{n} Sudoku cannot have {box_rows}x{box_cols} boxes "
                         f"(n = box_rows * box_cols, at most {MAX_N})")
    givens = np.asarray(givens).reshape(-1)
    if givens.size != n * n:
        raise ValueError(f"expected {n * n} givens, got {givens.size}")
    if givens.size and (givens.min() < 0 or givens.max() > n):
        raise ValueError(f"givens must be 0 (empty) or 1..{n}")
    return givens.astype(np.int64)


class SudokuSearch:
    """A resumable search for every solution of a Sudoku, with the interface of
    `ExactCoverSearch`. All state is in arrays here, so `run` can stop after any node budget
    and continue exactly where it was."""

    def __init__(self, n: int, box_rows: int, box_cols: int, givens: np.ndarray, *,
                 max_solutions_buffered: int = 256) -> None:
        givens = _checked_givens(n, box_rows, box_cols, givens)
        self.n, self.box_rows, self.box_cols = n, box_rows, box_cols
        self.givens = givens
        self.units = sudoku_units(n, box_rows, box_cols)
        self.peers = sudoku_peers(n, box_rows, box_cols)
        self.full = np.uint64((1 << n) - 1)
        n_cells = n * n
        levels = int(np.count_nonzero(givens == 0)) + 2  # a branch fixes one empty cell
        self.cand = np.zeros((levels, n_cells), dtype=np.uint64)
        for cell, value in enumerate(givens.tolist()):
            self.cand[0, cell] = (1 << (value - 1)) if value else (1 << n) - 1
        self.solved = np.zeros(levels, dtype=np.int64)
        self.branch_cell = np.zeros(levels, dtype=np.int64)
        self.branch_left = np.zeros(levels, dtype=np.uint64)
        self.branch_len = np.ones(levels, dtype=np.int64)
        self.weight = np.zeros(levels, dtype=np.float64)
        self.weight[0] = 1.0
        self.queue = np.zeros(n_cells, dtype=np.int64)
        self.counters = np.zeros(8, dtype=np.int64)
        self.counters[C_PHASE] = ENTER
        self.fraction = np.zeros(1, dtype=np.float64)
        self.solution_buffer = np.zeros((max_solutions_buffered, n_cells), dtype=np.int16)

    def run(self, node_budget: int, *, record: bool = True, solution_limit: int = 0) -> int:
        """Search up to `node_budget` nodes; RUNNING, BUFFER_FULL or FINISHED. RUNNING also
        when `solution_limit` (> 0) solutions have been counted."""
        return int(native.kernel("sudoku").search(
            self.cand, self.solved, self.branch_cell, self.branch_left, self.branch_len,
            self.weight, self.queue, self.peers, self.units, self.full, self.counters,
            self.fraction, self.solution_buffer, bool(record), int(node_budget),
            int(solution_limit)))

    def take_solutions(self) -> np.ndarray:
        """(k, n*n) int16 values of the buffered solutions, in search order; clears them."""
        count = int(self.counters[C_BUFFERED])
        taken = self.solution_buffer[:count].copy()
        self.counters[C_BUFFERED] = 0
        return taken

    @property
    def nodes(self) -> int:
        return int(self.counters[C_NODES])

    @property
    def solutions(self) -> int:
        return int(self.counters[C_SOLUTIONS])

    @property
    def fraction_done(self) -> float:
        return float(min(1.0, self.fraction[0]))

    @property
    def finished(self) -> bool:
        return int(self.counters[C_STATUS]) == FINISHED


def sudoku_verdict(n: int, box_rows: int, box_cols: int, givens: np.ndarray) -> int:
    """0, 1 or 2 (two or more) solutions: the search stops at the second one."""
    if (n, box_rows, box_cols) == (9, 3, 3):
        return int(solve_batch(_checked_givens(9, 3, 3, givens).reshape(1, 81))[1][0])
    search_ = SudokuSearch(n, box_rows, box_cols, givens, max_solutions_buffered=1)
    while not search_.finished and search_.solutions < 2:
        search_.run(1_000_000, record=False, solution_limit=2)
    return min(search_.solutions, 2)


def solve_batch(puzzles: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Solve many 9x9 Sudokus, (k, 81) values 0..9, proving each solution unique.
    Returns (solutions (k, 81) int8: the first solution found, zeros if none;
    counts (k,) int8: 0, 1, or 2 for two or more)."""
    puzzles = np.asarray(puzzles)
    if puzzles.ndim != 2 or puzzles.shape[1] != 81:
        raise ValueError(f"expected a (k, 81) array of 9x9 puzzles, got shape {puzzles.shape}")
    if puzzles.size and (puzzles.min() < 0 or puzzles.max() > 9):
        raise ValueError("givens must be 0 (empty) or 1..9")
    puzzles = np.ascontiguousarray(puzzles, dtype=np.int8)
    solutions = np.zeros(puzzles.shape, dtype=np.int8)
    counts = np.zeros(len(puzzles), dtype=np.int8)
    native.kernel("sudoku_batch").solve_many(puzzles, solutions, counts)
    return solutions, counts


def conflicting_givens(n: int, box_rows: int, box_cols: int,
                       givens: np.ndarray) -> list[tuple[int, int]]:
    """Sorted pairs (a, b), a < b, of cells holding the same given in a row, column or box."""
    grid = SudokuGrid(box_rows, box_cols, tuple(int(v) for v in np.asarray(givens).reshape(-1)))
    return model_conflicting_givens(grid)


def check_solution(n: int, box_rows: int, box_cols: int, givens: np.ndarray,
                   solution: np.ndarray) -> bool:
    """True when `solution` is complete, keeps the givens and every unit holds 1..n once."""
    givens = np.asarray(givens).reshape(-1)
    solution = np.asarray(solution).reshape(-1)
    if solution.size != n * n or givens.size != n * n:
        return False
    if np.any((givens != 0) & (givens != solution)):
        return False
    in_units = np.sort(solution[sudoku_units(n, box_rows, box_cols)], axis=1)
    return bool(np.all(in_units == np.arange(1, n + 1)))


def check_solutions(n: int, box_rows: int, box_cols: int, givens: np.ndarray,
                    solutions: np.ndarray, *, chunk: int = 4096) -> np.ndarray:
    """`check_solution` for each row of `solutions` (k, n*n) against the same row of
    `givens`, in whole-array steps (a Python call per puzzle took 4.6 times as long as
    solving the 17-clue set): (k,) bool."""
    givens = np.asarray(givens).reshape(len(givens), -1)
    solutions = np.asarray(solutions).reshape(len(solutions), -1)
    if givens.shape != solutions.shape or solutions.shape[1] != n * n:
        raise ValueError(f"expected two (k, {n * n}) arrays, got {givens.shape} and "
                         f"{solutions.shape}")
    units = sudoku_units(n, box_rows, box_cols)
    every_digit = (1 << n) - 1
    ok = np.all((givens == 0) | (givens == solutions), axis=1)
    ok &= np.all((solutions >= 1) & (solutions <= n), axis=1)
    for start in range(0, len(solutions), chunk):
        values = solutions[start:start + chunk].astype(np.int64)[:, units]  # (c, 3n, n)
        digits = np.left_shift(1, np.clip(values - 1, 0, n - 1))
        ok[start:start + chunk] &= np.all(np.bitwise_or.reduce(digits, axis=2) == every_digit,
                                          axis=1)
    return ok
