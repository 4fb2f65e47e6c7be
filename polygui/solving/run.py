"""Solving off the GUI thread: a QObject worker in a QThread re-emits `solve()` events.

The worker pulls events from the solver generator; the numba kernels release the GIL while
they search, so the GUI thread stays fluid. Signals are throttled: progress at most
`EMIT_INTERVAL` apart, solutions batched into numpy arrays of placement rows (or Sudoku grids).
Stop and pause are flags set from the GUI thread; one `finished` per run.

Solutions arrive from the solver as arrays (`solve(..., batched=True)`) and leave in the type
the store keeps them in: no Python object per solution. The worker's thread yields the CPU to
every other (latency.py), so while it holds the GIL, a busy machine can keep it off the CPU,
and the GUI thread, waiting for the GIL, with it: measured, building a tuple and a Solution
per solution (50,000 to 97,000 a second) held the GIL most of the time, and the window
stalled for up to 1.5 s; taking them in bulk holds it for moments.

The placements a run decodes its solutions with travel once, in `placements_ready`, before the
first batch: compiling them again on the GUI thread would stall it (a quarter of a second for
Mini Bedlam).
"""

from __future__ import annotations

import threading
import time
import traceback
from pathlib import Path

import numpy as np
from PySide6.QtCore import QObject, QTimer, Signal, Slot

from solvers.records import record
from solvers import Cancelled, Progress, Puzzle, PuzzleError, SolutionBatch, solve
from solvers.output.kept import kept_dtype
from solvers.parallel.cluster import ClusterError
from solvers.parallel.cluster_spec import ClusterSpec
from solvers.parallel.runfile import RunFileError

from .threaded import ThreadedRun, running_solves, track_run  # noqa: F401 (imported from here)
from .latency import (lower_this_threads_priority, pause_collector, raise_lowered_threads,
                      resume_collector)

EMIT_INTERVAL = 0.04  # seconds between signals: about 25 per second at most
BATCH_ROWS = 65_536  # solutions sent at once, at most (a few MB)


@record
class SearchOptions:
    """Where a run searches and what it keeps (see solvers.parallel)."""

    jobs: int = 1  # threads on this computer
    cluster: str | ClusterSpec | None = None  # "local:N" or a Dask scheduler, instead
    checkpoint: Path | None = None  # keep the run in this run file as it goes
    resume: Path | None = None  # continue the run kept in this run file

    def solve_options(self) -> dict:
        return {"jobs": self.jobs, "cluster": self.cluster, "checkpoint": self.checkpoint,
                "resume": self.resume}


class SolveWorker(QObject):
    """Consumes `solve()` in its own thread. Signals carry frozen events or numpy batches."""

    progress_changed = Signal(object)  # Progress
    placements_ready = Signal(object)  # solvers.placements.compile.Placements, before the first batch
    solutions_found = Signal(object)  # np.ndarray (k, pieces) rows or (k, n*n) grids, as kept_dtype
    # when assemblies are taken apart (Puzzle.disassembly): np.ndarray (k, width) int32, the
    # verdict rows of the k rows the next solutions_found carries, sent just before them
    verdicts_found = Signal(object)
    finished = Signal(str)  # "done" (search complete), "limit", "stopped", "unsolvable", "failed"
    unsolvable = Signal(str)  # why the puzzle has no solution, known before searching
    failed = Signal(str)  # a message for the user: the solver broke
    # instead of failed, when the search never began for a reason outside the puzzle (a
    # cluster out of reach, a run file it cannot use): why, and whether the cluster is to blame
    could_not_start = Signal(str, bool)

    def __init__(self, puzzle: Puzzle, symmetry: str, limit: int = 0,
                 keep: int | None = None, options: SearchOptions | None = None) -> None:
        """`keep`: send at most this many solutions (the store keeps no more); the search
        goes on counting past it, and progress says how many there were. `options`: where
        to search and the run file (None: one thread, nothing kept)."""
        super().__init__()
        self.puzzle, self.symmetry, self.limit, self.keep = puzzle, symmetry, limit, keep
        self.options = options
        self._sent = 0
        self._stop = threading.Event()
        self._running = threading.Event()
        self._running.set()
        self._batch: list[np.ndarray] = []
        self._verdicts: list[np.ndarray] = []  # the verdict rows of _batch's rows, if any
        self._batched = 0  # rows in _batch
        self._progress: Progress | None = None  # the latest report, until it is sent
        self._last_emit = 0.0
        self._placements_sent = False
        self._searching = False

    # --- control, called from the GUI thread -------------------------------------------
    def stop(self) -> None:
        self._stop.set()
        self._running.set()
        raise_lowered_threads()  # they must run to stop, busy machine or not

    def pause(self) -> None:
        self._running.clear()

    def resume(self) -> None:
        self._running.set()

    @property
    def paused(self) -> bool:
        return not self._running.is_set()

    # --- the run, in the worker thread ---------------------------------------------------
    @Slot()
    def run(self) -> None:
        pause_collector()  # until the search begins (see polygui.solving.latency)
        try:
            status = self._consume()
        except Cancelled:  # stopped while preparing
            status = "stopped"
        except (RunFileError, ClusterError) as error:  # not the puzzle's fault
            if self._searching:
                self.failed.emit(str(error))
            else:
                self.could_not_start.emit(str(error), isinstance(error, ClusterError))
            status = "failed"
        except PuzzleError as error:
            self.unsolvable.emit(str(error))
            status = "unsolvable"
        except Exception as error:  # a bug must reach the user, never a silent stop
            traceback.print_exc()
            self.failed.emit(f"The solver failed: {type(error).__name__}: {error}")
            status = "failed"
        finally:
            if not self._searching:
                resume_collector()
        self.finished.emit(status)

    def _consume(self) -> str:
        last: Progress | None = None
        options = {} if self.options is None else {
            **self.options.solve_options(), "thread_setup": lower_this_threads_priority}
        for event in solve(self.puzzle, self.symmetry, limit=self.limit,
                           cancel=self._stop.is_set, batched=True, **options):
            self._running.wait()
            if self._stop.is_set():
                self._flush(force=True)
                return "stopped"
            if not self._searching and getattr(event, "phase", "") != "preparing":
                self._searching_begins()
            if isinstance(event, SolutionBatch):
                self._send_placements(event)
                self._take(event)
                # on time even when no progress comes between solutions (a parallel run
                # hands out a finished trial's solutions at once), and the run's first
                # solutions at once: the next event may be a slice away
                first = self._batched == self._sent
                self._flush(force=first or self._batched >= BATCH_ROWS)
            else:
                last = self._progress = event
                self._flush(force=event.phase != "searching")
        if last is not None and last.exhausted:
            return "done"
        return "limit"

    def _searching_begins(self) -> None:
        """Nice the thread only now: while preparing, the solver runs Python and holds the
        GIL, and a niced thread slow to get the CPU back would keep the window waiting for it
        (priority inversion). While searching, the kernel runs without the GIL."""
        self._searching = True
        resume_collector()
        lower_this_threads_priority()

    def _send_placements(self, batch: SolutionBatch) -> None:
        if not self._placements_sent and batch.placements is not None:
            self.placements_ready.emit(batch.placements)
            self._placements_sent = True

    def _take(self, batch: SolutionBatch) -> None:
        """Queue as many of the batch's rows as `keep` still allows, in the store's type."""
        room = len(batch) if self.keep is None else max(0, self.keep - self._sent)
        rows = batch.rows[:room]
        if len(rows):
            self._batch.append(rows.astype(kept_dtype(self.puzzle, batch.placements, rows),
                                           copy=False))
            if batch.verdicts is not None:
                self._verdicts.append(batch.verdicts[:room])
            self._sent += len(rows)
            self._batched += len(rows)

    def _flush(self, *, force: bool) -> None:
        """Send the solutions batched and the latest progress not sent yet, at most every
        EMIT_INTERVAL unless forced. A progress report that comes too soon waits for the
        next send: dropped, a run streaming solutions (each batch sent restarts the
        interval) lost nearly every report and showed no progress at all."""
        now = time.monotonic()
        if not force and now - self._last_emit < EMIT_INTERVAL:
            return
        self._last_emit = now
        if self._batch:
            if self._verdicts:  # first: the store keeps them beside the rows that follow
                self.verdicts_found.emit(np.concatenate(self._verdicts))
            rows = self._batch[0] if len(self._batch) == 1 else np.concatenate(self._batch)
            self.solutions_found.emit(rows)
            self._batch, self._verdicts, self._batched = [], [], 0
        if self._progress is not None:
            self.progress_changed.emit(self._progress)
            self._progress = None


class SolveRun(ThreadedRun):
    """One solve: owns the thread and the worker; `shutdown()` stops and joins them."""

    def __init__(self, puzzle: Puzzle, symmetry: str, limit: int = 0,
                 parent: QObject | None = None, keep: int | None = None,
                 options: SearchOptions | None = None) -> None:
        """`keep`: see SolveWorker; `options`: threads, a cluster, a run file to keep or
        resume (None: one thread, nothing kept, as an editor's Check needs)."""
        worker = SolveWorker(puzzle, symmetry, limit, keep, options)
        super().__init__(worker, worker.finished, "polygui-solver", parent)
        self._start_pending = False

    def start_soon(self, delay_ms: int) -> None:
        """Start after `delay_ms`, time for the window to redraw for the new run: the solver's
        preparation competes for the GIL, and a repaint sharing it takes several times longer
        (measured: a pyqtgraph plot repaint, 5 ms alone, 40 to 60 ms)."""
        self._start_pending = True
        QTimer.singleShot(delay_ms, self, self._start_if_pending)

    def _start_if_pending(self) -> None:
        if self._start_pending:
            self._start_pending = False
            self.thread.start()

    def is_running(self) -> bool:
        return self._start_pending or super().is_running()

    def shutdown(self, timeout_ms: int | None = 10_000) -> bool:
        """Stop the search and wait for the thread to end (None: however long it takes). True
        when it ended. It ends within a search slice or a preparation step (tens of
        milliseconds), except while numba compiles a kernel for the first time (seconds),
        which nothing can interrupt."""
        self._start_pending = False
        return super().shutdown(timeout_ms)
