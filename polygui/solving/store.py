"""Found solutions, stored compactly: one int32 row of placement numbers per solution
(Sudoku: one int16 grid), in the batches they arrived in; decoded to a `Solution` only when
shown. Looking one up finds its batch by bisection, so browsing while millions stream in never
copies the store."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from solvers import Puzzle, Solution
from solvers.placements.compile import Placements, compile_placements


class SolutionStore:
    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self._placements: Placements | None = None
        self._chunks: list[np.ndarray] = []
        self._ends: list[int] = []  # running total of solutions after each chunk
        self._count = 0
        self.searched = False  # a run was started for it (even one that found nothing)

    def __len__(self) -> int:
        return self._count

    def extend(self, batch: np.ndarray) -> None:
        if len(batch):
            self._chunks.append(batch)
            self._count += len(batch)
            self._ends.append(self._count)

    def __getitem__(self, index: int) -> Solution:
        return self.solution(index)

    def __iter__(self) -> Iterator[Solution]:
        return (self.solution(index) for index in range(self._count))

    def snapshot(self) -> SolutionStore:
        """A store holding the solutions found so far, for another thread to read while this
        one goes on growing (the arrays are shared: stored batches never change)."""
        copy = SolutionStore(self.puzzle)
        copy._placements, copy._chunks = self._placements, list(self._chunks)
        copy._ends, copy._count = list(self._ends), self._count
        return copy

    def set_placements(self, placements: Placements) -> None:
        """The rows the solver numbered its placements by (saves compiling them again)."""
        self._placements = placements

    def clear(self) -> None:
        self._chunks, self._ends, self._count = [], [], 0

    def array(self) -> np.ndarray:
        """All solutions as one array (a copy: for export and tests, not for browsing)."""
        return np.concatenate(self._chunks) if self._chunks else np.zeros((0, 0), dtype=np.int32)

    def raw(self, index: int) -> np.ndarray:
        """The stored row (or Sudoku grid) of solution `index`."""
        if not 0 <= index < self._count:
            raise IndexError(f"solution {index + 1} of {self._count}")
        chunk = int(np.searchsorted(self._ends, index, side="right"))
        start = self._ends[chunk - 1] if chunk else 0
        return self._chunks[chunk][index - start]

    def solution(self, index: int) -> Solution:
        raw = self.raw(index)
        if self.puzzle.is_sudoku:
            return Solution(index, grid=tuple(raw.tolist()))
        if self._placements is None:  # only when no run handed its placements over
            self._placements = compile_placements(self.puzzle)
        return Solution(index, rows=tuple(raw.tolist()), placements=self._placements)

    @property
    def nbytes(self) -> int:
        return sum(chunk.nbytes for chunk in self._chunks)
