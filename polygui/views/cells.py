"""Board cells as numpy arrays, and a solution as one label per cell.

Glossary
- cells: an (N, d) int array of board cells in `puzzle.board` order (d = 2 or 3).
- copy: one placed piece copy of a solution (a piece type with count k is placed k times).
- labels: an (N,) int array, the copy covering each cell, -1 where the cell is empty.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from solvers import Puzzle, Solution

EMPTY = -1


class CellIndex:
    """Cell coordinates -> position in the board, vectorised through a dense lookup table."""

    def __init__(self, cells: np.ndarray) -> None:
        cells = np.asarray(cells, dtype=np.int64)
        if not len(cells):  # a board still being designed: every lookup is off the board
            self._low = np.zeros(cells.shape[-1], dtype=np.int64)
            self._table = np.zeros((0,) * cells.shape[-1], dtype=np.int64)
            return
        self._low = cells.min(axis=0)
        shape = cells.max(axis=0) - self._low + 1
        self._table = np.full(tuple(shape), EMPTY, dtype=np.int64)
        self._table[tuple((cells - self._low).T)] = np.arange(len(cells))

    def lookup(self, coords: np.ndarray) -> np.ndarray:
        """Board positions of `coords` (..., d); -1 for coordinates off the board."""
        coords = np.asarray(coords, dtype=np.int64) - self._low
        inside = np.all((coords >= 0) & (coords < self._table.shape), axis=-1)
        found = np.full(coords.shape[:-1], EMPTY, dtype=np.int64)
        found[inside] = self._table[tuple(coords[inside].T)]
        return found


@dataclass(frozen=True)
class SolutionCells:
    """A solution as arrays: which copy covers each cell, and each copy's piece type."""

    labels: np.ndarray  # (N,) copy per cell, -1 empty
    copy_types: np.ndarray  # (copies,) piece type of each copy

    @property
    def cell_types(self) -> np.ndarray:
        """(N,) piece type per cell, -1 empty."""
        types = np.append(self.copy_types, EMPTY)  # labels of -1 pick the appended EMPTY
        return types[self.labels]


def board_cells(puzzle: Puzzle) -> np.ndarray:
    dims = puzzle.kind.dimensions
    return np.array(puzzle.board, dtype=np.int64).reshape(-1, dims)


def solution_cells(index: CellIndex, n_cells: int, solution: Solution | None) -> SolutionCells:
    """Label every board cell with the copy covering it (all empty without a solution)."""
    labels = np.full(n_cells, EMPTY, dtype=np.int64)
    placed = solution.pieces if solution is not None else ()
    for copy, (_, cells) in enumerate(placed):  # one step per piece copy, not per cell
        labels[index.lookup(np.array(cells))] = copy
    types = np.array([piece for piece, _ in placed], dtype=np.int64)
    return SolutionCells(labels, types)
