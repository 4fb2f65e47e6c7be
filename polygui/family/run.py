"""A family's run off the GUI thread: a worker in a QThread of its own consumes solvers'
solve_family and re-emits each member's result and the run's progress (throttled) as signals,
which reach slots of GUI-thread objects. Stop and Pause are flags set from the GUI thread
(Pause holds the members counted on this machine where they are; a cluster's go on); one
`finished` per run. Counted by running_solves() until its thread ends, like every search."""

from __future__ import annotations

import threading
import time
import traceback
from pathlib import Path
from typing import Any, Callable, Iterator

from PySide6.QtCore import QObject, Signal, Slot

from solvers import Cancelled, Progress, PuzzleError
from solvers.parallel.cluster import ClusterError
from solvers.parallel.runfile import RunFileError

from ..solving.latency import lower_this_threads_priority, raise_lowered_threads
from ..solving.run import EMIT_INTERVAL, SearchOptions
from ..solving.threaded import ThreadedRun

Solver = Callable[..., Iterator[Any]]  # solve_family(family, symmetry, jobs=, ...)


def default_solver() -> Solver:
    from solvers.parallel.family import solve_family  # the solver side of families

    return solve_family


class FamilyWorker(QObject):
    member_done = Signal(object)  # MemberResult
    progress_changed = Signal(object)  # Progress of the whole run
    failed = Signal(str)  # a message for the user
    # instead of failed, when the run never began for a reason outside the family (a cluster
    # out of reach): why, and whether the cluster is to blame (as SolveWorker's)
    could_not_start = Signal(str, bool)
    finished = Signal(str)  # "done", "stopped" or "failed"

    def __init__(self, family: Any, symmetry: str, options: SearchOptions,
                 solver: Solver) -> None:
        super().__init__()
        self.family, self.symmetry, self.options, self.solver = family, symmetry, options, solver
        self._stop = threading.Event()
        self._pause = threading.Event()  # set: the members wait (solve_family's `pause`)
        self._last_emit = 0.0
        self._counted = 0  # members reported

    def stop(self) -> None:
        self._stop.set()
        raise_lowered_threads()

    def pause(self) -> None:
        self._pause.set()

    def resume(self) -> None:
        self._pause.clear()

    @property
    def paused(self) -> bool:
        return self._pause.is_set()

    @Slot()
    def run(self) -> None:
        lower_this_threads_priority()
        try:
            status = self._consume()
        except Cancelled:
            status = "stopped"
        except ClusterError as error:
            if self._counted:
                self.failed.emit(str(error))
            else:
                self.could_not_start.emit(str(error), True)
            status = "failed"
        except (PuzzleError, RunFileError) as error:
            self.failed.emit(str(error))
            status = "failed"
        except Exception as error:  # a bug must reach the user, never a silent stop
            traceback.print_exc()
            self.failed.emit(f"The solver failed: {type(error).__name__}: {error}")
            status = "failed"
        self.finished.emit(status)

    def _consume(self) -> str:
        """Count the members; with a checkpoint, go on from the members it kept (a file that
        cannot be used is set aside and the count starts over), and forget it once every
        member is counted."""
        options = self.options
        try:
            status = self._count(options.resume)
        except PuzzleError:
            if options.resume is None or self._counted:
                raise
            Path(options.resume).unlink(missing_ok=True)  # damaged, or of an older version
            status = self._count(None)
        if status == "done" and options.checkpoint is not None:
            Path(options.checkpoint).unlink(missing_ok=True)
        return status

    def _count(self, resume: Path | None) -> str:
        options = self.options
        events = self.solver(self.family, self.symmetry, jobs=options.jobs,
                             cluster=options.cluster, checkpoint=options.checkpoint,
                             resume=resume, cancel=self._stop.is_set, pause=self._pause)
        for event in events:
            if self._stop.is_set():
                return "stopped"
            if isinstance(event, Progress):
                now = time.monotonic()
                if now - self._last_emit >= EMIT_INTERVAL or event.phase != "searching":
                    self._last_emit = now
                    self.progress_changed.emit(event)
            else:
                self._counted += 1
                self.member_done.emit(event)
        return "stopped" if self._stop.is_set() else "done"


class FamilyRun(ThreadedRun):
    """One family run: owns the thread and the worker; `shutdown()` stops and joins them."""

    def __init__(self, family: Any, symmetry: str, options: SearchOptions,
                 solver: Solver | None = None, parent: QObject | None = None) -> None:
        worker = FamilyWorker(family, symmetry, options, solver or default_solver())
        super().__init__(worker, worker.finished, "polygui-family", parent)
