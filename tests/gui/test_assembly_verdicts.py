"""Assemblies taken apart, on their way to the browser: the worker sends each batch's
verdict rows just before the batch, the store keeps one code a verdict (VerdictTable) beside
its rows, up to its bound, and the panel words what a run reports."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QObject, Signal, Slot

from polygui.solving.assembly_counts import assemblies_text, levels_text, progress_lines
from polygui.solving.run import SolveRun
from polygui.solving.store import SolutionStore
from polygui.solving.verdict_table import VerdictTable
from polygui.solving.wording import end_of_run
from puzzles import BURRTOOLS
from solvers import Progress, Solution, count_solutions, solve
from solvers.disassembly.verdicts import summary
from solvers.kernels.status import SOLUTION
from solvers.puzzle.burrtools import load_burrtools


class Arrivals(QObject):
    """A run's batches and verdicts in the order they reach the GUI thread."""

    ended = Signal()

    def __init__(self, run: SolveRun) -> None:
        super().__init__()
        self.order: list[tuple[str, np.ndarray]] = []
        run.worker.verdicts_found.connect(self.verdicts)
        run.worker.solutions_found.connect(self.rows)
        run.worker.finished.connect(self.finish)

    @Slot(object)
    def verdicts(self, verdicts) -> None:
        self.order.append(("verdicts", verdicts))

    @Slot(object)
    def rows(self, rows) -> None:
        self.order.append(("rows", rows))

    @Slot(str)
    def finish(self, _status: str) -> None:
        self.ended.emit()


def test_the_worker_sends_each_batchs_verdicts_just_before_it(qtbot):
    puzzle = load_burrtools(BURRTOOLS / "PelikanBurr.xmpuzzle")
    run = SolveRun(puzzle, "distinct")
    arrivals = Arrivals(run)
    with qtbot.waitSignal(arrivals.ended, timeout=120_000):
        run.start()
    assert run.thread.wait(5_000)
    kinds = [kind for kind, _ in arrivals.order]
    assert kinds and kinds == ["verdicts", "rows"] * (len(kinds) // 2)
    store = SolutionStore(puzzle)
    for kind, array in arrivals.order:
        store.add_verdicts(array) if kind == "verdicts" else store.extend(array)
    truth = {e.rows: e.verdict for e in solve(puzzle) if isinstance(e, Solution)}
    assert len(store) == len(store.verdicts) == len(truth)
    for index in range(len(store)):
        solution = store.solution(index)
        assert solution.verdict == truth[solution.rows]
    final = count_solutions(puzzle)
    assert store.solution_count() == final.solutions < len(store) == final.assemblies


def test_a_store_keeps_verdicts_no_further_than_its_rows(qtbot):
    puzzle = load_burrtools(BURRTOOLS / "PelikanBurr.xmpuzzle")
    batches = [e for e in solve(puzzle, batched=True) if hasattr(e, "verdicts")]
    rows = np.concatenate([b.rows for b in batches])
    verdicts = np.concatenate([b.verdicts for b in batches])
    store = SolutionStore(puzzle, max_kept=5)
    store.add_verdicts(verdicts[:3])
    store.extend(rows[:3])
    snapshot = store.snapshot(solutions_only=False)
    store.add_verdicts(verdicts[3:])
    store.extend(rows[3:])
    assert len(store) == len(store.verdicts) == 5  # the bound
    assert len(snapshot) == len(snapshot.verdicts) == 3  # it did not grow with the store
    assert store.solution(2).verdict == snapshot.solution(2).verdict == tuple(verdicts[2])


def test_a_verdict_table_interns_rows_and_sorts_ties_as_found():
    puzzle = load_burrtools(BURRTOOLS / "SolidSixPieceBurrs.xmpuzzle")
    verdicts = np.array([e.verdict for e in solve(puzzle) if isinstance(e, Solution)],
                        dtype=np.int32)
    table = VerdictTable()
    table.extend(verdicts[:100])
    table.extend(verdicts[100:])
    assert len(table) == len(verdicts) and len(table._rows) < len(verdicts) // 10
    solutions = np.flatnonzero(verdicts[:, 0] == SOLUTION)
    assert np.array_equal(np.flatnonzero(table.solution_mask()), solutions)
    assert table.solutions() == len(solutions)
    by_level = table.ordered(solutions, "level")
    keys = [summary(verdicts[i])[0] for i in by_level]
    assert keys == sorted(keys)
    for key in set(keys):  # within a level, as found
        same = [i for i in by_level if summary(verdicts[i])[0] == key]
        assert same == sorted(same)
    everything = table.ordered(np.arange(len(verdicts)), "moves")
    assert set(everything[len(solutions):]) == set(range(len(verdicts))) - set(solutions)
    assert table.describe(int(solutions[0])).startswith("comes apart: level ")


def test_the_panel_words_assemblies_analysing_and_levels():
    assert assemblies_text(1, 12) == "12 assemblies, 1 solution"
    report = Progress("searching", solutions=1, assemblies=12, analysing=3,
                      levels=(("98.2.4.2", 1),))
    assert progress_lines(report) == ["12 assemblies, 1 solution", "analysing 3 assemblies…",
                                      "Levels: 98.2.4.2: 1"]
    many = tuple((f"1.{n}", n) for n in range(1, 10))
    assert levels_text(many).endswith("3 more levels (24 solutions)")
    assert progress_lines(Progress("searching", solutions=5)) == []  # no assemblies taken apart
    assert end_of_run("done", 1, 1, 10, assemblies=12) == "Finished: 1 solution (of 12 assemblies)."
    assert end_of_run("done", 0, 0, 10, assemblies=96) == \
        "No solution: none of the 96 assemblies comes apart."
    assert end_of_run("done", 3, 3, 10) == "Finished: 3 solutions."


def test_a_snapshot_for_exports_and_tallies_holds_the_solutions_only(qtbot):
    puzzle = load_burrtools(BURRTOOLS / "PelikanBurr.xmpuzzle")
    store = SolutionStore(puzzle)
    for batch in solve(puzzle, batched=True):
        if hasattr(batch, "verdicts"):
            store.add_verdicts(batch.verdicts)
            store.extend(batch.rows[:3])  # several chunks
            store.extend(batch.rows[3:])
    solutions = [store.solution(i).rows for i in range(len(store))
                 if store.verdicts.status(i) == SOLUTION]
    snapshot = store.snapshot()
    assert [solution.rows for solution in snapshot] == solutions
    assert snapshot.solution_count() == len(snapshot) == store.solution_count()
    everything = store.snapshot(solutions_only=False)
    assert len(everything) == len(everything.verdicts) == len(store)
