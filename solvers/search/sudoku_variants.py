"""The Python side of the Sudoku variants' kernel: the rules of a grid as the kernel's tables,
and `VariantSudokuSearch`, with the interface of `SudokuSearch` (classic grids keep the
classic kernel: `build_search` picks this one only when `has_variant_rules`)."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..kernels import native
from ..kernels.status import C_BUFFERED, C_NODES, C_PHASE, C_SOLUTIONS, C_STATUS, ENTER, FINISHED
from ..puzzle.model import SudokuGrid
from ..puzzle.sudoku_rules import Cage, grid_units

__all__ = ["VariantSudokuSearch", "grid_peers", "rule_tables", "tables_of",
           "check_variant_solution"]


@lru_cache(maxsize=16)
def _peer_sets(grid: SudokuGrid) -> tuple[tuple[int, ...], ...]:
    return _peer_sets_of(grid.n, grid_units(grid), grid.cages)


def _peer_sets_of(n: int, units: np.ndarray,
                  cages: tuple[Cage, ...]) -> tuple[tuple[int, ...], ...]:
    members: list[set[int]] = [set() for _ in range(n * n)]
    groups = units.tolist() + [list(cage.cells) for cage in cages]
    for cells in groups:
        for cell in cells:
            members[cell].update(cells)
    return tuple(tuple(sorted(m - {cell})) for cell, m in enumerate(members))


def grid_peers(grid: SudokuGrid) -> np.ndarray:
    """(n*n, most peers) int32: each cell's peers under the grid's rules (units and cages),
    a short row padded with the cell itself (which holds no value while it is open)."""
    sets = _peer_sets(_rules_only(grid))
    width = max(len(peers) for peers in sets)
    table = np.array([peers + (cell,) * (width - len(peers)) for cell, peers in enumerate(sets)],
                     dtype=np.int32)
    return table


def _rules_only(grid: SudokuGrid) -> SudokuGrid:
    """The grid without its givens: the key the rule tables are cached under."""
    return SudokuGrid(grid.box_rows, grid.box_cols, (0,) * (grid.n * grid.n), grid.regions,
                      grid.diagonals, grid.cages)


@lru_cache(maxsize=16)
def _tables(grid: SudokuGrid) -> tuple:
    return tables_of(grid.n, grid_units(grid), grid.cages)


def tables_of(n: int, units: np.ndarray, cages: tuple[Cage, ...]) -> tuple:
    """The kernel's `rules` for any units ((u, n) cells, rows and columns among them) and
    cages: a grid's own, or some of them (why a grid has no solution tries grids with a rule
    left out: solvers.analysis.sudoku_core)."""
    sets = _peer_sets_of(n, units, cages)
    width = max(1, max(len(peers) for peers in sets))
    peers = np.zeros((len(sets), width), dtype=np.int32)
    for cell, row in enumerate(sets):
        peers[cell, :len(row)] = row
    peer_count = np.array([len(row) for row in sets], dtype=np.int64)
    longest = max((len(cage.cells) for cage in cages), default=1)
    cage_cells = np.zeros((len(cages), longest), dtype=np.int32)
    for index, cage in enumerate(cages):
        cage_cells[index, :len(cage.cells)] = cage.cells
    cage_size = np.array([len(cage.cells) for cage in cages], dtype=np.int64)
    cage_total = np.array([cage.total for cage in cages], dtype=np.int64)
    units = np.ascontiguousarray(units, dtype=np.int32)
    rules = (peers, peer_count, units, cage_cells, cage_size, cage_total,
             np.uint64((1 << n) - 1))
    for table in rules[:-1]:
        table.flags.writeable = False
    return rules


def rule_tables(grid: SudokuGrid) -> tuple:
    """The kernel's `rules`: (peers, peer_count, units, cage_cells, cage_size, cage_total,
    full), read-only and shared by every search of grids with these rules."""
    return _tables(_rules_only(grid))


class VariantSudokuSearch:
    """A resumable search for every solution of a Sudoku variant; all its state is in arrays
    here, so `run` stops after any node budget and continues exactly where it was."""

    def __init__(self, grid: SudokuGrid, givens: np.ndarray | None = None, *,
                 max_solutions_buffered: int = 256, rules: tuple | None = None) -> None:
        """`rules`: the kernel's tables (`tables_of`) in place of the grid's own."""
        n = grid.n
        givens = np.asarray(grid.givens if givens is None else givens, dtype=np.int64).reshape(-1)
        if givens.size != n * n or (givens.size and (givens.min() < 0 or givens.max() > n)):
            raise ValueError(f"expected {n * n} givens of 0 (empty) or 1..{n}")
        self.n = n
        self.rules = rule_tables(grid) if rules is None else rules
        n_cells = n * n
        levels = int(np.count_nonzero(givens == 0)) + 2  # a branch fixes one empty cell
        self.cand = np.zeros((levels, n_cells), dtype=np.uint64)
        every = (1 << n) - 1
        self.cand[0] = [(1 << (value - 1)) if value else every for value in givens.tolist()]
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
        return int(native.kernel("sudoku_variants").search(
            self.cand, self.solved, self.branch_cell, self.branch_left, self.branch_len,
            self.weight, self.queue, self.rules, self.counters, self.fraction,
            self.solution_buffer, bool(record), int(node_budget), int(solution_limit)))

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


def check_variant_solution(grid: SudokuGrid, solution: np.ndarray) -> bool:
    """True when `solution` keeps the givens, every unit holds 1..n once and every cage holds
    different values summing to its total."""
    n = grid.n
    solution = np.asarray(solution).reshape(-1)
    givens = np.array(grid.givens)
    if solution.size != n * n or np.any((givens != 0) & (givens != solution)):
        return False
    if not np.all(np.sort(solution[grid_units(grid)], axis=1) == np.arange(1, n + 1)):
        return False
    return all(len(set(solution[list(cage.cells)].tolist())) == len(cage.cells)
               and int(solution[list(cage.cells)].sum()) == cage.total for cage in grid.cages)
