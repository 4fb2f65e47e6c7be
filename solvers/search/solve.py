"""`solve()`: drive a search kernel in time slices and yield frozen events, on one thread.

Cancelling is stopping the iteration; pausing is not asking for the next event. The generator
prepares the puzzle (compile, symmetry plan, JIT load), then alternates kernel slices of about
`slice_seconds` with a `Progress` event, yielding a `Solution` for every solution found (or,
`batched`, a `SolutionBatch` of each slice's solutions). (solvers.parallel runs the same
searches on every core, on a cluster, or across restarts.)
"""

from __future__ import annotations

import dataclasses
import time
from typing import Iterator

import numpy as np

from ..puzzle.cancel import CancelCheck, check_cancel
from ..puzzle.model import Puzzle
from .events import Event, Found, Progress, Solution, SolutionBatch
from .prepare import Prepared, prepare_puzzle
from .slices import SlicedSearch


def prepare(puzzle: Puzzle, symmetry: str = "distinct", cancel: CancelCheck | None = None):
    """(a search of the whole tree, the number of symmetries that identify solutions).
    Raises PuzzleError naming why the puzzle cannot have a solution when that is known
    before searching, and Cancelled once `cancel()` is true."""
    prepared = prepare_puzzle(puzzle, symmetry, cancel=cancel)
    return prepared.new_search(), prepared.group_size


def solve(puzzle: Puzzle, symmetry: str = "distinct", limit: int = 0, count_only: bool = False,
          slice_seconds: float = 0.05, kernel: str = "auto",
          cancel: CancelCheck | None = None, batched: bool = False) -> Iterator[Event]:
    """Yield Progress and Solution events until the search ends or `limit` solutions are found.

    `symmetry`: "distinct" (rotations and reflections identify solutions), "rotations", or
    "all". Sudoku solutions are always all distinct. The last event is a Progress with
    phase "done". `kernel` forces a polyform kernel (benchmarks, tests); "auto" lets a small
    tree be searched by the interpreted tier (solvers/search/interpreted.py). Preparing happens
    inside one step of the iteration: `cancel`, checked every few milliseconds there, stops it
    with Cancelled (between events, stop iterating). `batched`: a SolutionBatch per slice
    instead of a Solution per solution, so that a run of a million solutions a second spends
    its time in the kernel (which releases the GIL), not building objects in Python."""
    yield Progress("preparing", symmetry=symmetry)
    prepared = prepare_puzzle(puzzle, symmetry, kernel, cancel)
    check_cancel(cancel)  # before loading the kernel, which nothing interrupts
    sliced = SlicedSearch.whole_tree(prepared, record=not count_only, slice_seconds=slice_seconds,
                                     interpret=kernel == "auto")  # a kernel named is the one run
    yield from run_sliced(sliced, limit, batched)


def run_sliced(sliced: SlicedSearch, limit: int = 0, batched: bool = False) -> Iterator[Event]:
    """The events of one sliced search, from warming up its kernel to the end."""
    sliced.warm_up()
    prepared = sliced.prepared
    given = solutions = 0  # solutions (with a disassembler: assemblies) given out, solutions
    last_progress = time.perf_counter()
    try:
        while True:
            counted = prepared.expand_found(sliced.step(limit))
            if limit:
                counted = counted.up_to(limit - solutions)
            yield from found_events(prepared, counted, given, batched)
            given += len(counted.rows)
            solutions += counted.solution_count()
            if sliced.finished or (limit and sliced.solutions >= limit):
                break
            now = time.perf_counter()
            if not sliced.buffer_was_full or now - last_progress >= sliced.slice_seconds:
                last_progress = now
                yield sliced_progress(sliced, "searching")
        yield sliced_progress(sliced, "done")
    finally:
        sliced.stop()  # a disassembler still running (the caller stopped iterating) stops


def sliced_progress(sliced: SlicedSearch, phase: str) -> Progress:
    progress = progress_event(sliced.prepared, phase, sliced.nodes, sliced.solutions,
                              sliced.fraction_done, sliced.elapsed, sliced.finished)
    if sliced.disassembler is None:
        return progress
    return with_assemblies(progress, sliced.assemblies, sliced.levels, sliced.analysing)


def with_assemblies(progress: Progress, assemblies: int, levels: dict[str, int],
                    analysing: int) -> Progress:
    """A progress report of a run that takes assemblies apart: its assemblies, the levels of
    its solutions (in BurrTools' order) and the assemblies waiting for their analysis."""
    from ..disassembly.verdicts import sorted_levels

    return dataclasses.replace(progress, assemblies=assemblies, analysing=analysing,
                               levels=tuple(sorted_levels(levels).items()))


def progress_event(prepared: Prepared, phase: str, nodes: int, solutions: int, fraction: float,
                   elapsed: float, exhausted: bool) -> Progress:
    time_left = None
    if phase == "searching" and fraction > 0.01 and elapsed > 1.0:
        time_left = elapsed * (1 - fraction) / fraction
    return Progress(phase, nodes, solutions, fraction, elapsed,
                    nodes / elapsed if elapsed else 0.0, time_left, exhausted,
                    prepared.symmetry, prepared.group_size)


def found_events(prepared: Prepared, counted: Found, first: int,
                 batched: bool) -> Iterator[Solution | SolutionBatch]:
    """The events of solutions `first` on: one each, or (`batched`) one for all."""
    if batched:
        if len(counted.rows):
            yield solution_batch(prepared, counted.rows, first, counted.verdicts)
        return
    verdicts = counted.verdicts.tolist() if counted.verdicts is not None else None
    for offset, rows in enumerate(counted.rows):
        yield solution_event(prepared, rows, first + offset,
                             tuple(verdicts[offset]) if verdicts else ())


def solution_event(prepared: Prepared, rows: np.ndarray, index: int,
                   verdict: tuple[int, ...] = ()) -> Solution:
    if prepared.kernel == "sudoku":
        return Solution(index, grid=tuple(rows.tolist()))
    return Solution(index, rows=tuple(rows.tolist()), placements=prepared.placements,
                    verdict=verdict)


def solution_batch(prepared: Prepared, rows: np.ndarray, first: int,
                   verdicts: np.ndarray | None = None) -> SolutionBatch:
    """Solutions `first` on, as one event: sorted placement rows, or Sudoku grids."""
    return SolutionBatch(first, rows, None if prepared.kernel == "sudoku" else prepared.placements,
                         verdicts)


def count_solutions(puzzle: Puzzle, symmetry: str = "distinct", limit: int = 0,
                    kernel: str = "auto") -> Progress:
    """Run to the end without recording solutions; the final Progress. `kernel` as solve()."""
    last = None
    for event in solve(puzzle, symmetry, limit=limit, count_only=True, slice_seconds=0.5,
                       kernel=kernel):
        last = event
    assert isinstance(last, Progress)
    return last
