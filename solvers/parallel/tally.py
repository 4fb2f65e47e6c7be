"""A run's figures from all its tasks together: solutions, nodes, the fraction of the tree
done (finished tasks' shares exactly, running tasks' shares times their own fraction done),
the time left, and the numbering of the solutions given out, up to the limit."""

from __future__ import annotations

import time
from collections import Counter
from typing import TYPE_CHECKING

from ..search.events import Found, Progress
from ..search.prepare import Prepared
from ..search.solve import with_assemblies

if TYPE_CHECKING:
    from .split import Split
    from .worker import SliceReport, TaskResult


class Tally:
    def __init__(self, prepared: Prepared, split: Split, limit: int = 0) -> None:
        self.prepared, self.limit = prepared, limit
        self.shares = {task.name: task.share for task in split.tasks}
        self.tasks_left = len(split.tasks)
        self.done_share = split.dead_share
        self.done_solutions = self.done_nodes = 0
        self.done_assemblies = 0  # taking assemblies apart: those of finished tasks,
        self.levels: Counter = Counter()  # and their solutions' levels
        self.given_solutions = 0  # solutions among the assemblies given out
        self.stage = None  # a run's AnalysisStage: solutions of tasks not complete yet
        self.searched_tasks: set[str] = set()  # their search done, analyses not all back
        self.running_now: dict[str, SliceReport] = {}
        self.finished_tasks: set[str] = set()
        self.emitted = 0  # solutions given out so far (their index is the count before)
        self.started = time.perf_counter()
        self.earlier_seconds = 0.0  # search time of the run before a resume
        self.restored_share = self.restored_nodes = 0  # what a resumed run found done
        self.notes: tuple[str, ...] = ()  # what the run file resumed did not prove

    # --- what happened -----------------------------------------------------------------------
    def restore(self, done: dict[str, tuple], seconds: float) -> None:
        """Tasks a run file says are finished (name -> solutions, nodes, seconds, and when
        assemblies are taken apart, assemblies and levels), and the run's search time
        before."""
        for name, (solutions, nodes, _seconds, *apart) in done.items():
            self.finished_tasks.add(name)
            self.done_share += self.shares[name]
            self.done_solutions += solutions
            self.done_nodes += nodes
            if apart:
                self.done_assemblies += apart[0]
                self.levels.update(apart[1])
            self.tasks_left -= 1
        self.restored_share, self.restored_nodes = self.done_share, self.done_nodes
        self.earlier_seconds = seconds

    def running(self, report: SliceReport) -> None:
        """A running task's latest report. A cluster's reports travel apart from results and
        a task may run twice (its worker died): one arriving after the result is stale."""
        if report.task.name not in self.finished_tasks | self.searched_tasks:
            self.running_now[report.task.name] = report

    def searched(self, result: TaskResult) -> None:
        """A task's search is over, its assemblies not all analysed: its part of the tree is
        searched (the fraction done), but it is not finished."""
        name = result.task.name
        if name in self.finished_tasks or name in self.searched_tasks:
            return
        self.searched_tasks.add(name)
        from .worker import SliceReport  # a run split into tasks only

        self.running_now[name] = SliceReport(result.task, result.rows[:0], 1.0, result.nodes,
                                             0, result.assemblies)

    def finished(self, result: TaskResult) -> None:
        if result.task.name in self.finished_tasks:
            return  # counted already (a task run again after its worker died)
        self.finished_tasks.add(result.task.name)
        self.searched_tasks.discard(result.task.name)
        self.running_now.pop(result.task.name, None)
        self.done_solutions += result.solutions
        self.done_nodes += result.nodes
        self.done_assemblies += result.assemblies
        self.levels.update(result.levels)
        if result.complete:
            self.done_share += result.task.share
            self.tasks_left -= 1

    def trial_done(self, sliced) -> None:
        """The whole tree was searched in one go (a SlicedSearch). Its search time is this
        session's, for the elapsed time and the rate alike."""
        self.done_solutions, self.done_nodes = sliced.solutions, sliced.nodes
        self.done_assemblies, self.levels = sliced.assemblies, Counter(sliced.levels)
        self.started = time.perf_counter() - sliced.elapsed
        self.done_share = 1.0 if sliced.finished else sliced.fraction_done
        self.tasks_left = 0 if sliced.finished else 1

    def take(self, counted: Found) -> Found:
        """The solutions to give out of `counted`: all of them, or those up to the limit
        (with a disassembler: the assemblies up to the one that makes the limit's
        solutions)."""
        if self.limit:
            counted = counted.up_to(max(0, self.limit - self.given_solutions))
        self.emitted += len(counted.rows)
        self.given_solutions += counted.solution_count()
        return counted

    # --- where the run stands ---------------------------------------------------------------
    @property
    def solutions(self) -> int:
        found = self.done_solutions + sum(r.solutions for r in self.running_now.values())
        if self.stage is not None:
            found += self.stage.solutions_of_incomplete()
        return min(found, self.limit) if self.limit else found

    @property
    def limit_reached(self) -> bool:
        return bool(self.limit) and self.solutions >= self.limit

    @property
    def exhausted(self) -> bool:
        return self.tasks_left == 0

    @property
    def elapsed(self) -> float:
        """Search time: this session's, and the run's before a resume."""
        return self.earlier_seconds + time.perf_counter() - self.started

    def progress(self, phase: str) -> Progress:
        """Rates and the time left come from this session alone: a resumed run's restored
        tasks took no time in it."""
        running = self.running_now.values()
        nodes = self.done_nodes + sum(r.nodes for r in running)
        fraction = self.done_share + sum(self.shares[r.task.name] * r.fraction for r in running)
        fraction = 1.0 if self.exhausted else min(fraction, 1.0)
        session = time.perf_counter() - self.started
        gained = fraction - self.restored_share
        time_left = None
        if phase == "searching" and gained > 0.01 and session > 1.0:
            time_left = session * (1 - fraction) / gained
        rate = (nodes - self.restored_nodes) / session if session > 0 else 0.0
        progress = Progress(phase, nodes, self.solutions, fraction, self.elapsed, rate,
                            time_left, self.exhausted, self.prepared.symmetry,
                            self.prepared.group_size, notes=self.notes)
        if self.prepared.disassembler is None:
            return progress
        assemblies = self.done_assemblies + sum(r.assemblies for r in running)
        levels, waiting = self.levels, 0
        if self.stage is not None:
            levels, waiting = levels + self.stage.levels_of_incomplete(), self.stage.waiting
        return with_assemblies(progress, assemblies, levels, waiting)
