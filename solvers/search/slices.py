"""Running one search in time slices: the node budget sized so a slice lasts about
`slice_seconds`, the search time kept, the kernel's solutions turned into the counted mode's.

Used by `solve()` for the whole tree and by the parallel workers for each task's part of it.
"""

from __future__ import annotations

import time

import numpy as np

from ..kernels.status import BUFFER_FULL
from .events import Search
from .prepare import Prepared

FIRST_BUDGET = 2_000
MIN_BUDGET = 1_000


class SlicedSearch:
    """One search, run a slice at a time. `solutions` counts in the prepared puzzle's
    symmetry mode (orbits expanded); `record` keeps the solutions' rows for the caller."""

    def __init__(self, prepared: Prepared, search: Search, *, record: bool,
                 slice_seconds: float = 0.05) -> None:
        self.prepared, self.search = prepared, search
        self.record = record
        # expanding orbits needs each distinct solution, even when only counting
        self._kernel_records = record or prepared.orbits is not None
        self.slice_seconds = slice_seconds
        self.budget = FIRST_BUDGET
        self.elapsed = 0.0
        self.solutions = 0
        self.last_status = -1

    @classmethod
    def whole_tree(cls, prepared: Prepared, *, record: bool, slice_seconds: float = 0.05,
                   interpret: bool = True) -> SlicedSearch:
        """A search of the whole tree: a small one already run to its end by the interpreted
        tier (solvers/search/interpreted.py: no kernel to load) if `interpret`, else the
        kernel's."""
        from .interpreted import quick_search

        quick = quick_search(prepared, record or prepared.orbits is not None) if interpret else None
        search, spent = quick if quick is not None else (prepared.new_search(), 0.0)
        sliced = cls(prepared, search, record=record, slice_seconds=slice_seconds)
        sliced.elapsed = spent
        return sliced

    def warm_up(self) -> None:
        """Load (or compile) the kernel before the clock starts."""
        self.search.run(0)

    def step(self, limit: int = 0) -> np.ndarray:
        """Run one slice; the kernel's new solutions (sorted placement rows, or Sudoku grids),
        empty unless recording. `solutions` counts them in the counted mode (orbits
        expanded); with `limit` > 0 the search stops once that many are counted, and the
        count never passes it."""
        search = self.search
        kernel_limit = 0
        if limit:  # each kernel solution stands for at least one counted solution
            kernel_limit = search.solutions + max(1, limit - self.solutions)
        start, nodes_before = time.perf_counter(), search.nodes
        status = search.run(self.budget, record=self._kernel_records, solution_limit=kernel_limit)
        spent = time.perf_counter() - start
        self.elapsed += spent
        self.last_status = status
        done = search.nodes - nodes_before
        if status != BUFFER_FULL and done >= self.budget:
            rate = done / max(spent, 1e-6)
            self.budget = int(min(max(rate * self.slice_seconds, MIN_BUDGET), 4 * self.budget))
        if not self._kernel_records:
            self.solutions = search.solutions
            return np.zeros((0, 0), dtype=np.int32)
        raw = search.take_solutions()
        if self.prepared.kernel != "sudoku":
            raw = np.sort(raw, axis=1)
        self.solutions += self.prepared.count(raw)
        if limit:
            self.solutions = min(self.solutions, limit)
        return raw if self.record else raw[:0]

    @property
    def buffer_was_full(self) -> bool:
        return self.last_status == BUFFER_FULL

    @property
    def finished(self) -> bool:
        return self.search.finished

    @property
    def nodes(self) -> int:
        return self.search.nodes

    @property
    def fraction_done(self) -> float:
        return self.search.fraction_done
