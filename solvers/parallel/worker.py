"""One task, run to the end of its subtree: the same code in a pool thread and on a cluster
worker. Between kernel slices it checks whether the run was stopped or paused, and reports
the slice (its new solutions, how far the task is) to whoever watches."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Protocol

import numpy as np

from ..records import record
from ..search.events import Found
from ..search.prepare import Prepared
from ..search.slices import SlicedSearch
from .tasks import Task, TaskSearches


@dataclass
class TaskResult:
    task: Task
    solutions: int  # counted in the run's symmetry mode (orbits expanded)
    nodes: int
    seconds: float  # search time
    rows: np.ndarray = field(repr=False)  # the kernel's solutions (distinct ones when expanded)
    complete: bool = True  # the whole subtree was searched (not cut short by the limit)
    # taking assemblies apart (Puzzle.disassembly): the assemblies (counted as solutions
    # are), how many solutions have each level, and the rows' verdicts
    assemblies: int = 0
    levels: dict[str, int] = field(default_factory=dict)
    verdicts: np.ndarray | None = field(default=None, repr=False)

    @property
    def found(self) -> Found:
        return Found(self.rows, self.verdicts)


@record
class SliceReport:
    """How a running task stands after a slice; `rows` are the kernel's new solutions (and
    `verdicts` theirs, when assemblies are taken apart)."""

    task: Task
    rows: np.ndarray = field(repr=False)
    fraction: float = 0.0
    nodes: int = 0
    solutions: int = 0
    assemblies: int = 0
    verdicts: np.ndarray | None = field(default=None, repr=False)

    @property
    def found(self) -> Found:
        return Found(self.rows, self.verdicts)


class Controls(Protocol):
    def stopped(self) -> bool: ...
    def wait_while_paused(self) -> None: ...


def run_task(searches: TaskSearches, task: Task, controls: Controls, *, record: bool,
             limit: int = 0, slice_seconds: float = 0.05,
             on_slice: Callable[[SliceReport], None] | None = None) -> TaskResult | None:
    """The task's whole subtree, or None when the run stopped first. `record` keeps the
    kernel's solutions in the result; `limit` (> 0) ends the task after that many. A puzzle
    whose assemblies must come apart gives out every assembly, unanalysed: the run makes
    analysis jobs of them (solvers.parallel.analyses) and its limit counts solutions."""
    prepared = searches.prepared
    apart = prepared.disassembler is not None
    record, limit = record or apart, 0 if apart else limit
    sliced = SlicedSearch(prepared, searches.search(task.prefix), record=record,
                          slice_seconds=slice_seconds, analyse=False)
    sliced.warm_up()
    kept: list[np.ndarray] = []
    while not sliced.finished and not (limit and sliced.solutions >= limit):
        controls.wait_while_paused()
        if controls.stopped():
            return None
        rows = sliced.step(limit).rows
        if record and len(rows):
            kept.append(rows)
        if on_slice is not None:
            on_slice(SliceReport(task, rows if record else rows[:0], sliced.fraction_done,
                                 sliced.nodes, sliced.solutions, sliced.assemblies))
    rows = np.concatenate(kept) if kept else no_rows(prepared)
    return TaskResult(task, sliced.solutions, sliced.nodes, sliced.elapsed, rows,
                      sliced.finished, sliced.assemblies)


def no_rows(prepared: Prepared) -> np.ndarray:
    """An empty block of the kernel's solutions: placement rows, or Sudoku grids."""
    if prepared.kernel == "sudoku":
        return np.zeros((0, prepared.puzzle.sudoku.n ** 2), dtype=np.int16)
    return np.zeros((0, int(prepared.placements.piece_counts.sum())), dtype=np.int32)


class NoControls:
    """A task nobody stops or pauses."""

    def stopped(self) -> bool:
        return False

    def wait_while_paused(self) -> None:
        return None
