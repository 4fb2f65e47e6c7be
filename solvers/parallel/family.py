"""A family's members solved as the tasks of one run: on threads, on a Dask cluster, and
across restarts (a checkpoint file of the members finished).

Each member is counted by the ordinary single-thread search (`count_member`); the kernels
release the GIL, so `jobs` threads count `jobs` members at once. A member's count does not
depend on where or when it ran, so the table is the same whatever `jobs` or `cluster`.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from pathlib import Path

from ..puzzle.cancel import CancelCheck, Cancelled
from ..puzzle.family import Family
from ..puzzle.model import SYMMETRY_MODES, PuzzleError
from ..search.events import Progress
from .cluster_spec import ClusterSpec
from .family_checkpoint import FamilyCheckpoint
from .family_member import Count, MemberResult, Running, count_member

__all__ = ["Count", "MemberResult", "count_member", "solve_family"]

PROGRESS_SECONDS = 0.2  # how often a run says how far it is
PAUSE_POLL = 0.05  # how often a paused member looks whether it may go on


def solve_family(family: Family, symmetry: str = "distinct", *, jobs: int = 1,
                 cluster: str | ClusterSpec | None = None,
                 checkpoint: str | Path | None = None, resume: str | Path | None = None,
                 cancel: CancelCheck | None = None, pause: threading.Event | None = None,
                 kernel: str = "auto") -> Iterator[MemberResult | Progress]:
    """Count every member: a MemberResult as each ends (in any order; those a resumed
    checkpoint holds first), a Progress now and then (fraction of the family done, the
    solutions and nodes so far) and a last Progress, phase "done". `checkpoint`: a file to record the
    finished members in; `resume`: such a file, whose members are not run again (its run
    goes on in it unless `checkpoint` names another). Stopping the iteration stops the
    run; `cancel()` true raises Cancelled. While `pause` is set, the members counted on this
    machine's threads wait where they are (a cluster's members go on): a member's seconds
    leave its pause out."""
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
        counts = _thread_counts(family, pending, symmetry, kernel, max(1, jobs), cancel, pause)
    solutions = sum(result.solutions for result in done.values())
    nodes = sum(result.nodes for result in done.values())
    try:
        for item in counts:
            if isinstance(item, Running):  # the members still running, so far
                elapsed = time.perf_counter() - start
                yield Progress("searching", solutions=solutions,
                               nodes=nodes + item.nodes, elapsed=elapsed,
                               nodes_per_second=(nodes + item.nodes) / max(elapsed, 1e-9),
                               fraction_done=(len(done) + item.fraction) / len(family.members),
                               symmetry=symmetry)
                continue
            index, count = item
            result = MemberResult(index, family.members[index].name, count.solutions,
                                  count.seconds, count.complete, count.note, count.nodes)
            done[index] = result
            solutions += result.solutions
            nodes += result.nodes
            if book is not None:
                book.record(result)
            yield result
    finally:
        counts.close()  # stopped early: the members still running stop, now
    yield Progress("done", solutions=solutions, nodes=nodes, fraction_done=1.0,
                   elapsed=time.perf_counter() - start,
                   exhausted=all(result.complete for result in done.values()),
                   symmetry=symmetry)


def _thread_counts(family: Family, pending: list[int], symmetry: str, kernel: str, jobs: int,
                   cancel: CancelCheck | None, pause: threading.Event | None = None
                   ) -> Iterator[tuple[int, Count] | Running]:
    """(index, count) as each member ends, and now and then how far the running members
    are (a Running), on `jobs` threads; a member waits while `pause` is set."""
    stop = threading.Event()
    running_now: dict[int, Progress] = {}

    def count(index: int) -> Count:
        paused = 0.0

        def halted() -> bool:  # the member's search asks between slices: it waits here
            nonlocal paused
            while pause is not None and pause.is_set() and not stop.is_set():
                began = time.perf_counter()
                stop.wait(PAUSE_POLL)
                paused += time.perf_counter() - began
            return stop.is_set()

        def note(progress: Progress) -> None:
            running_now[index] = progress
        try:
            found = count_member(family.members[index].puzzle, symmetry, kernel, halted, note)
            return dataclasses.replace(found, seconds=max(0.0, found.seconds - paused))
        finally:
            running_now.pop(index, None)

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
            now = list(running_now.values())
            yield Running(sum(p.fraction_done for p in now), sum(p.nodes for p in now))
    finally:
        stop.set()
        pool.shutdown(wait=True, cancel_futures=True)
