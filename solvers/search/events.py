"""What `solve()` yields: frozen `Progress` and `Solution` events (or `SolutionBatch` ones), and
the `Search` protocol every kernel's Python side follows."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import field
from typing import NamedTuple, Protocol

import numpy as np

from ..kernels.status import SOLUTION
from ..placements.compile import Placements
from ..puzzle.grids import Cell
from ..records import record


@record
class Progress:
    """Where a run stands. `phase` is "preparing", "searching" or "done"."""

    phase: str
    nodes: int = 0
    solutions: int = 0
    fraction_done: float = 0.0
    elapsed: float = 0.0  # seconds of search, preparation excluded
    nodes_per_second: float = 0.0
    time_left: float | None = None  # a rough estimate, None until it means something
    exhausted: bool = False  # the whole search tree was visited: the count is exact
    symmetry: str = "distinct"
    symmetry_group: int = 1  # how many board symmetries identify solutions
    # when only assemblies that come apart are solutions (Puzzle.disassembly): the
    # assemblies found, how many solutions have each level (BurrTools' text), and the
    # assemblies found but not yet analysed; None, () and 0 otherwise
    assemblies: int | None = None
    levels: tuple[tuple[str, int], ...] = ()
    analysing: int = 0
    notes: tuple[str, ...] = ()  # what a resumed run file did not prove (run again)


@record
class Solution:
    """One solution: polyforms as placement rows (decoded on demand), Sudoku as a value grid."""

    index: int
    rows: tuple[int, ...] = ()  # placement rows, one per placed piece copy
    grid: tuple[int, ...] = ()  # Sudoku values, row-major
    placements: Placements | None = field(default=None, compare=False, repr=False)
    verdict: tuple[int, ...] = ()  # an assembly's verdict row (solvers.disassembly.verdicts)

    @property
    def pieces(self) -> tuple[tuple[int, tuple[Cell, ...]], ...]:
        """(piece type, board cells) per placed copy."""
        if self.placements is None:
            return ()
        return decode_rows(self.placements, self.rows)

    def cell_pieces(self) -> dict[Cell, int]:
        """Board cell -> piece type: the solution as a board picture."""
        return {cell: piece for piece, cells in self.pieces for cell in cells}


def decode_rows(placements: Placements, rows) -> tuple[tuple[int, tuple[Cell, ...]], ...]:
    """(piece type, board cells) per copy on the board; absent rows (a copy a piece range
    leaves off) are left out."""
    return tuple((int(placements.row_piece[r]),
                  tuple(placements.cells[i] for i in placements.row_items[r]))
                 for r in rows if placements.row_items[r])


@record(eq=False)
class SolutionBatch:
    """The solutions one search slice found, as one array (`solve(..., batched=True)`): row i
    is solution `first + i`, its placement rows sorted (polyforms) or its grid (Sudoku). A run
    with millions of solutions passes them on without a Python object per solution."""

    first: int
    rows: np.ndarray  # (k, pieces) int32 sorted placement rows, or (k, n*n) int16 grids
    placements: Placements | None = field(default=None, repr=False)  # None for a Sudoku
    verdicts: np.ndarray | None = field(default=None, repr=False)  # of assemblies, row by row

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Solution]:
        """The batch's solutions one by one, as `solve()` without `batched` yields them."""
        verdicts = self.verdicts.tolist() if self.verdicts is not None else None
        for offset, row in enumerate(self.rows.tolist()):
            if self.placements is None:
                yield Solution(self.first + offset, grid=tuple(row))
            else:
                yield Solution(self.first + offset, rows=tuple(row), placements=self.placements,
                               verdict=tuple(verdicts[offset]) if verdicts else ())


class Found(NamedTuple):
    """Solutions found: kernel rows (placement rows or Sudoku grids) and, when they are
    assemblies to take apart, their verdict rows, row for row (None otherwise)."""

    rows: np.ndarray
    verdicts: np.ndarray | None = None

    def solution_count(self) -> int:
        """How many of the rows are solutions (assemblies that come apart, when analysed)."""
        if self.verdicts is None:
            return len(self.rows)
        return int(np.count_nonzero(self.verdicts[:, 0] == SOLUTION))

    def up_to(self, solutions: int) -> "Found":
        """The first rows, up to the one that makes `solutions` solutions (none: empty)."""
        if self.verdicts is None:
            return Found(self.rows[:max(0, solutions)])
        ends = np.flatnonzero(np.cumsum(self.verdicts[:, 0] == SOLUTION) >= solutions)
        if solutions <= 0:
            end = 0
        else:
            end = int(ends[0]) + 1 if len(ends) else len(self.rows)
        return Found(self.rows[:end], self.verdicts[:end])


Event = Progress | Solution | SolutionBatch


class Search(Protocol):
    nodes: int
    solutions: int
    fraction_done: float
    finished: bool

    def run(self, node_budget: int, *, record: bool = True, solution_limit: int = 0) -> int: ...
    def take_solutions(self) -> np.ndarray: ...
