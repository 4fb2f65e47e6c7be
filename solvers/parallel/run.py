"""A run on every core, on a cluster, or across restarts, with the events of `solve()`.

How a run goes:
1. Prepare the puzzle (placements, symmetry plan, kernel tables), once.
2. Unless it resumes a run file or goes to a cluster, search the whole tree on this thread
   for up to `trial_seconds` (longer when it is more than half done by then): a puzzle that
   finishes by then is done (splitting would not pay);
   otherwise what the trial found is dropped, to be found again by the tasks.
3. Split the tree into tasks (solvers.parallel.tasks), about TASKS_PER_WORKER per worker, and
   run them on a thread pool or a Dask cluster (with a limit, in the order a single search
   would visit them). With a run file, every few seconds the tasks finished since are
   committed to it; a resumed run reruns only the others.
Solutions, counts, the fraction done and the time left come from all tasks together: a
finished task's share is exact, a running task's is its share times its own fraction done.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

import numpy as np

from ..puzzle.cancel import CancelCheck
from ..puzzle.model import Puzzle
from ..search.events import Event, Found, Progress, Solution, SolutionBatch
from ..search.prepare import Prepared, prepare_puzzle
from ..search.slices import SlicedSearch
from ..search.solve import found_events
from .split import Split, Task
from .tally import Tally

if TYPE_CHECKING:  # a run split into tasks or on a cluster imports these when it starts: a
    from .analyses import AnalysisStage  # trial that finishes (a BurrTools example's count)
    from .cluster_spec import ClusterSpec  # never loads them (start-up)
    from .runfile import RunFile
    from .worker import TaskResult

TRIAL_SECONDS = 0.3
TRIAL_EXTENSION = 3  # a trial more than half done by then may go on this many times as long
TASKS_PER_WORKER = 64  # a task costs about half a millisecond to start (a cluster gets them in chunks)
CHECKPOINT_SECONDS = 3.0


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


class ParallelRun:
    """One run. Iterate `events()` (in one thread); `pause`, `resume` and `stop` may be called
    from any other."""

    def __init__(self, puzzle: Puzzle | None, symmetry: str = "distinct", *, limit: int = 0,
                 count_only: bool = False, jobs: int | None = None,
                 cluster: str | ClusterSpec | None = None,
                 checkpoint: str | Path | None = None, resume: str | Path | None = None,
                 slice_seconds: float = 0.05, trial_seconds: float = TRIAL_SECONDS,
                 thread_setup: Callable[[], None] | None = None,
                 cancel: CancelCheck | None = None, batched: bool = False,
                 checkpoint_seconds: float = CHECKPOINT_SECONDS) -> None:
        """`jobs`: threads (None: every core); `cluster`: "local:N", an address or a ClusterSpec;
        `checkpoint`: a new run file to keep; `resume`: a run file to continue (its puzzle
        must be `puzzle`'s when one is given); `thread_setup` runs first in each pool
        thread; `cancel` stops the preparation (Cancelled); `batched`: solutions as a
        SolutionBatch per block found, not a Solution each (see solve());
        `checkpoint_seconds`: how often the tasks finished are committed to the run file."""
        if puzzle is None and resume is None:
            raise ValueError("a run needs a puzzle, or a run file to resume")
        self.puzzle, self.symmetry, self.limit, self.count_only = puzzle, symmetry, limit, count_only
        self.jobs = jobs or available_cores()
        self.cluster = None
        if cluster is not None:
            from .cluster_spec import cluster_spec
            self.cluster = cluster_spec(cluster)  # or ClusterError
        self.slice_seconds, self.trial_seconds = slice_seconds, trial_seconds
        self.checkpoint_path = Path(checkpoint) if checkpoint else None
        self.resume_path = Path(resume) if resume else None
        self.thread_setup = thread_setup
        self.cancel = cancel
        self.batched = batched
        self.checkpoint_seconds = checkpoint_seconds
        self.run_file: RunFile | None = None
        self.notes: tuple[str, ...] = ()  # what the run file resumed did not prove
        self._backend = None
        self._stopped = False
        self._paused = False
        self._backend_paused = False
        self._demand = threading.Event()  # set while the caller waits for the next event
        self._demand.set()

    # --- control, from any thread ---------------------------------------------------------
    # Flags only: the thread iterating `events()` hands them to the backend within a slice,
    # so the caller never waits (a cluster's pause is a message to its scheduler).
    def pause(self) -> None:
        self._paused = True

    def resume(self) -> None:
        self._paused = False

    def stop(self) -> None:
        self._stopped = True

    # --- the run ---------------------------------------------------------------------------
    def events(self) -> Iterator[Event]:
        """The run's events. As with `solve()`, not asking for the next one pauses the run:
        the pool's threads wait between slices while the caller is away (a cluster is
        paused once the caller has been away for a moment), and stopping the iteration
        stops every task."""
        inner = self._events()
        try:
            for event in inner:
                self._demand.clear()
                yield event
                self._demand.set()
        finally:
            self._demand.set()
            inner.close()

    def _events(self) -> Iterator[Event]:
        yield Progress("preparing", symmetry=self.symmetry)
        connecting = None
        try:
            if self.cluster is not None:  # the cluster starts while this side prepares
                from .background import Background
                connecting = Background(self._connect_cluster, "polygui-cluster-start")
            prepared, split, done = self._prepare()
            if connecting is not None:
                connecting, started = None, connecting
                started.result()
            if split is None:
                yield from self._trial(prepared)
                if self._trial_finished:
                    return
                split = self._split(prepared)
            yield from self._run_tasks(prepared, split, done)
        finally:
            if connecting is not None:  # preparing failed: the cluster still has to go
                connecting.wait()
            if self._backend is not None:
                self._backend.stop()
            if self.run_file is not None:
                self.run_file.close()

    def _connect_cluster(self) -> None:
        from ..puzzle.fileformat import puzzle_to_json
        from .cluster import ClusterBackend  # Dask only when asked for

        self._backend = ClusterBackend(self.cluster, slice_seconds=self.slice_seconds)
        puzzle, symmetry = self.puzzle, self.symmetry
        if self.resume_path is not None:
            from .runfile import RunFile
            run_file = RunFile.open(self.resume_path)
            puzzle, symmetry = run_file.puzzle, run_file.symmetry
            run_file.close()
        self._backend.warm_up(puzzle_to_json(puzzle), symmetry)

    def _split(self, prepared: Prepared) -> Split:
        from .tasks import split_tree
        workers = self._backend.workers if self._backend is not None else self.jobs
        split = split_tree(prepared, TASKS_PER_WORKER * workers, shuffled=not self.limit)
        if self.checkpoint_path is not None:
            from .runfile import RunFile
            self.run_file = RunFile.create(self.checkpoint_path, prepared, split,
                                           count_only=self.count_only, limit=self.limit)
        return split

    def _prepare(self) -> tuple[Prepared, Split | None, dict]:
        if self.resume_path is None:
            return prepare_puzzle(self.puzzle, self.symmetry, cancel=self.cancel), None, {}
        from .runfile import RunFile, RunFileError  # SQLite only for a run kept in a file
        run_file = RunFile.open(self.resume_path)
        if self.puzzle is not None:
            run_file.check_matches(self.puzzle)
        self.symmetry, self.limit = run_file.symmetry, run_file.limit
        if run_file.count_only and not self.count_only:
            raise RunFileError(f"{self.resume_path}: this run counts without keeping the "
                               f"solutions; resume it counting only")
        prepared = prepare_puzzle(run_file.puzzle, self.symmetry, cancel=self.cancel)
        run_file.check_matches(run_file.puzzle, prepared)
        self.notes = tuple(run_file.verify(prepared))
        run_file.forget_failed()
        self.run_file = run_file
        return prepared, run_file.split(), run_file.finished()

    def _trial(self, prepared: Prepared) -> Iterator[Event]:
        """The whole tree on this thread for a moment; its events only if it finished."""
        self._trial_finished = False
        if self.cluster is not None:  # the cluster was asked for: use it
            return
        sliced = SlicedSearch.whole_tree(prepared, record=not self.count_only,
                                         slice_seconds=self.slice_seconds)
        sliced.warm_up()
        held: list[Found] = []
        started = time.perf_counter()
        while True:  # a step at least: a small tree's search has run already, its solutions wait
            if self._paused:
                paused_at = time.perf_counter()
                while self._paused and not self._stopped:
                    time.sleep(self.slice_seconds)
                started += time.perf_counter() - paused_at
            if self._stopped or self._trial_over(sliced, time.perf_counter() - started):
                return
            held.append(sliced.step(self.limit))
            if sliced.finished or (self.limit and sliced.solutions >= self.limit):
                break
        self._trial_finished = True
        whole = Split([Task((), 1.0)], 0.0)
        if self.checkpoint_path is not None:
            from .runfile import RunFile
            from .worker import TaskResult, no_rows
            rows = np.concatenate([f.rows for f in held]) if held else no_rows(prepared)
            verdicts = None
            if prepared.disassembler is not None and not self.count_only:
                verdicts = (np.concatenate([f.verdicts for f in held]) if held else
                            np.zeros((0, prepared.disassembler.width), dtype=np.int32))
            run_file = RunFile.create(self.checkpoint_path, prepared, whole,
                                      count_only=self.count_only, limit=self.limit)
            run_file.record([TaskResult(whole.tasks[0], sliced.solutions, sliced.nodes,
                                        sliced.elapsed, rows, sliced.finished,
                                        sliced.assemblies, dict(sliced.levels), verdicts)],
                            sliced.elapsed)
            run_file.close()
        tally = Tally(prepared, whole, self.limit)
        for block in held:
            yield from _give_out(prepared, tally, block, self.batched)
        tally.trial_done(sliced)
        yield tally.progress("done")

    def _trial_over(self, sliced: SlicedSearch, elapsed: float) -> bool:
        """Whether the trial gives way to tasks: after `trial_seconds`, unless it is more
        than half done by its fraction (what it found would be dropped, and the tasks would
        find it again: SolidSixPieceBurrs took 0.34 s on this thread and 0.75 s in all when
        split), up to TRIAL_EXTENSION times as long."""
        if elapsed < self.trial_seconds:
            return False
        return elapsed >= TRIAL_EXTENSION * self.trial_seconds or sliced.fraction_done < 0.5

    def _run_tasks(self, prepared: Prepared, split: Split, done: dict) -> Iterator[Event]:
        tally = Tally(prepared, split, self.limit)
        tally.restore(done, self.run_file.seconds if self.run_file is not None else 0.0)
        tally.notes = self.notes
        if self.run_file is not None and not self.count_only:
            for block in self.run_file.kept_solutions():
                yield from _give_out(prepared, tally,
                                     Found(block.rows.astype(_dtype(prepared)), block.verdicts),
                                     self.batched)
        pending = [task for task in split.tasks if task.name not in done]
        if pending and not tally.limit_reached and not self._stopped:
            self._start_backend(prepared, pending)
            yield from self._consume(prepared, tally, len(pending))
        if self.run_file is not None and tally.exhausted and not self.limit:
            self.run_file.confirm_complete(tally.done_solutions)
        yield tally.progress("done")

    def _start_backend(self, prepared: Prepared, pending: list[Task]) -> None:
        record = not self.count_only
        if self._backend is None:
            from .threads import ThreadBackend
            self._backend = ThreadBackend(prepared, pending, self.jobs, record=record,
                                          limit=self.limit, slice_seconds=self.slice_seconds,
                                          thread_setup=self.thread_setup, demand=self._demand)
        else:
            self._backend.submit(prepared, pending, record=record, limit=self.limit)
        self._apply_pause()
        self._backend.start()

    def _apply_pause(self) -> None:
        """Hand a pause or resume asked for since to the backend."""
        if self._paused != self._backend_paused:
            self._backend_paused = self._paused
            (self._backend.pause if self._paused else self._backend.resume)()

    def _consume(self, prepared: Prepared, tally: Tally, pending: int) -> Iterator[Event]:
        from .analyses import AnalysisResult, AnalysisStage
        from .worker import SliceReport, TaskResult

        backend = self._backend
        stage = None
        if prepared.disassembler is not None:  # the assemblies become analysis jobs
            stage = AnalysisStage(prepared, keep_rows=not self.count_only,
                                  known=self.run_file.analysed() if self.run_file else None)
            tally.stage = stage
        unsaved: list[TaskResult] = []
        last_progress = last_save = time.perf_counter()
        try:
            while pending and not tally.limit_reached and not self._stopped:
                self._apply_pause()
                report = _next_report(backend, self.slice_seconds)
                if isinstance(report, BaseException):
                    raise report
                if isinstance(report, SliceReport):
                    tally.running(report)
                    if backend.streams_solutions:
                        yield from self._found(prepared, tally, stage, report.task,
                                               report.found)
                elif isinstance(report, TaskResult):
                    if not backend.streams_solutions:
                        yield from self._found(prepared, tally, stage, report.task,
                                               report.found)
                    if stage is not None:
                        stage.searched(report)
                        tally.searched(report)
                    else:
                        pending -= 1
                        tally.finished(report)
                        unsaved.append(report)
                elif isinstance(report, AnalysisResult):
                    yield from _give_out(prepared, tally, stage.analysed(report), self.batched)
                if stage is not None:
                    for complete in stage.complete():
                        pending -= 1
                        tally.finished(complete)
                        unsaved.append(complete)
                now = time.perf_counter()
                if self.run_file is not None and now - last_save >= self.checkpoint_seconds:
                    self._save(unsaved, stage, tally)
                    unsaved, last_save = [], now
                if now - last_progress >= self.slice_seconds and pending:
                    last_progress = now
                    yield tally.progress("searching")
        finally:  # stopped, interrupted or done: keep what finished
            if self.run_file is not None:
                self._save(unsaved, stage, tally)

    def _found(self, prepared: Prepared, tally: Tally, stage: AnalysisStage | None, task: Task,
               found: Found) -> Iterator[Event]:
        """Solutions a task found: given out, or, to take apart, sent as analysis jobs (and
        those analysed before a resume given out now)."""
        if stage is None:
            yield from _give_out(prepared, tally, found, self.batched)
            return
        jobs, ready = stage.jobs_for(task, found.rows)
        if jobs:
            self._backend.analyse(jobs)
        yield from _give_out(prepared, tally, ready, self.batched)

    def _save(self, unsaved: list[TaskResult], stage: AnalysisStage | None, tally: Tally) -> None:
        """Keep the tasks finished since the last save (and the analysis jobs back since)."""
        jobs = stage.finished_jobs if stage is not None else []
        self.run_file.record(unsaved, tally.elapsed, jobs)
        if stage is not None:
            stage.finished_jobs = []


def _give_out(prepared: Prepared, tally: Tally, found: Found,
              batched: bool = False) -> Iterator[Solution | SolutionBatch]:
    """Solution events for the counted solutions the kernel's rows stand for, numbered on
    from those given out before, up to the limit: one each, or (`batched`) one for all."""
    first = tally.emitted
    yield from found_events(prepared, tally.take(prepared.expand_found(found)), first, batched)


def _next_report(backend, timeout: float) -> object:
    try:
        return backend.reports.get(timeout=timeout)
    except Exception:  # queue.Empty: nothing new in this slice
        return None


def _dtype(prepared: Prepared):
    return np.int16 if prepared.kernel == "sudoku" else np.int32


def solve(puzzle: Puzzle, symmetry: str = "distinct", limit: int = 0, count_only: bool = False,
          slice_seconds: float = 0.05, *, jobs: int = 1, cluster: str | ClusterSpec | None = None,
          checkpoint: str | Path | None = None, resume: str | Path | None = None,
          thread_setup: Callable[[], None] | None = None,
          cancel: CancelCheck | None = None, batched: bool = False) -> Iterator[Event]:
    """`solvers.search.solve.solve`, on `jobs` threads (None: every core), on a cluster
    ("local:N", an address or a ClusterSpec), kept in a run file (`checkpoint`) or resumed from
    one (`resume`). Stopping the iteration stops every task; `cancel` stops preparing;
    `batched`: SolutionBatch events instead of a Solution per solution."""
    from ..search.solve import solve as solve_here

    if jobs == 1 and cluster is None and checkpoint is None and resume is None:
        return solve_here(puzzle, symmetry, limit, count_only, slice_seconds, cancel=cancel,
                          batched=batched)
    run = ParallelRun(puzzle, symmetry, limit=limit, count_only=count_only, jobs=jobs,
                      cluster=cluster, checkpoint=checkpoint, resume=resume,
                      slice_seconds=slice_seconds, thread_setup=thread_setup, cancel=cancel,
                      batched=batched)
    return run.events()


def count_solutions(puzzle: Puzzle, symmetry: str = "distinct", limit: int = 0, **options) -> Progress:
    """Run to the end without recording solutions; the final Progress."""
    last = None
    for event in solve(puzzle, symmetry, limit, True, 0.5, **options):
        last = event
    assert isinstance(last, Progress)
    return last
