"""Sudoku search for any n x n grid with box_rows x box_cols boxes (n = box_rows * box_cols,
up to 64), resumable like the exact-cover kernel, and the public Sudoku helpers.

Values are 1..n, 0 is an empty cell, cells are row-major. The 9x9 batch path (solve_batch)
is a separate, faster kernel in `sudoku_batch`.

Glossary:
  candidates  cand[level, cell]: a uint64 bit mask of the values still possible, bit v-1
              for value v; a cell is *single* when one bit is left.
  unit        a row, column or box (units[u] lists its n cells); peers of a cell share one.
  level       the depth of a search node: cand[level] is its grid; a child copies its
              parent's grid and fixes the branch cell to one value.
  propagate   naked singles (a single's value leaves its peers) and hidden singles (a value
              with one place left in a unit goes there) to a fixed point; a cell without
              candidates or a unit missing a value ends the branch.
  branch      on the open cell with the fewest candidates, one child per candidate.
  weight      the product of 1/branching along the path to a node; the weights of finished
              leaves and dead ends add up to the fraction of the tree done (Knuth's estimator).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from .exact_cover import BUFFER_FULL, C_BUFFERED, C_DEPTH, C_NODES, C_PHASE, C_SOLUTIONS, \
    C_STATUS, ENTER, FINISHED, NEXT, RUNNING
from .model import SudokuGrid, sudoku_units
from .model import conflicting_givens as model_conflicting_givens
from .sudoku_batch import solve_many

__all__ = ["SudokuSearch", "check_solution", "conflicting_givens", "parse_sudoku_lines",
           "solve_batch", "sudoku_verdict", "RUNNING", "BUFFER_FULL", "FINISHED"]

MAX_N = 64
ONE = np.uint64(1)
ZERO = np.uint64(0)


@njit(nogil=True, cache=True)
def _propagate(cand, level, queue, tail, solved, peers, units, full):
    """Singles to a fixed point on cand[level]. queue[:tail] holds the cells that became
    single and still have to leave their value to their peers; `solved` counts single cells.
    Returns the count of single cells, or -1 on a contradiction."""
    n_cells, size = cand.shape[1], units.shape[1]
    head = 0
    while True:
        while head < tail:
            cell = queue[head]
            head += 1
            value = cand[level, cell]
            for k in range(peers.shape[1]):
                peer = peers[cell, k]
                left = cand[level, peer]
                if left & value:
                    left ^= value
                    if left == ZERO:
                        return -1
                    cand[level, peer] = left
                    if left & (left - ONE) == ZERO:
                        queue[tail] = peer
                        tail += 1
                        solved += 1
        if solved == n_cells:
            return solved
        for unit in range(units.shape[0]):
            once = twice = ZERO
            for k in range(size):
                here = cand[level, units[unit, k]]
                twice |= once & here
                once |= here
            if once != full:
                return -1
            alone = once & ~twice
            if alone == ZERO:
                continue
            for k in range(size):
                cell = units[unit, k]
                here = cand[level, cell]
                hit = here & alone
                if hit != ZERO and hit != here:
                    if hit & (hit - ONE) != ZERO:  # the only place for two values
                        return -1
                    cand[level, cell] = hit
                    queue[tail] = cell
                    tail += 1
                    solved += 1
        if head == tail:
            return solved


@njit(nogil=True, cache=True)
def _bit_count(mask):
    count = 0
    while mask != ZERO:
        mask &= mask - ONE
        count += 1
    return count


@njit(nogil=True, cache=True)
def _fewest_candidates(cand, level):
    """(cell, count) of the open cell with the fewest candidates (the first of equals)."""
    best, best_count = -1, 65
    for cell in range(cand.shape[1]):
        here = cand[level, cell]
        if here & (here - ONE) != ZERO:
            count = _bit_count(here)
            if count < best_count:
                best, best_count = cell, count
                if count == 2:
                    break
    return best, best_count


@njit(nogil=True, cache=True)
def _enter(depth, cand, solved, branch_cell, queue, peers, units, full):
    """Propagate the node at `depth`: the root starts from all its single cells, a child from
    its branch cell. Returns its count of single cells or -1."""
    if depth == 0:
        tail = 0
        for cell in range(cand.shape[1]):
            here = cand[0, cell]
            if here & (here - ONE) == ZERO:
                queue[tail] = cell
                tail += 1
        return _propagate(cand, 0, queue, tail, tail, peers, units, full)
    queue[0] = branch_cell[depth - 1]
    return _propagate(cand, depth, queue, 1, solved[depth - 1] + 1, peers, units, full)


@njit(nogil=True, cache=True)
def _write_values(cand, level, out, row):
    for cell in range(cand.shape[1]):
        here, value = cand[level, cell], 1
        while here != ONE:
            here >>= ONE
            value += 1
        out[row, cell] = value


@njit(nogil=True, cache=True)
def search(cand, solved, branch_cell, branch_left, branch_len, weight, queue, peers, units,
           full, counters, fraction, solution_buffer, record, node_budget, solution_limit):
    """Run for at most `node_budget` nodes from the saved phase and depth. Returns RUNNING
    (budget used or solution_limit reached), BUFFER_FULL or FINISHED."""
    if counters[C_STATUS] == FINISHED:
        return FINISHED
    if record and counters[C_BUFFERED] >= solution_buffer.shape[0]:
        return BUFFER_FULL
    n_cells = cand.shape[1]
    phase, depth = counters[C_PHASE], counters[C_DEPTH]
    budget_end = counters[C_NODES] + node_budget
    status = RUNNING
    while True:
        if phase == ENTER:
            if counters[C_NODES] >= budget_end:
                break
            counters[C_NODES] += 1
            phase = NEXT
            singles = _enter(depth, cand, solved, branch_cell, queue, peers, units, full)
            if singles < 0:
                fraction[0] += weight[depth]
                depth -= 1
            elif singles == n_cells:
                counters[C_SOLUTIONS] += 1
                fraction[0] += weight[depth]
                if record:
                    _write_values(cand, depth, solution_buffer, counters[C_BUFFERED])
                    counters[C_BUFFERED] += 1
                depth -= 1
                if record and counters[C_BUFFERED] == solution_buffer.shape[0]:
                    status = BUFFER_FULL
                    break
                if 0 < solution_limit <= counters[C_SOLUTIONS]:
                    break
            else:
                solved[depth] = singles
                cell, count = _fewest_candidates(cand, depth)
                branch_cell[depth], branch_left[depth], branch_len[depth] = \
                    cell, cand[depth, cell], count
        elif depth < 0:
            status = FINISHED
            fraction[0] = 1.0
            break
        elif branch_left[depth] == ZERO:
            depth -= 1
        else:
            left = branch_left[depth]
            value = left & (~left + ONE)
            branch_left[depth] = left ^ value
            cand[depth + 1, :] = cand[depth, :]
            cand[depth + 1, branch_cell[depth]] = value
            weight[depth + 1] = weight[depth] / branch_len[depth]
            depth += 1
            phase = ENTER
    counters[C_PHASE], counters[C_DEPTH], counters[C_STATUS] = phase, depth, status
    return status


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
        return int(search(self.cand, self.solved, self.branch_cell, self.branch_left,
                          self.branch_len, self.weight, self.queue, self.peers, self.units,
                          self.full, self.counters, self.fraction, self.solution_buffer,
                          bool(record), int(node_budget), int(solution_limit)))

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
    solve_many(puzzles, solutions, counts)
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


_SUDOKU_CHARACTERS = str.maketrans("", "", "0123456789.")


def parse_sudoku_lines(text: str) -> np.ndarray:
    """(k, 81) int8 puzzles from one 81-character line each: digits, '0' or '.' for empty.
    Blank lines and lines starting with '#' are skipped, trailing whitespace ignored. A bad
    line raises ValueError naming its line number and the problem."""
    lines = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.rstrip()
        if not line or line.startswith("#"):
            continue
        if line.translate(_SUDOKU_CHARACTERS):
            column, char = next((i, c) for i, c in enumerate(line, 1) if c not in "0123456789.")
            raise ValueError(f"line {number}, column {column}: {char!r} is not a digit or '.'")
        if len(line) != 81:
            raise ValueError(f"line {number}: expected 81 characters, got {len(line)}")
        lines.append(line)
    if not lines:
        return np.zeros((0, 81), dtype=np.int8)
    raw = np.frombuffer("".join(lines).replace(".", "0").encode("ascii"), dtype=np.uint8)
    return (raw - ord("0")).astype(np.int8).reshape(-1, 81)
