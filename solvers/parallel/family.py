"""A family's members solved as the tasks of one run: on threads, on a Dask cluster, and
across restarts (a checkpoint file of the members finished).

Each member is counted by the ordinary single-thread search (`count_member`); the kernels
release the GIL, so `jobs` threads count `jobs` members at once. A member's count does not
depend on where or when it ran, so the table is the same whatever `jobs` or `cluster`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path

from ..puzzle.cancel import CancelCheck, Cancelled
from ..puzzle.family import Family
from ..puzzle.model import SYMMETRY_MODES, Puzzle, PuzzleError
from ..search.events import Progress
from ..search.solve import solve
from .cluster_spec import ClusterSpec
from .family_checkpoint import FamilyCheckpoint

PROGRESS_SECONDS = 0.2  # how often a run says how far it is


@dataclass(frozen=True)
class MemberResult:
    """A member's count: `complete` when its whole tree was searched; `note` says why a
    member has no solution without a search (its board's area, a piece that fits nowhere)."""

    index: int
    name: str
    solutions: int
    seconds: float
    complete: bool
    note: str = ""


@dataclass(frozen=True)
class Count:
    """What counting one member found (picklable: it comes back from a cluster)."""

    solutions: int
    complete: bool
    seconds: float
    note: str = ""


def count_member(puzzle: Puzzle, symmetry: str, kernel: str = "auto",
                 stop: Callable[[], bool] | None = None,
                 on_fraction: Callable[[float], None] | None = None) -> Count:
    """Count `puzzle`'s solutions on this thread; a puzzle that cannot have one (PuzzleError
    while preparing) counts 0, with the reason. `stop` ends it early (complete False)."""
    start = time.perf_counter()
    last = None
    try:
        for event in solve(puzzle, symmetry, count_only=True, kernel=kernel, cancel=stop):
            last = event
            if on_fraction is not None and isinstance(event, Progress):
                on_fraction(event.fraction_done)
            if stop is not None and stop():
                break
    except PuzzleError as error:
        return Count(0, True, time.perf_counter() - start, str(error))
    except Cancelled:
        last = None
    seconds = time.perf_counter() - start
    if not isinstance(last, Progress):
        return Count(0, False, seconds)
    return Count(last.solutions, last.exhausted, seconds)


def solve_family(family: Family, symmetry: str = "distinct", *, jobs: int = 1,
                 cluster: str | ClusterSpec | None = None,
                 checkpoint: str | Path | None = None, resume: str | Path | None = None,
                 cancel: CancelCheck | None = None,
                 kernel: str = "auto") -> Iterator[MemberResult | Progress]:
    """Count every member: a MemberResult as each ends (in any order; those a resumed
    checkpoint holds first), a Progress now and then (fraction of the family done, the
    solutions so far) and a last Progress, phase "done". `checkpoint`: a file to record the
    finished members in; `resume`: such a file, whose members are not run again (its run
    goes on in it unless `checkpoint` names another). Stopping the iteration stops the
    run; `cancel()` true raises Cancelled."""
    if symmetry not in SYMMETRY_MODES:
        raise PuzzleError(f"unknown symmetry mode {symmetry!r}: use one of "
                          f"{', '.join(SYMMETRY_MODES)}")
    book = FamilyCheckpoint.start(family, symmetry, checkpoint, resume)
    done = dict(book.results) if book is not None else {}
    start = time.perf_counter()
    for index in sorted(done):
        yield done[index]
    pending = [i for i in range(len(family.members)) if i not in done]
    if cluster is not None:
        from .family_cluster import cluster_counts

        counts = cluster_counts(family, pending, symmetry, kernel, cluster, cancel)
    else:
        counts = _thread_counts(family, pending, symmetry, kernel, max(1, jobs), cancel)
    solutions = sum(result.solutions for result in done.values())
    try:
        for item in counts:
            if isinstance(item, float):  # the running members' share of the family
                yield Progress("searching", solutions=solutions,
                               fraction_done=(len(done) + item) / len(family.members),
                               elapsed=time.perf_counter() - start, symmetry=symmetry)
                continue
            index, count = item
            result = MemberResult(index, family.members[index].name, count.solutions,
                                  count.seconds, count.complete, count.note)
            done[index] = result
            solutions += result.solutions
            if book is not None:
                book.record(result)
            yield result
    finally:
        counts.close()  # stopped early: the members still running stop, now
    yield Progress("done", solutions=solutions, fraction_done=1.0,
                   elapsed=time.perf_counter() - start,
                   exhausted=all(result.complete for result in done.values()),
                   symmetry=symmetry)


def _thread_counts(family: Family, pending: list[int], symmetry: str, kernel: str, jobs: int,
                   cancel: CancelCheck | None) -> Iterator[tuple[int, Count] | float]:
    """(index, count) as each member ends, and now and then the running members' fraction
    done (a float), on `jobs` threads."""
    stop = threading.Event()
    fractions: dict[int, float] = {}

    def count(index: int) -> Count:
        def note(fraction: float) -> None:
            fractions[index] = fraction
        try:
            return count_member(family.members[index].puzzle, symmetry, kernel, stop.is_set,
                                note)
        finally:
            fractions.pop(index, None)

    pool = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="polygui-family")
    try:
        running: dict[Future, int] = {pool.submit(count, i): i for i in pending}
        while running:
            if cancel is not None and cancel():
                raise Cancelled()
            finished, _ = wait(running, timeout=PROGRESS_SECONDS, return_when=FIRST_COMPLETED)
            for future in finished:
                index = running.pop(future)
                yield index, future.result()
            yield float(sum(fractions.values()))
    finally:
        stop.set()
        pool.shutdown(wait=True, cancel_futures=True)
