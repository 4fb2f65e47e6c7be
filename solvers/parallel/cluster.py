"""The Dask backend: tasks on the workers of a Dask cluster, one chunk of them per worker thread.

Dask is an optional extra (`pip install "polygui[cluster]"`), imported only here. `address`
is a scheduler's (`tcp://HOST:8786` or `tls://HOST:8786`, started with `dask scheduler`, its
workers with `dask worker ADDRESS` on machines where PolyGUI is installed), or `local:N` for a
LocalCluster of N worker processes on this machine (solvers.parallel.cluster_spec checks it).
A Dask scheduler runs the code any client sends it: a local cluster listens on 127.0.0.1 only
and takes only clients holding the certificate made for its run (TLS); a tls:// scheduler is
reached with the certificate files given with its address.

Tasks travel in chunks (solvers.parallel.chunks: a Dask task costs milliseconds of
scheduling, too much for the small tasks a thread pool runs well), each chunk as the puzzle's
JSON text and its tasks' prefixes; a worker prepares each puzzle once (placements, plan,
kernel tables, the compiled kernels) and keeps it for the next chunks. A finished chunk sends
back each task's counts and the kernel's solutions; a running one reports how far its task is
on a Dask topic about twice a second. Assemblies to take apart come back unanalysed and go out
again as analysis jobs (solvers.parallel.analyses), one Dask task each, ahead of the chunks. When a worker dies, the scheduler runs its
tasks elsewhere; a task counts only once it has finished, so the count stays exact. Stop and
pause are Dask Events the tasks look at between kernel slices.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
import uuid
from collections import OrderedDict

import numpy as np

from ..puzzle.fileformat import puzzle_from_json, puzzle_to_json
from ..search.prepare import Prepared, prepare_puzzle
from .analyses import AnalysisJob, AnalysisResult, run_analysis
from .chunks import guided_chunks
from .cluster_spec import (ClusterError, ClusterSpec, client_security, cluster_spec,
                           run_certificate)
from .runfile import placements_fingerprint
from .tasks import Task, TaskSearches
from .worker import SliceReport, TaskResult, run_task

CONNECT_TIMEOUT = "10s"  # for a scheduler to answer
LOOPBACK = "127.0.0.1"  # the only interface a local cluster listens on
CONTROL_CHECK_SECONDS = 0.2  # how often a task asks the scheduler whether to stop or pause
REPORT_SECONDS = 0.5  # how often a running task says how far it is
ABSENCE_SECONDS = 0.25  # the run's caller away this long pauses the cluster
PUZZLES_KEPT = 4  # prepared puzzles a worker keeps
CHUNKS_PER_WORKER = 16  # a chunk is at most 1/(this x workers) of the tree
NO_ROWS = np.zeros((0, 0), dtype=np.int32)  # a running task's report carries no solutions
log = logging.getLogger(__name__)  # says once where a run searches (polygui-solve shows it)


def _distributed():
    try:
        import distributed
    except ImportError as error:
        raise ClusterError('solving on a cluster needs Dask: pip install "polygui[cluster]"') from error
    return distributed


class ClusterBackend:
    streams_solutions = False  # a task's solutions come when it finishes

    def __init__(self, address: str | ClusterSpec, *, slice_seconds: float = 0.05,
                 demand: threading.Event | None = None) -> None:
        """`demand`: set while the run's caller waits for events; away longer than
        ABSENCE_SECONDS, the tasks are paused until it is back."""
        self.spec = spec = cluster_spec(address)
        distributed = _distributed()
        self._demand = demand
        self.slice_seconds = slice_seconds
        self.reports: queue.Queue = queue.Queue()
        self.client, self._cluster = open_client(spec)
        self._run = uuid.uuid4().hex[:12]
        self._stop = distributed.Event(f"polygui-stop-{self._run}", client=self.client)
        self._pause = distributed.Event(f"polygui-pause-{self._run}", client=self.client)
        self._topic = f"polygui-progress-{self._run}"
        self._futures: list = []
        self._job_context: tuple = ()
        self._futures_warming: list = []
        self._tasks: dict[str, Task] = {}
        self._feeder: threading.Thread | None = None
        self._watchdog: threading.Thread | None = None
        self._stopped = False
        self._paused_explicitly = False
        if log.isEnabledFor(logging.INFO):
            log.info("searching on %s", self.description)

    @property
    def description(self) -> str:
        """Where the run searches, and how the cluster is kept to itself, in a line."""
        return describe(self.spec, self.client)

    @property
    def workers(self) -> int:
        """Worker threads in the cluster now (at least one)."""
        return worker_threads(self.client)

    def warm_up(self, puzzle_json: str, symmetry: str) -> None:
        """Have every worker prepare the puzzle (and load the kernels) now, while this side
        prepares and splits it; the tasks then find it ready."""
        for address in self.client.scheduler_info().get("workers", {}):
            self._futures_warming.append(self.client.submit(
                warm_worker, puzzle_json, symmetry, workers=[address], pure=False,
                key=f"polygui-warm-{self._run}-{address}"))

    def submit(self, prepared: Prepared, tasks: list[Task], *, record: bool, limit: int = 0) -> None:
        """Send every task to the cluster; their reports arrive in `reports`."""
        self._tasks = {task.name: task for task in tasks}
        self.client.subscribe_topic(self._topic, self._on_progress)
        puzzle = self.client.scatter(puzzle_to_json(prepared.puzzle), broadcast=True)
        fingerprint = placements_fingerprint(prepared)
        self._job_context = (puzzle, prepared.symmetry, fingerprint)
        workers = self.workers
        chunks = guided_chunks(tasks, workers, 1.0 / (CHUNKS_PER_WORKER * workers))
        for number, chunk in enumerate(chunks):
            self._futures.append(self.client.submit(
                run_on_worker, puzzle, prepared.symmetry, fingerprint,
                [(task.prefix, task.share) for task in chunk], record, limit,
                self.slice_seconds, self._stop.name, self._pause.name, self._topic,
                key=f"polygui-chunk-{self._run}-{number}", pure=False))
        self._feeder = threading.Thread(target=self._feed, name="polygui-cluster-results",
                                        daemon=True)
        self._feeder.start()
        if self._demand is not None:
            self._watchdog = threading.Thread(target=self._pause_while_away,
                                              name="polygui-cluster-pause", daemon=True)
            self._watchdog.start()

    def start(self) -> None:
        """Tasks start as `submit` sends them."""

    def analyse(self, jobs: list[AnalysisJob]) -> None:
        """Send analysis jobs (solvers.parallel.analyses); their results arrive in `reports`.
        Dask runs them as workers free up, with the tasks' chunks."""
        puzzle, symmetry, fingerprint = self._job_context
        for job in jobs:
            future = self.client.submit(
                analyse_on_worker, puzzle, symmetry, fingerprint, job.rows, self.slice_seconds,
                self._stop.name, self._pause.name,
                key=f"polygui-analyse-{self._run}-{job.name}", pure=False, priority=1)
            self._futures.append(future)
            future.add_done_callback(lambda done, job=job: self._analysed(job, done))

    def _analysed(self, job: AnalysisJob, future) -> None:
        """A job's future is done (called in a Dask thread): its result to `reports`."""
        if self._stopped or future.cancelled():
            return
        try:
            outcome = future.result()
        except Exception as error:
            self.reports.put(ClusterError(f"an analysis failed on the cluster: {error}"))
            return
        if outcome is not None:
            verdicts, seconds = outcome
            self.reports.put(AnalysisResult(job, verdicts, seconds))

    # --- control -------------------------------------------------------------------------------
    def pause(self) -> None:
        self._paused_explicitly = True
        self._pause.set()

    def resume(self) -> None:
        self._paused_explicitly = False
        self._pause.clear()

    def _pause_while_away(self) -> None:
        """Pause the tasks while the run's caller is not asking for events."""
        away_paused = False
        while not self._stopped:
            back = self._demand.wait(ABSENCE_SECONDS)
            try:
                if not back and not away_paused:
                    away_paused = True
                    self._pause.set()
                elif back and away_paused:
                    away_paused = False
                    if not self._paused_explicitly:
                        self._pause.clear()
                    time.sleep(ABSENCE_SECONDS)
            except Exception:  # the cluster is going away
                return

    def stop(self, timeout: float = 10.0) -> bool:
        """Stop every task, drop the client, and end a local cluster's worker processes."""
        if self._stopped:
            return True
        self._stopped = True
        try:
            self._stop.set()
            self.client.cancel(self._futures + self._futures_warming, force=True)
            self.client.unsubscribe_topic(self._topic)
        except Exception:  # the cluster may already be gone
            pass
        for thread in (self._feeder, self._watchdog):
            if thread is not None and thread is not threading.current_thread():
                thread.join(timeout)
        self.client.close(timeout=timeout)
        self._close_cluster()
        return True

    def _close_cluster(self) -> None:
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None

    # --- reports -------------------------------------------------------------------------------
    def _feed(self) -> None:
        distributed = _distributed()
        try:
            for future in distributed.as_completed(self._futures):
                if self._stopped:
                    return
                for outcome in future.result() or ():  # None: the run stopped first
                    self.reports.put(self._result(outcome))
        except Exception as error:
            if not self._stopped:
                self.reports.put(ClusterError(f"a task failed on the cluster: {error}"))

    def _result(self, outcome: tuple) -> TaskResult:
        name, share, solutions, nodes, seconds, rows, complete, *apart = outcome
        return TaskResult(Task(self._tasks[name].prefix, share), solutions, nodes, seconds,
                          rows, complete, *apart)

    def _on_progress(self, event: tuple) -> None:
        _, (name, fraction, nodes, solutions, *assemblies) = event
        task = self._tasks.get(name)
        if task is not None and not self._stopped:
            self.reports.put(SliceReport(task, NO_ROWS, fraction, nodes, solutions,
                                         *assemblies))


# --- on the workers --------------------------------------------------------------------------
_PREPARED: "OrderedDict[tuple[str, str], tuple[TaskSearches, str]]" = OrderedDict()
_PREPARED_LOCK = threading.Lock()


def open_client(spec: ClusterSpec):
    """A Dask client of the cluster `spec` names, and the LocalCluster started for it (None
    for a scheduler's address); ClusterError when it cannot be reached or started."""
    distributed = _distributed()
    cluster = None
    try:
        if spec.local_workers:
            cluster = distributed.LocalCluster(
                n_workers=spec.local_workers, threads_per_worker=1, processes=True,
                dashboard_address=None, silence_logs=logging.ERROR,
                security=run_certificate(distributed), protocol="tls", host=LOOPBACK)
            return distributed.Client(cluster), cluster  # with the cluster's security
        return distributed.Client(spec.address, timeout=CONNECT_TIMEOUT,
                                  security=client_security(distributed, spec)), None
    except (OSError, TimeoutError) as error:
        _close(cluster)
        raise ClusterError(f"cannot reach the Dask scheduler at {spec.address}: {error}") \
            from error
    except RuntimeError as error:  # a LocalCluster whose worker processes did not start
        _close(cluster)
        raise ClusterError(f"cannot start a local cluster ({spec.address}): {error}") from error


def _close(cluster) -> None:
    if cluster is not None:
        cluster.close()


def describe(spec: ClusterSpec, client) -> str:
    """Where a run works, and how its cluster is kept to itself, in a line."""
    address = client.scheduler.address
    if spec.local_workers:
        return (f"a local Dask cluster of {spec.local_workers} worker processes at "
                f"{address}: TLS with a certificate made for this run, on {LOOPBACK} only")
    if spec.tls:
        return f"the Dask scheduler at {address} (TLS, with the certificate files given)"
    return (f"the Dask scheduler at {address} (unencrypted: whoever can reach it can run "
            f"code on its workers)")


def worker_threads(client) -> int:
    """Worker threads in the client's cluster now (at least one)."""
    info = client.scheduler_info()
    return max(1, sum(w.get("nthreads", 1) for w in info.get("workers", {}).values()))


def run_on_worker(puzzle_json: str, symmetry: str, fingerprint: str,
                  tasks: list[tuple[tuple[int, ...], float]], record: bool, limit: int,
                  slice_seconds: float, stop_name: str, pause_name: str,
                  topic: str) -> list[tuple] | None:
    """A chunk of tasks (prefix, share) on a Dask worker, one by one: for each, (name, share,
    solutions, nodes, seconds, rows, complete, assemblies, levels, verdicts); None when the
    run stopped first. Assemblies to take apart are analysed here, by the task."""
    distributed = _distributed()
    searches = _prepared_here(puzzle_json, symmetry, fingerprint)
    controls = _controls(stop_name, pause_name)
    worker = distributed.get_worker()
    last_report = [0.0]

    def report(progress: SliceReport) -> None:
        now = time.monotonic()
        if now - last_report[0] >= REPORT_SECONDS:
            last_report[0] = now
            worker.log_event(topic, (progress.task.name, progress.fraction, progress.nodes,
                                     progress.solutions, progress.assemblies))

    outcomes = []
    for prefix, share in tasks:
        task = Task(tuple(prefix), share)
        result = run_task(searches, task, controls, record=record, limit=limit,
                          slice_seconds=slice_seconds, on_slice=report)
        if result is None:
            return None
        outcomes.append((task.name, share, result.solutions, result.nodes, result.seconds,
                         result.rows, result.complete, result.assemblies, result.levels,
                         result.verdicts))
    return outcomes


def analyse_on_worker(puzzle_json: str, symmetry: str, fingerprint: str, rows: np.ndarray,
                      slice_seconds: float, stop_name: str,
                      pause_name: str) -> tuple[np.ndarray, float] | None:
    """An analysis job on a Dask worker: (verdicts, seconds), or None when the run stopped."""
    searches = _prepared_here(puzzle_json, symmetry, fingerprint)
    job = AnalysisJob(Task((), 0.0), 0, rows)
    result = run_analysis(searches.prepared, job, _controls(stop_name, pause_name),
                          slice_seconds)
    return None if result is None else (result.verdicts, result.seconds)


def warm_worker(puzzle_json: str, symmetry: str) -> None:
    """Prepare the puzzle on this worker and load the kernels it needs."""
    searches = _prepared_here(puzzle_json, symmetry)
    searches.search(()).run(0)


def _prepared_here(puzzle_json: str, symmetry: str, fingerprint: str | None = None) -> TaskSearches:
    key = (puzzle_json, symmetry)
    with _PREPARED_LOCK:
        entry = _PREPARED.get(key)
        if entry is None:
            searches = TaskSearches(prepare_puzzle(puzzle_from_json(puzzle_json), symmetry))
            entry = _PREPARED[key] = (searches, placements_fingerprint(searches.prepared))
            while len(_PREPARED) > PUZZLES_KEPT:
                _PREPARED.popitem(last=False)
        _PREPARED.move_to_end(key)
    searches, found = entry
    if fingerprint is not None and found != fingerprint:
        raise ClusterError("this worker numbers the placements differently: it runs another "
                           "version of PolyGUI than the one that sent the task")
    return searches


_CONTROLS: dict[str, "_EventControls"] = {}
_CONTROLS_LOCK = threading.Lock()


def _controls(stop_name: str, pause_name: str) -> "_EventControls":
    """The run's stop and pause as this worker process sees them, shared by its tasks, so
    the scheduler is asked once per CONTROL_CHECK_SECONDS, not once per task."""
    with _CONTROLS_LOCK:
        if stop_name not in _CONTROLS:
            distributed = _distributed()
            _CONTROLS[stop_name] = _EventControls(distributed.Event(stop_name),
                                                  distributed.Event(pause_name))
            while len(_CONTROLS) > PUZZLES_KEPT:
                _CONTROLS.pop(next(iter(_CONTROLS)))
        return _CONTROLS[stop_name]


class _EventControls:
    """Stop and pause from Dask Events, asked of the scheduler at most every
    CONTROL_CHECK_SECONDS by all the tasks of a worker process together (a task looks between
    kernel slices, far more often)."""

    def __init__(self, stop_event, pause_event) -> None:
        self._stop_event, self._pause_event = stop_event, pause_event
        self._lock = threading.Lock()
        self._checked = time.monotonic()  # a new run is neither stopped nor paused
        self._stop = self._pause = False

    def _ask(self) -> None:
        with self._lock:
            now = time.monotonic()
            if now - self._checked < CONTROL_CHECK_SECONDS:
                return
            self._checked = now
        stop = self._stop_event.is_set()
        self._pause = not stop and self._pause_event.is_set()
        self._stop = stop

    def stopped(self) -> bool:
        self._ask()
        return self._stop

    def wait_while_paused(self) -> None:
        self._ask()
        while self._pause and not self._stop:
            time.sleep(CONTROL_CHECK_SECONDS)
            self._ask()
