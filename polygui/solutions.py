"""Found solutions, stored compactly: one int32 row of placement numbers per solution
(Sudoku: one int16 grid), in chunks; decoded to a `Solution` only when shown."""

from __future__ import annotations

import numpy as np

from solvers import Puzzle, Solution
from solvers.compile import Placements, compile_placements


class SolutionStore:
    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self._placements: Placements | None = None
        self._chunks: list[np.ndarray] = []
        self._merged: np.ndarray | None = None
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def extend(self, batch: np.ndarray) -> None:
        if len(batch):
            self._chunks.append(batch)
            self._merged = None
            self._count += len(batch)

    def clear(self) -> None:
        self._chunks, self._merged, self._count = [], None, 0

    def array(self) -> np.ndarray:
        """All solutions as one array (merged lazily, once per new batch)."""
        if self._merged is None:
            self._merged = np.concatenate(self._chunks) if self._chunks else np.zeros((0, 0))
            self._chunks = [self._merged] if self._count else []
        return self._merged

    def solution(self, index: int) -> Solution:
        if not 0 <= index < self._count:
            raise IndexError(f"solution {index + 1} of {self._count}")
        raw = self.array()[index]
        if self.puzzle.is_sudoku:
            return Solution(index, grid=tuple(raw.tolist()))
        if self._placements is None:
            self._placements = compile_placements(self.puzzle)
        return Solution(index, rows=tuple(raw.tolist()), placements=self._placements)

    @property
    def nbytes(self) -> int:
        return sum(chunk.nbytes for chunk in self._chunks)
