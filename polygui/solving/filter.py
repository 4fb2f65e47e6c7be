"""Filtering the solutions: keep those where a piece covers a cell, where a piece lies as in a
solution shown, or (Sudoku) where a cell holds a symbol.

Each condition turns into a test of a block of stored rows at once (numpy over the store's own
arrays: a lookup table over placement rows, or a column of grids), and the filter walks the
store a block at a time, so that whoever drives it (the filter bar, on a timer) decides how
much work one step does and the window never waits for a million solutions to be looked at.
The store only grows, so the matches found so far stay valid while a run adds more.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from solvers.records import record
from solvers import GridKind, Puzzle
from solvers.puzzle import triangles
from solvers.puzzle.grids import Cell, hex_to_offset
from solvers.puzzle.model import SUDOKU_SYMBOLS

from .store import SolutionStore

Test = Callable[[np.ndarray], np.ndarray]  # a block of stored rows -> one bool per row


def cell_name(puzzle: Puzzle, cell: Cell | int) -> str:
    """A cell as a user finds it on screen: r2c3 in a Sudoku, else its row and column
    counted from the board's top left (and its layer in a box), from 1."""
    if puzzle.is_sudoku:
        n = puzzle.sudoku.n
        return f"r{cell // n + 1}c{cell % n + 1}"
    if puzzle.kind is GridKind.TRIANGLE:  # rows from the top, triangles from the left
        places = triangles.offsets(list(puzzle.board))
        row, col = triangles.offsets([cell])[0] - places.min(axis=0) + 1
        return f"row {row}, triangle {col}"
    if puzzle.kind is GridKind.HEX:
        rows, cols = zip(*(hex_to_offset(*c) for c in puzzle.board))
        row, col = hex_to_offset(*cell)
        return f"row {row - min(rows) + 1}, column {col - min(cols) + 1}"
    low = [min(c[axis] for c in puzzle.board) for axis in range(len(cell))]
    where = f"row {cell[1] - low[1] + 1}, column {cell[0] - low[0] + 1}"
    if puzzle.kind is GridKind.CUBE:  # the layers are seen from above: y grows upwards
        high_y = max(c[1] for c in puzzle.board)
        where = f"row {high_y - cell[1] + 1}, column {cell[0] - low[0] + 1}"
        return f"{where} of layer {cell[2] - low[2] + 1}"
    return where


@record
class PieceCovers:
    """Piece type `piece` covers board cell `cell`."""

    piece: int
    cell: Cell

    def describe(self, puzzle: Puzzle) -> str:
        return f"piece “{puzzle.pieces[self.piece].name}” covers {cell_name(puzzle, self.cell)}"

    def test(self, store: SolutionStore) -> Test:
        placements = store.placements()
        item = placements.cells.index(self.cell)
        word, bit = divmod(item, 64)
        covers = (placements.masks[:, word] >> np.uint64(bit)) & np.uint64(1)
        wanted = (placements.row_piece == self.piece) & covers.astype(bool)
        return lambda block: wanted[block].any(axis=1)


@record
class PiecePlaced:
    """A copy of a piece lies exactly as placement row `row` puts it."""

    row: int
    piece: int
    cell: Cell  # a cell of it, to name where

    def describe(self, puzzle: Puzzle) -> str:
        return (f"piece “{puzzle.pieces[self.piece].name}” lies as it did when chosen (over "
                f"{cell_name(puzzle, self.cell)})")

    def test(self, store: SolutionStore) -> Test:
        return lambda block: (block == self.row).any(axis=1)


@record
class CellHolds:
    """Sudoku: cell `cell` (row-major index) holds `value`."""

    cell: int
    value: int

    def describe(self, puzzle: Puzzle) -> str:
        return f"{cell_name(puzzle, self.cell)} holds {SUDOKU_SYMBOLS[self.value - 1]}"

    def test(self, store: SolutionStore) -> Test:
        return lambda block: block[:, self.cell] == self.value


Condition = PieceCovers | PiecePlaced | CellHolds


class SolutionFilter:
    """The solutions of `store` meeting every condition, found `scan` step by `scan` step."""

    def __init__(self, store: SolutionStore, conditions: tuple[Condition, ...]) -> None:
        self.store, self.conditions = store, conditions
        self._tests = [condition.test(store) for condition in conditions]
        self.scanned = 0  # solutions of the store looked at so far (they are looked at in order)
        self._matches: list[np.ndarray] = []  # store indices, in order
        self._ends: list[int] = []
        self._count = 0

    def __len__(self) -> int:
        return self._count

    @property
    def caught_up(self) -> bool:
        return self.scanned >= len(self.store)

    def scan(self, max_rows: int) -> bool:
        """Look at up to `max_rows` more solutions. True when every stored one was seen."""
        while not self.caught_up and max_rows > 0:
            block = self.store.block(self.scanned, max_rows)
            keep = np.ones(len(block), dtype=bool)
            for test in self._tests:
                keep &= test(block)
            hits = np.flatnonzero(keep) + self.scanned
            if len(hits):
                self._matches.append(hits)
                self._count += len(hits)
                self._ends.append(self._count)
            self.scanned += len(block)
            max_rows -= len(block)
        return self.caught_up

    def store_index(self, index: int) -> int:
        """The store's number of the `index`-th match."""
        if not 0 <= index < self._count:
            raise IndexError(f"match {index + 1} of {self._count}")
        part = int(np.searchsorted(self._ends, index, side="right"))
        start = self._ends[part - 1] if part else 0
        return int(self._matches[part][index - start])

    def position_of(self, store_index: int) -> int | None:
        """Which match the store's solution `store_index` is, if it is one."""
        for part, matches in enumerate(self._matches):
            where = int(np.searchsorted(matches, store_index))
            if where < len(matches) and matches[where] == store_index:
                return (self._ends[part - 1] if part else 0) + where
        return None

    def matches(self) -> np.ndarray:
        """The store's numbers of every match found so far, in order."""
        return np.concatenate(self._matches) if self._matches else np.zeros(0, dtype=np.int64)
