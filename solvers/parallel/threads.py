"""The local backend: a pool of threads taking tasks from a shared list. The kernels release
the GIL while they search, so N threads use N cores; every thread reads the same prepared
puzzle (placements, symmetry plan, kernel tables) and owns only its task's search arrays.

Reports (each slice of a running task, each finished task, a failure) go to one queue that
the run consumes. Stop and pause are flags the threads look at between kernel slices (about
`slice_seconds` apart), so both take effect within a slice; so is `demand`, the run's sign
that its caller is waiting for events (not asking for them pauses, as with `solve()`)."""

from __future__ import annotations

import queue
import threading
from collections import deque
from typing import Callable

from ..search.prepare import Prepared
from .analyses import AnalysisJob, run_analysis
from .tasks import Task, TaskSearches
from .worker import run_task

REPORTS_KEPT = 256  # slice reports waiting for the consumer before the threads wait for it


class ThreadBackend:
    streams_solutions = True  # a task's solutions come slice by slice, before it finishes

    def __init__(self, prepared: Prepared, tasks: list[Task], jobs: int, *, record: bool,
                 limit: int = 0, slice_seconds: float = 0.05,
                 thread_setup: Callable[[], None] | None = None,
                 demand: threading.Event | None = None) -> None:
        """`thread_setup` runs first in every thread (the app lowers their priority);
        threads search only while `demand` is set."""
        self.searches = TaskSearches(prepared)
        self.record, self.limit = record, limit
        self.slice_seconds = slice_seconds
        self.reports: queue.Queue = queue.Queue(maxsize=REPORTS_KEPT)
        self._pending = deque(tasks)
        self._analyses: deque[AnalysisJob] = deque()  # taken before any search task
        self._lock = threading.Lock()
        self._more = threading.Condition(self._lock)  # a job or task was added
        # with assemblies to take apart, threads wait for jobs until the run stops them
        self.analysing = prepared.disassembler is not None
        self._stop = threading.Event()
        self._running = threading.Event()
        self._running.set()
        self._demand = demand or threading.Event()
        if demand is None:
            self._demand.set()
        self._thread_setup = thread_setup
        count = max(1, jobs if self.analysing else min(jobs, len(tasks)))
        self._threads = [threading.Thread(target=self._work, name=f"polygui-search-{i}",
                                          daemon=True) for i in range(count)]

    @property
    def workers(self) -> int:
        return len(self._threads)

    def start(self) -> None:
        for thread in self._threads:
            thread.start()

    def analyse(self, jobs: list[AnalysisJob]) -> None:
        """Analysis jobs, to run before the search tasks still waiting."""
        with self._lock:
            self._analyses.extend(jobs)
            self._more.notify_all()

    # --- control, from any thread ----------------------------------------------------------
    def pause(self) -> None:
        self._running.clear()

    def resume(self) -> None:
        self._running.set()

    def stop(self, timeout: float = 10.0) -> bool:
        """Stop every thread after its current slice and wait for them. True when all
        ended."""
        self._stop.set()
        self._running.set()
        self._demand.set()
        with self._lock:
            self._more.notify_all()
        for thread in self._threads:
            if thread.is_alive() and thread is not threading.current_thread():
                thread.join(timeout)
        return not any(thread.is_alive() for thread in self._threads)

    # --- Controls, for run_task ------------------------------------------------------------
    def stopped(self) -> bool:
        return self._stop.is_set()

    def wait_while_paused(self) -> None:
        self._running.wait()
        self._demand.wait()

    # --- the threads -------------------------------------------------------------------------
    def _work(self) -> None:
        try:
            if self._thread_setup is not None:
                self._thread_setup()
            while not self._stop.is_set():
                item = self._next()
                if item is None:
                    return
                if isinstance(item, AnalysisJob):
                    result = run_analysis(self.searches.prepared, item, self,
                                          self.slice_seconds)
                else:
                    result = run_task(self.searches, item, self, record=self.record,
                                      limit=self.limit, slice_seconds=self.slice_seconds,
                                      on_slice=self._post)
                if result is not None:
                    self._post(result)
        except BaseException as error:  # reaches the consumer, which raises it
            self._post(error)

    def _next(self) -> AnalysisJob | Task | None:
        """The next job, else the next task; None when there is nothing left to do (with
        assemblies to take apart: once the run stops the threads)."""
        with self._lock:
            while not self._stop.is_set():
                if self._analyses:
                    return self._analyses.popleft()
                if self._pending:
                    return self._pending.popleft()
                if not self.analysing:
                    return None
                self._more.wait(0.1)
        return None

    def _post(self, report: object) -> None:
        """Queue a report; while the consumer is not taking them, wait (unless stopped)."""
        while not self._stop.is_set():
            try:
                self.reports.put(report, timeout=0.05)
                return
            except queue.Full:
                continue
