"""What `solve()` yields: frozen `Progress` and `Solution` events (or `SolutionBatch` ones), and
the `Search` protocol every kernel's Python side follows."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from ..placements.compile import Placements
from ..puzzle.grids import Cell


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Solution:
    """One solution: polyforms as placement rows (decoded on demand), Sudoku as a value grid."""

    index: int
    rows: tuple[int, ...] = ()  # placement rows, one per placed piece copy
    grid: tuple[int, ...] = ()  # Sudoku values, row-major
    placements: Placements | None = field(default=None, compare=False, repr=False)

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


@dataclass(frozen=True, eq=False)
class SolutionBatch:
    """The solutions one search slice found, as one array (`solve(..., batched=True)`): row i
    is solution `first + i`, its placement rows sorted (polyforms) or its grid (Sudoku). A run
    with millions of solutions passes them on without a Python object per solution."""

    first: int
    rows: np.ndarray  # (k, pieces) int32 sorted placement rows, or (k, n*n) int16 grids
    placements: Placements | None = field(default=None, repr=False)  # None for a Sudoku

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Solution]:
        """The batch's solutions one by one, as `solve()` without `batched` yields them."""
        for offset, row in enumerate(self.rows.tolist()):
            if self.placements is None:
                yield Solution(self.first + offset, grid=tuple(row))
            else:
                yield Solution(self.first + offset, rows=tuple(row), placements=self.placements)


Event = Progress | Solution | SolutionBatch


class Search(Protocol):
    nodes: int
    solutions: int
    fraction_done: float
    finished: bool

    def run(self, node_budget: int, *, record: bool = True, solution_limit: int = 0) -> int: ...
    def take_solutions(self) -> np.ndarray: ...
