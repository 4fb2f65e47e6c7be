"""The second stage of a run whose assemblies must come apart: analysis jobs.

A run's search tasks give out their assemblies unanalysed (solvers.search.slices, `analyse`
off); the run cuts them into jobs of at most JOB_ASSEMBLIES and hands the jobs to the same
backend as the tasks (a thread pool, a Dask cluster), which runs them before any search
task still waiting: every core takes assemblies apart, however the search tree splits (a
puzzle with optional cells is searched as one task). Each job is independent and its
results (verdict rows) do not depend on which worker ran it, so a run's solutions, levels
and moves are the same on any number of workers.

A search task is complete once its search has finished and every job of its assemblies is
back; only then is it counted as done and kept in a run file, with its assemblies and their
verdicts. Verdicts of jobs finished before a stop (`known`: kept by the run file) are reused
when a resumed run meets the same assemblies again: a long analysis is not done twice.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from ..disassembly.verdicts import is_solution, level_counts
from ..records import record
from ..search.events import Found
from ..search.prepare import Prepared
from .tasks import Task
from .worker import Controls, TaskResult

JOB_ASSEMBLIES = 32  # assemblies of a job: small enough that the pool shares them out well
FIRST_BUDGET = 2_000  # states expanded in a job's first slice; then sized to the slice time


@record
class AnalysisJob:
    task: Task  # the search task whose assemblies these are
    number: int  # the task's jobs, numbered from 0
    rows: np.ndarray = field(repr=False)  # kernel rows (distinct ones when orbits expand)

    @property
    def name(self) -> str:
        return f"{self.task.name}/{self.number}"


@dataclass
class AnalysisResult:
    job: AnalysisJob
    verdicts: np.ndarray = field(repr=False)
    seconds: float = 0.0


def run_analysis(prepared: Prepared, job: AnalysisJob, controls: Controls,
                 slice_seconds: float = 0.05) -> AnalysisResult | None:
    """A job's assemblies taken apart a slice at a time, stop and pause honoured between
    slices; None when the run stopped first. The same code in a pool thread and on a
    cluster worker."""
    analysis = prepared.disassembler.block(job.rows)
    cancel = np.zeros(1, dtype=np.int64)
    budget, seconds = FIRST_BUDGET, 0.0
    while not analysis.finished:
        controls.wait_while_paused()
        if controls.stopped():
            return None
        start, expanded = time.perf_counter(), analysis.expanded
        analysis.run(budget, cancel)
        spent = time.perf_counter() - start
        seconds += spent
        if spent > 0.002:
            rate = max(1, analysis.expanded - expanded) / spent
            budget = int(min(max(rate * slice_seconds, 100), 4 * budget))
        else:
            budget *= 2
    return AnalysisResult(job, analysis.verdicts, seconds)


@dataclass
class _TaskState:
    """What a search task has given out and what of it is analysed."""

    jobs_out: int = 0  # jobs sent and not back
    assemblies_out: int = 0  # their assemblies
    jobs_made: int = 0
    searched: TaskResult | None = None  # its search's result, once finished
    found: list[Found] = field(default_factory=list)  # analysed rows, kept when listing
    assemblies: int = 0  # counted in the run's mode
    solutions: int = 0
    levels: Counter = field(default_factory=Counter)
    seconds: float = 0.0


class AnalysisStage:
    """A run's analysis jobs: made from each task's assemblies, matched with their results,
    and a task's counts gathered until it is complete."""

    def __init__(self, prepared: Prepared, *, keep_rows: bool,
                 known: dict[bytes, np.ndarray] | None = None) -> None:
        """`keep_rows`: keep each task's rows and verdicts for its result (a run that lists
        its solutions); `known`: verdicts found before, by assembly rows' bytes."""
        self.prepared, self.keep_rows = prepared, keep_rows
        self.known = known or {}
        self.tasks: dict[str, _TaskState] = {}
        self.finished_jobs: list[AnalysisResult] = []  # since the run file last kept them

    def jobs_for(self, task: Task, rows: np.ndarray) -> tuple[list[AnalysisJob], Found]:
        """The jobs for a task's new assemblies, and those already known (analysed before a
        resume), with their verdicts, to count and give out at once."""
        state = self.tasks.setdefault(task.name, _TaskState())
        rows = np.ascontiguousarray(rows, dtype=np.int32)
        known = np.array([row.tobytes() in self.known for row in rows], dtype=bool)
        ready = Found(rows[known], np.array([self.known[row.tobytes()] for row in rows[known]],
                                           dtype=np.int32).reshape(int(known.sum()), -1)
                      if known.any() else self._no_verdicts())
        self._count(state, ready)
        waiting = rows[~known]
        jobs = []
        for start in range(0, len(waiting), JOB_ASSEMBLIES):
            jobs.append(AnalysisJob(task, state.jobs_made, waiting[start:start + JOB_ASSEMBLIES]))
            state.jobs_made += 1
        state.jobs_out += len(jobs)
        state.assemblies_out += len(waiting)
        return jobs, ready

    def analysed(self, result: AnalysisResult) -> Found:
        """A job is back: its rows and verdicts, to count and give out."""
        state = self.tasks[result.job.task.name]
        state.jobs_out -= 1
        state.assemblies_out -= len(result.job.rows)
        state.seconds += result.seconds
        found = Found(result.job.rows, result.verdicts)
        self._count(state, found)
        self.finished_jobs.append(result)
        return found

    def searched(self, result: TaskResult) -> None:
        """A task's search has finished (its assemblies were all handed to `jobs_for`)."""
        self.tasks.setdefault(result.task.name, _TaskState()).searched = result

    def complete(self) -> list[TaskResult]:
        """The tasks whose search has finished and whose assemblies are all analysed, with
        their final counts (each given once)."""
        done = [name for name, state in self.tasks.items()
                if state.searched is not None and state.jobs_out == 0]
        results = []
        for name in done:
            state = self.tasks.pop(name)
            searched = state.searched
            rows = verdicts = None
            if self.keep_rows:
                rows = (np.concatenate([f.rows for f in state.found]) if state.found
                        else searched.rows[:0])
                verdicts = (np.concatenate([f.verdicts for f in state.found]) if state.found
                            else self._no_verdicts())
            results.append(TaskResult(searched.task, state.solutions, searched.nodes,
                                      searched.seconds + state.seconds,
                                      rows if rows is not None else searched.rows[:0],
                                      searched.complete, state.assemblies, dict(state.levels),
                                      verdicts))
        return results

    @property
    def waiting(self) -> int:
        """Assemblies sent to be analysed and not back."""
        return sum(state.assemblies_out for state in self.tasks.values())

    def solutions_of_incomplete(self) -> int:
        return sum(state.solutions for state in self.tasks.values())

    def levels_of_incomplete(self) -> Counter:
        total: Counter = Counter()
        for state in self.tasks.values():
            total.update(state.levels)
        return total

    def _count(self, state: _TaskState, found: Found) -> None:
        if not len(found.rows):
            return
        weights = (self.prepared.orbits.counts(found.rows) if self.prepared.orbits is not None
                   else np.ones(len(found.rows), dtype=np.int64))
        state.assemblies += int(weights.sum())
        state.solutions += int(weights[is_solution(found.verdicts)].sum())
        state.levels.update(level_counts(found.verdicts, weights))
        if self.keep_rows:
            state.found.append(found)

    def _no_verdicts(self) -> np.ndarray:
        return np.zeros((0, self.prepared.disassembler.width), dtype=np.int32)
