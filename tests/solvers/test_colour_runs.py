"""Painted puzzles through the run pipeline unchanged: tasks on threads, a run file stopped and
resumed, a Dask cluster of worker processes; each gives exactly the one-thread solutions."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from solvers import Progress, Solution, solve
from solvers.parallel.run import ParallelRun
from solvers.parallel.runfile import RunFile, RunFileError
from solvers.puzzle.fileformat import load_puzzle
from solvers.search.solve import solve as solve_one_thread

CHECKERED = Path(__file__).resolve().parents[2] / "assets" / "puzzles" / \
    "pentominoes-checkered.json"


def keys_and_final(events) -> tuple[list, Progress]:
    events = list(events)
    return [e.rows for e in events if isinstance(e, Solution)], events[-1]


def one_thread(mode: str) -> set:
    return set(keys_and_final(solve_one_thread(load_puzzle(CHECKERED), mode))[0])


@pytest.mark.parametrize("mode", ["distinct", "all"])
def test_tasks_on_threads_find_the_one_thread_solutions(mode):
    run = ParallelRun(load_puzzle(CHECKERED), mode, jobs=2, trial_seconds=0)
    keys, final = keys_and_final(run.events())
    assert final.exhausted and len(keys) == len(set(keys)) == final.solutions
    assert set(keys) == one_thread(mode)


def test_a_painted_run_stopped_and_resumed_ends_exactly(tmp_path):
    path = tmp_path / "checkered.polyrun"
    first = ParallelRun(load_puzzle(CHECKERED), "all", jobs=2, trial_seconds=0,
                        checkpoint=path).events()
    for event in first:
        if isinstance(event, Solution):
            break
    first.close()
    kept = RunFile.open(path)
    done, total = len(kept.finished()), len(kept.split().tasks)
    kept.close()
    assert done < total  # stopped at its first solution, with tasks left to resume
    keys, final = keys_and_final(ParallelRun(None, "all", jobs=2, resume=path).events())
    assert final.exhausted and set(keys) == one_thread("all") and len(keys) == len(set(keys))


def test_a_run_file_of_other_paint_or_rules_is_refused(tmp_path):
    path = tmp_path / "checkered.polyrun"
    puzzle = load_puzzle(CHECKERED)
    keys_and_final(ParallelRun(puzzle, "distinct", jobs=2, trial_seconds=0, count_only=True,
                               checkpoint=path).events())
    loosened = replace(puzzle, colour_rules=puzzle.colour_rules + ((1, 2),))
    with pytest.raises(RunFileError, match="another puzzle"):
        list(ParallelRun(loosened, "distinct", jobs=2, resume=path).events())


@pytest.mark.slow
def test_a_local_dask_cluster_counts_a_painted_puzzle_exactly():
    run = ParallelRun(load_puzzle(CHECKERED), "all", cluster="local:2")
    keys, final = keys_and_final(run.events())
    assert final.exhausted and set(keys) == one_thread("all") and len(keys) == len(set(keys))
    assert final.solutions == len(list(e for e in solve(load_puzzle(CHECKERED), "all")
                                       if isinstance(e, Solution)))
