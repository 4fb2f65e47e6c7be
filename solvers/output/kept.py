"""Solutions kept for later (browsing, export), compactly and up to a bound.

Each solution is one row of numbers: its placement rows (polyforms) or its grid (Sudoku),
in the smallest integer type that holds them (`kept_dtype`), gathered in chunks. Past
`max_kept`, a run goes on counting but keeps nothing more: `dropped` says how many were
counted, not kept, so memory stays bounded whatever the puzzle (10 million Mini Bedlam
solutions take 260 MB, 10 million 9x9 Sudoku grids 810 MB).
A solution is decoded into a `Solution` only when asked for; finding one bisects the chunks.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from ..placements.compile import Placements
from ..puzzle.model import Puzzle
from ..search.events import Solution

DEFAULT_MAX_KEPT = 10_000_000
_GATHER = 65_536  # solutions added one at a time are gathered into chunks of this many


def kept_dtype(puzzle: Puzzle, placements: Placements | None,
               batch: np.ndarray | None = None) -> type:
    """The smallest type every value fits in: uint8 for Sudoku values and the placement
    numbers of puzzles with at most 256 placements (the 8x8 domino tilings: 32 bytes a
    solution), int16 for most others, else int32. Without the placements, the values of
    `batch` decide."""
    if puzzle.is_sudoku:
        return np.uint8  # values 1 to 35 (1-9 and A-Z)
    if placements is not None:
        largest = placements.n_rows - 1
    elif batch is not None:
        largest = int(batch.max()) if len(batch) else 0
    else:
        return np.int32
    return next(kind for kind in (np.uint8, np.int16, np.int32)
                if largest <= np.iinfo(kind).max)


class KeptSolutions:
    """Up to `max_kept` solutions of `puzzle` as integer rows; the count of those past it."""

    def __init__(self, puzzle: Puzzle, max_kept: int = DEFAULT_MAX_KEPT,
                 placements: Placements | None = None) -> None:
        if max_kept < 0:
            raise ValueError(f"max_kept must be at least 0, not {max_kept}")
        self.puzzle, self.max_kept = puzzle, max_kept
        self._placements = placements
        self._chunks: list[np.ndarray] = []
        self._ends: list[int] = []  # running total of solutions after each chunk
        self._count = 0
        self._gathered: list[tuple[int, ...]] = []
        self.dropped = 0  # solutions counted past max_kept, not kept

    def __len__(self) -> int:
        return self._count + len(self._gathered)

    @property
    def full(self) -> bool:
        return len(self) >= self.max_kept

    @property
    def counted(self) -> int:
        """Solutions seen: kept and dropped."""
        return len(self) + self.dropped

    def extend(self, batch: np.ndarray) -> None:
        """Keep the rows of `batch` (k solutions), as many as the bound allows."""
        self._flush()
        room = max(0, self.max_kept - self._count)
        self.dropped += max(0, len(batch) - room)
        batch = batch[:room]
        if len(batch):
            self._chunks.append(np.ascontiguousarray(batch, dtype=self._dtype(batch)))
            self._count += len(batch)
            self._ends.append(self._count)

    def add(self, solution: Solution) -> None:
        """Keep one solution (gathered with others into a chunk), or count it as dropped."""
        if self.full:
            self.dropped += 1
            return
        if solution.placements is not None and self._placements is None:
            self._placements = solution.placements
        self._gathered.append(solution.grid if self.puzzle.is_sudoku else solution.rows)
        if len(self._gathered) >= _GATHER:
            self._flush()

    def _flush(self) -> None:
        if self._gathered:
            rows, self._gathered = np.array(self._gathered), []
            self.extend(rows)

    def _dtype(self, batch: np.ndarray) -> type:
        return kept_dtype(self.puzzle, self._placements, batch)

    def set_placements(self, placements: Placements) -> None:
        """The rows the solver numbered its placements by (decoding needs them)."""
        self._placements = placements

    def __getitem__(self, index: int) -> Solution:
        return self.solution(index)

    def __iter__(self) -> Iterator[Solution]:
        return (self.solution(index) for index in range(len(self)))

    def raw(self, index: int) -> np.ndarray:
        """The stored row (or Sudoku grid) of solution `index`."""
        self._flush()
        if not 0 <= index < self._count:
            raise IndexError(f"solution {index + 1} of {self._count}")
        chunk = int(np.searchsorted(self._ends, index, side="right"))
        start = self._ends[chunk - 1] if chunk else 0
        return self._chunks[chunk][index - start]

    def solution(self, index: int) -> Solution:
        raw = self.raw(index)
        if self.puzzle.is_sudoku:
            return Solution(index, grid=tuple(raw.tolist()))
        return Solution(index, rows=tuple(raw.tolist()), placements=self.placements())

    def placements(self) -> Placements | None:
        return self._placements

    def chunks(self) -> Iterator[np.ndarray]:
        """The kept rows (or grids), a chunk at a time, as stored (no copy): how a tally
        walks millions of solutions."""
        self._flush()
        return iter(list(self._chunks))

    def array(self) -> np.ndarray:
        """All kept solutions as one int32 array (a copy: for export and tests)."""
        self._flush()
        if not self._chunks:
            return np.zeros((0, 0), dtype=np.int32)
        return np.concatenate(self._chunks).astype(np.int32)

    @property
    def nbytes(self) -> int:
        return sum(chunk.nbytes for chunk in self._chunks)
