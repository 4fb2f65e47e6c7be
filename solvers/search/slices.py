"""Running one search in time slices: the node budget sized so a slice lasts about
`slice_seconds`, the search time kept, the kernel's solutions turned into the counted mode's.

When the puzzle's assemblies must come apart (`Puzzle.disassembly`), a slice also takes its
assemblies apart (solvers.disassembly), a budget of states at a time so that a long analysis
still answers Stop and Pause within a slice; an assembly is given out once it is analysed,
with its verdict, and `solutions` counts those that come apart, `assemblies` all of them.

Used by `solve()` for the whole tree and by the parallel workers for each task's part of it.
"""

from __future__ import annotations

import time
from collections import Counter
import numpy as np

from ..disassembly.verdicts import is_solution, level_counts
from ..kernels.status import BUFFER_FULL
from .events import Found, Search
from .prepare import Prepared

FIRST_BUDGET = 2_000
MIN_BUDGET = 1_000
FIRST_ANALYSIS_BUDGET = 2_000  # states expanded by the disassembler in a first slice


class SlicedSearch:
    """One search, run a slice at a time. `solutions` counts in the prepared puzzle's
    symmetry mode (orbits expanded); `record` keeps the solutions' rows for the caller."""

    def __init__(self, prepared: Prepared, search: Search, *, record: bool,
                 slice_seconds: float = 0.05, analyse: bool = True) -> None:
        """`analyse`: take the assemblies apart here (a puzzle with a disassembler); else
        they are given out unanalysed, every one whatever `record`, for a run's analysis
        jobs (solvers.parallel.analyses)."""
        self.prepared, self.search = prepared, search
        self.record = record
        self.disassembler = prepared.disassembler
        self.analyse_here = analyse
        # expanding orbits, and taking assemblies apart, need each kernel solution
        self._kernel_records = (record or prepared.orbits is not None
                                or self.disassembler is not None)
        self.slice_seconds = slice_seconds
        self.budget = FIRST_BUDGET
        self.elapsed = 0.0
        self.solutions = 0
        self.assemblies = 0  # with a disassembler: assemblies found (counted as solutions are)
        self.levels: Counter = Counter()  # level text -> solutions (counted) that have it
        self.last_status = -1
        self._analyses: list = []  # BlockAnalysis of the assemblies not all given out yet
        self._drained = False  # the search has finished and its last solutions are taken
        self._given = 0  # assemblies of the first analysis given out
        self.analysis_budget = FIRST_ANALYSIS_BUDGET
        self.cancel = np.zeros(1, dtype=np.int64)  # set by stop(): the disassembler stops

    @classmethod
    def whole_tree(cls, prepared: Prepared, *, record: bool, slice_seconds: float = 0.05,
                   interpret: bool = True) -> SlicedSearch:
        """A search of the whole tree: a small one already run to its end by the interpreted
        tier (solvers/search/interpreted.py: no kernel to load) if `interpret`, else the
        kernel's."""
        from .interpreted import quick_search

        keep = record or prepared.orbits is not None or prepared.disassembler is not None
        quick = quick_search(prepared, keep) if interpret else None
        search, spent = quick if quick is not None else (prepared.new_search(), 0.0)
        sliced = cls(prepared, search, record=record, slice_seconds=slice_seconds)
        sliced.elapsed = spent
        return sliced

    def warm_up(self) -> None:
        """Load (or compile) the kernel before the clock starts."""
        self.search.run(0)

    def step(self, limit: int = 0) -> Found:
        """Run one slice; the kernel's new solutions (sorted placement rows, or Sudoku grids),
        empty unless recording. `solutions` counts them in the counted mode (orbits
        expanded); with `limit` > 0 the search stops once that many are counted, and the
        count never passes it. With a disassembler, the slice searches only when no
        analysis is waiting, and gives out the assemblies analysed, with their verdicts."""
        if self.disassembler is not None:
            if self.analyse_here:
                return self._step_with_analysis(limit)
            raw = self._search_slice(0)
            self.assemblies += self.prepared.count(raw)
            return Found(raw)
        raw = self._search_slice(limit)
        if not self._kernel_records:
            self.solutions = self.search.solutions
            return Found(raw)
        self.solutions += self.prepared.count(raw)
        if limit:
            self.solutions = min(self.solutions, limit)
        return Found(raw if self.record else raw[:0])

    def _search_slice(self, limit: int) -> np.ndarray:
        """One slice of the kernel's search: its new solutions, sorted (when recording)."""
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
            return np.zeros((0, 0), dtype=np.int32)
        raw = search.take_solutions()
        if self.prepared.kernel != "sudoku":
            raw = np.sort(raw, axis=1)
        return raw

    # --- assemblies taken apart ------------------------------------------------------------
    def _step_with_analysis(self, limit: int) -> Found:
        started = time.perf_counter()
        if not self._analyses and not self._drained:
            # a search found whole by the interpreted tier has finished: its solutions wait
            self._drained = self.search.finished
            raw = self._search_slice(0)  # the limit counts solutions: analysed ones
            if len(raw):
                self._analyses.append(self.disassembler.block(raw))
        left = self.slice_seconds - (time.perf_counter() - started)
        if self._analyses and left > 0:
            self._analyse(left)
        return self._give_out(limit)

    def _analyse(self, seconds: float) -> None:
        """Analyse waiting assemblies for about `seconds`, the budget following the pace."""
        analysis = next(a for a in self._analyses if not a.finished)
        budget = max(1, int(self.analysis_budget * seconds / self.slice_seconds))
        start = time.perf_counter()
        expanded_before = analysis.expanded
        analysis.run(budget, self.cancel)
        spent = time.perf_counter() - start
        self.elapsed += spent
        if spent > 0.002:
            rate = max(1, analysis.expanded - expanded_before) / spent
            self.analysis_budget = int(min(max(rate * self.slice_seconds, 100),
                                           4 * self.analysis_budget))
        else:
            self.analysis_budget *= 2

    def _give_out(self, limit: int) -> Found:
        """The assemblies analysed since the last slice, in the order found, counted; with a
        limit, none past the one that makes `limit` solutions."""
        rows, verdicts = [], []
        while self._analyses:
            analysis = self._analyses[0]
            rows.append(analysis.rows[self._given:analysis.done])
            verdicts.append(analysis.verdicts[self._given:analysis.done])
            self._given = analysis.done
            if not analysis.finished:
                break
            self._analyses.pop(0)
            self._given = 0
        if not rows:
            return Found(np.zeros((0, self.disassembler.copies), dtype=np.int32),
                         np.zeros((0, self.disassembler.width), dtype=np.int32))
        found = Found(np.concatenate(rows).astype(np.int32), np.concatenate(verdicts))
        weights = self._counts(found.rows)
        solutions = np.where(is_solution(found.verdicts), weights, 0)
        if limit:
            reached = np.flatnonzero(np.cumsum(solutions) >= limit - self.solutions)
            if len(reached):
                end = reached[0] + 1
                found = Found(found.rows[:end], found.verdicts[:end])
                weights, solutions = weights[:end], solutions[:end]
                self._analyses.clear()  # the limit is reached: nothing more is wanted
        self.assemblies += int(weights.sum())
        self.solutions += int(solutions.sum())
        if limit:
            self.solutions = min(self.solutions, limit)
        self.levels.update(level_counts(found.verdicts, weights))
        return found if self.record else Found(found.rows[:0], found.verdicts[:0])

    def _counts(self, rows: np.ndarray) -> np.ndarray:
        """How many counted solutions each kernel solution stands for."""
        if self.prepared.orbits is None:
            return np.ones(len(rows), dtype=np.int64)
        return self.prepared.orbits.counts(rows)

    def stop(self) -> None:
        """Stop a disassembler running in another thread at once (its assemblies are left
        undecided)."""
        self.cancel[0] = 1

    @property
    def analysing(self) -> int:
        """Assemblies found and not yet analysed."""
        return sum(len(a.rows) - a.done for a in self._analyses)

    @property
    def buffer_was_full(self) -> bool:
        return self.last_status == BUFFER_FULL

    @property
    def finished(self) -> bool:
        if self.disassembler is not None and self.analyse_here:
            return self._drained and not self._analyses
        return self.search.finished

    @property
    def nodes(self) -> int:
        return self.search.nodes

    @property
    def fraction_done(self) -> float:
        return self.search.fraction_done
