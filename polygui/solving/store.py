"""Found solutions, stored compactly (solvers.output.kept): one row of placement numbers per
solution (Sudoku: one grid), in the batches they arrived in, up to a settable bound past which
a run counts without keeping; decoded to a `Solution` only when shown. Looking one up finds
its batch by bisection, so browsing while millions stream in never copies the store.

For a puzzle whose assemblies must come apart (`Puzzle.disassembly`) the store keeps every
assembly, and beside them their verdicts (`verdicts`, a VerdictTable): the browser shows the
solutions among them, or all of them marked."""

from __future__ import annotations

import dataclasses

import numpy as np

from solvers import Puzzle
from solvers.output.kept import DEFAULT_MAX_KEPT, KeptSolutions
from solvers.placements.compile import Placements, compile_placements
from solvers.search.events import Solution

from .verdict_table import VerdictTable

__all__ = ["DEFAULT_MAX_KEPT", "KEEP_SETTING", "SolutionStore", "max_kept_setting"]

KEEP_SETTING = "solving/keep_at_most"


def max_kept_setting(settings) -> int:
    """How many solutions a run keeps to browse and export (the QSettings entry "solving/
    keep_at_most", 10 million unless set); past it, a run counts without keeping."""
    try:
        value = int(settings.value(KEEP_SETTING, DEFAULT_MAX_KEPT))
    except (TypeError, ValueError, OverflowError):  # OverflowError: "inf"
        return DEFAULT_MAX_KEPT
    return max(1, value)


class SolutionStore(KeptSolutions):
    def __init__(self, puzzle: Puzzle, max_kept: int = DEFAULT_MAX_KEPT) -> None:
        super().__init__(puzzle, max_kept)
        self.searched = False  # a run was started for it (even one that found nothing)
        # the verdict of each assembly kept, when assemblies are taken apart (else None)
        self.verdicts: VerdictTable | None = VerdictTable() if puzzle.disassembly else None

    def add_verdicts(self, verdicts: np.ndarray) -> None:
        """The verdict rows of the next assemblies, sent just before their rows."""
        if self.verdicts is not None:
            self.verdicts.extend(verdicts[:max(0, self.max_kept - len(self.verdicts))])

    def solution_count(self) -> int:
        """Solutions kept: every row, or the assemblies that come apart."""
        return len(self) if self.verdicts is None else self.verdicts.solutions()

    def solution(self, index: int) -> Solution:
        """Solution `index`, with its verdict when assemblies are taken apart."""
        solution = super().solution(index)
        if self.verdicts is None:
            return solution
        return dataclasses.replace(solution, verdict=self.verdicts.verdict(index))

    def snapshot(self, solutions_only: bool = True) -> SolutionStore:
        """A store holding the solutions kept so far, for another thread to read while this
        one goes on growing (the arrays are shared: stored batches never change). Of a
        puzzle whose assemblies are taken apart, the assemblies that come apart (in new
        arrays, without verdicts), unless `solutions_only` is False."""
        self._flush()
        copy = SolutionStore(self.puzzle, self.max_kept)
        copy._placements, copy.dropped, copy.searched = self._placements, self.dropped, \
            self.searched
        if self.verdicts is not None and solutions_only:
            copy.verdicts = None  # every row is a solution
            mask = self.verdicts.solution_mask(np.arange(min(len(self), len(self.verdicts))))
            start = 0
            for chunk in self._chunks:
                kept = chunk[:max(0, len(mask) - start)][mask[start:start + len(chunk)]]
                start += len(chunk)
                if len(kept):
                    copy._chunks.append(kept)
                    copy._count += len(kept)
                    copy._ends.append(copy._count)
            return copy
        copy._chunks, copy._ends, copy._count = list(self._chunks), list(self._ends), self._count
        copy.verdicts = self.verdicts.copy() if self.verdicts is not None else None
        return copy

    def clear(self) -> None:
        self._chunks, self._ends, self._count, self.dropped = [], [], 0, 0
        if self.verdicts is not None:
            self.verdicts = VerdictTable()

    def placements(self) -> Placements:
        if self._placements is None:  # only when no run handed its placements over
            self._placements = compile_placements(self.puzzle)
        return self._placements

    def block(self, start: int, limit: int) -> np.ndarray:
        """Up to `limit` stored rows from solution `start` on, from one batch (a view, never a
        copy): how a filter walks millions of solutions a slice at a time."""
        self._flush()
        if not 0 <= start < self._count:
            raise IndexError(f"solution {start + 1} of {self._count}")
        chunk = int(np.searchsorted(self._ends, start, side="right"))
        offset = start - (self._ends[chunk - 1] if chunk else 0)
        return self._chunks[chunk][offset:offset + max(1, limit)]
