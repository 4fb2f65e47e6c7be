"""Board cells as numpy arrays, and a solution as one label per cell.

Glossary
- cells: an (N, d) int array of board cells in `puzzle.board` order (d = 2 or 3).
- copy: one placed piece copy of a solution (a piece type with count k is placed k times).
- labels: an (N,) int array, the copy covering each cell, -1 where the cell is empty.
"""

from __future__ import annotations

import numpy as np

from solvers.records import record
from solvers import Puzzle, Solution

EMPTY = -1


class CellIndex:
    """Cell coordinates -> position in the board, vectorised: each cell is one integer key
    among the board's sorted keys (no table over the board's bounding box, which for a cell
    far from the others would be enormous)."""

    def __init__(self, cells: np.ndarray) -> None:
        cells = np.asarray(cells, dtype=np.int64)
        dims = cells.shape[-1]
        self._low = cells.min(axis=0) - 1 if len(cells) else np.zeros(dims, dtype=np.int64)
        self._size = (cells.max(axis=0) + 2 - self._low if len(cells)
                      else np.ones(dims, dtype=np.int64))  # a cell's margin on every side
        self._strides = np.cumprod(np.concatenate(([1], self._size[:-1]))).astype(np.int64)
        keys = self._keys(cells)
        self._order = np.argsort(keys, kind="stable")
        self._sorted = keys[self._order]

    def _keys(self, coords: np.ndarray) -> np.ndarray:
        return ((coords - self._low) * self._strides).sum(axis=-1)

    def lookup(self, coords: np.ndarray) -> np.ndarray:
        """Board positions of `coords` (..., d); -1 for coordinates off the board."""
        coords = np.asarray(coords, dtype=np.int64)
        found = np.full(coords.shape[:-1], EMPTY, dtype=np.int64)
        if not len(self._sorted):
            return found
        shifted = coords - self._low
        inside = np.all((shifted >= 0) & (shifted < self._size), axis=-1)
        keys = self._keys(coords[inside])
        at = np.searchsorted(self._sorted, keys).clip(max=len(self._sorted) - 1)
        hit = self._sorted[at] == keys
        found[inside] = np.where(hit, self._order[at], EMPTY)
        return found


@record
class SolutionCells:
    """A solution as arrays: which copy covers each cell, and each copy's piece type."""

    labels: np.ndarray  # (N,) copy per cell, -1 empty
    copy_types: np.ndarray  # (copies,) piece type of each copy

    @property
    def cell_types(self) -> np.ndarray:
        """(N,) piece type per cell, -1 empty."""
        types = np.append(self.copy_types, EMPTY)  # labels of -1 pick the appended EMPTY
        return types[self.labels]


def optional_mask(puzzle: Puzzle) -> np.ndarray:
    """(N,) bool: which board cells are optional (may stay empty), in board order."""
    optional = set(puzzle.optional)
    return np.fromiter((cell in optional for cell in puzzle.board), dtype=bool,
                       count=len(puzzle.board))


def board_cells(puzzle: Puzzle) -> np.ndarray:
    dims = puzzle.kind.dimensions
    return np.array(puzzle.board, dtype=np.int64).reshape(-1, dims)


def solution_cells(index: CellIndex, n_cells: int, solution: Solution | None,
                   puzzle: Puzzle | None = None) -> SolutionCells:
    """Label every board cell with the copy covering it; without a solution, the copies
    pinned in `puzzle` (else none)."""
    labels = np.full(n_cells, EMPTY, dtype=np.int64)
    placed = solution.pieces if solution is not None else pinned_pieces(puzzle)
    for copy, (_, cells) in enumerate(placed):  # one step per piece copy, not per cell
        labels[index.lookup(np.array(cells))] = copy
    types = np.array([piece for piece, _ in placed], dtype=np.int64)
    return SolutionCells(labels, types)


def pinned_pieces(puzzle: Puzzle | None) -> tuple[tuple[int, tuple], ...]:
    """(piece type, cells) of each pinned copy of `puzzle`, as a solution lists its pieces."""
    if puzzle is None or not puzzle.pins:
        return ()
    number = {piece.name: index for index, piece in enumerate(puzzle.pieces)}
    return tuple((number[pin.piece], pin.cells) for pin in puzzle.pins)


def cell_captions_by_index(puzzle: Puzzle, board: tuple | None = None) -> list[tuple[int, str]]:
    """(position in the board, or in `board`, words written on that cell), for the cells
    that have some (a calendar's months and days: solvers.puzzle.family.cell_captions)."""
    from solvers.puzzle.family import cell_captions

    captions = cell_captions(puzzle)
    return [(i, captions[cell]) for i, cell in enumerate(board or puzzle.board)
            if cell in captions]


def drawn_board(puzzle: Puzzle) -> tuple:
    """The cells a flat view draws: the board, then a calendar date's open cells (off the
    board, drawn empty with their words: the date a solution shows)."""
    from solvers.puzzle.family import open_cells

    return tuple(puzzle.board) + open_cells(puzzle)
