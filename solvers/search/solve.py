"""`solve()`: drive a search kernel in time slices and yield frozen events.

Cancelling is stopping the iteration; pausing is not asking for the next event. The generator
prepares the puzzle (compile, symmetry plan, JIT load), then alternates kernel slices of about
`slice_seconds` with a `Progress` event, yielding a `Solution` for every solution found.
"""

from __future__ import annotations

import time
from typing import Iterator

import numpy as np

from ..kernels.exact_cover import BUFFER_FULL
from ..placements.compile import compile_placements, pieces_without_placements
from ..puzzle.cancel import CancelCheck, check_cancel
from ..puzzle.model import SYMMETRY_MODES, Puzzle, PuzzleError, naming_pieces
from .choice import make_search
from .events import Event, Progress, Search, Solution


def prepare(puzzle: Puzzle, symmetry: str = "distinct", cancel: CancelCheck | None = None):
    """Check the puzzle and build its search. Raises PuzzleError naming why it cannot have a
    solution when that is known before searching, and Cancelled once `cancel()` is true."""
    if symmetry not in SYMMETRY_MODES:
        raise PuzzleError(f"unknown symmetry mode {symmetry!r}: use one of {', '.join(SYMMETRY_MODES)}")
    reasons = puzzle.problems()
    if reasons:
        raise PuzzleError("; ".join(reasons))
    if puzzle.is_sudoku:
        return make_search(puzzle, None, symmetry)
    placements = compile_placements(puzzle, cancel=cancel)
    stranding = pieces_without_placements(puzzle, placements)  # every place strands cells
    if stranding:
        raise PuzzleError(naming_pieces(
            stranding, "cannot go anywhere without cutting off cells the others cannot fill",
            "cannot go anywhere without cutting off cells the others cannot fill"))
    return make_search(puzzle, placements, symmetry, cancel=cancel)


def solve(puzzle: Puzzle, symmetry: str = "distinct", limit: int = 0, count_only: bool = False,
          slice_seconds: float = 0.05, cancel: CancelCheck | None = None) -> Iterator[Event]:
    """Yield Progress and Solution events until the search ends or `limit` solutions are found.

    `symmetry`: "distinct" (rotations and reflections identify solutions), "rotations", or
    "all". Sudoku solutions are always all distinct. The last event is a Progress with
    phase "done". Preparing happens inside one step of the iteration: `cancel`, checked
    every few milliseconds there, stops it with Cancelled (between events, stop iterating)."""
    yield Progress("preparing", symmetry=symmetry)
    search, group_size = prepare(puzzle, symmetry, cancel)
    check_cancel(cancel)
    search.run(0)  # loads or compiles the kernel before the clock starts
    clock = _Clock(slice_seconds)
    found = 0
    last_report = time.perf_counter()
    while True:
        status = clock.run(search, record=not count_only, limit=limit)
        if not count_only:
            for raw in search.take_solutions():
                yield _decode(puzzle, search, raw, found)
                found += 1
        stopped = search.finished or (limit and search.solutions >= limit)
        if stopped:
            break
        # A slice that filled the solution buffer ends early; report anyway once a slice's
        # time has passed, or a run finding solutions faster than the buffer holds (an
        # empty Sudoku) would never report at all.
        now = time.perf_counter()
        if status != BUFFER_FULL or now - last_report >= slice_seconds:
            last_report = now
            yield clock.progress(search, "searching", symmetry, group_size)
    yield clock.progress(search, "done", symmetry, group_size)


class _Clock:
    """Sizes node budgets so a slice lasts about `slice_seconds`; keeps search time."""

    def __init__(self, slice_seconds: float) -> None:
        self.slice_seconds = slice_seconds
        self.budget = 2_000
        self.elapsed = 0.0

    def run(self, search: Search, *, record: bool, limit: int) -> int:
        start, nodes_before = time.perf_counter(), search.nodes
        status = search.run(self.budget, record=record, solution_limit=limit)
        spent = time.perf_counter() - start
        self.elapsed += spent
        done = search.nodes - nodes_before
        if status != BUFFER_FULL and done >= self.budget:
            rate = done / max(spent, 1e-6)
            self.budget = int(min(max(rate * self.slice_seconds, 1_000), 4 * self.budget))
        return status

    def progress(self, search: Search, phase: str, symmetry: str, group: int) -> Progress:
        fraction = search.fraction_done
        time_left = None
        if phase == "searching" and fraction > 0.01 and self.elapsed > 1.0:
            time_left = self.elapsed * (1 - fraction) / fraction
        return Progress(phase, search.nodes, search.solutions, fraction, self.elapsed,
                        search.nodes / self.elapsed if self.elapsed else 0.0, time_left,
                        search.finished, symmetry, group)


def _decode(puzzle: Puzzle, search, raw: np.ndarray, index: int) -> Solution:
    if puzzle.is_sudoku:
        return Solution(index, grid=tuple(raw.tolist()))
    return Solution(index, rows=tuple(sorted(raw.tolist())), placements=search.placements)


def count_solutions(puzzle: Puzzle, symmetry: str = "distinct", limit: int = 0) -> Progress:
    """Run to the end without recording solutions; the final Progress."""
    last = None
    for event in solve(puzzle, symmetry, limit=limit, count_only=True, slice_seconds=0.5):
        last = event
    assert isinstance(last, Progress)
    return last
