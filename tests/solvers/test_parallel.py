"""Parallel search on threads: exact counts and solutions in every mode, limits, pause, stop,
and run files (checkpoints) that resume exactly, after a stop or a SIGKILL."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from oracle import oracle_counts
from puzzles import BURRTOOLS, pentomino_box, shipped
from solvers import Progress, Solution, count_solutions, solve
from solvers.parallel.run import ParallelRun
from solvers.parallel.runfile import RunFile, RunFileError
from solvers.puzzle.fileformat import save_puzzle
from test_engine_vs_oracle import KINDS, SEEDS, make_puzzle

SHIPPED = ["meteor.json", "soma.json", "pentominoes-6x10.json", "pentominoes-5x12.json",
           "pentominoes-3x20.json", "no-solution.json", "sudoku-4x4-empty.json",
           "sudoku-reference.json", "sudoku-hard.json", "sudoku-16x16.json"]


def found(events) -> tuple[list, Progress]:
    """(the solutions as comparable keys, the final Progress)."""
    events = list(events)
    keys = [s.rows or s.grid for s in events if isinstance(s, Solution)]
    assert isinstance(events[-1], Progress) and events[-1].phase == "done"
    return keys, events[-1]


def split_run(puzzle, mode, **options) -> ParallelRun:
    """A run that splits at once (no one-thread trial), on two threads."""
    return ParallelRun(puzzle, mode, jobs=2, trial_seconds=0, **options)


def search_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("polygui-search")]


@pytest.mark.parametrize("name", SHIPPED)
@pytest.mark.parametrize("mode", ["distinct", "rotations", "all"])
def test_tasks_find_exactly_the_single_search_solutions(name, mode):
    puzzle = shipped(name)
    single, single_final = found(solve(puzzle, mode))
    tasks, final = found(split_run(puzzle, mode).events())
    assert sorted(tasks) == sorted(single) and len(set(tasks)) == len(tasks)
    assert final.solutions == single_final.solutions and final.exhausted
    assert final.fraction_done == 1.0
    counted = split_run(puzzle, mode, count_only=True)
    assert found(counted.events())[1].solutions == single_final.solutions
    assert not search_threads()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, kind=KINDS)
def test_split_counts_equal_the_oracle_on_random_puzzles(seed, kind):
    puzzle, board, pieces = make_puzzle(seed, kind)
    for mode, expected in oracle_counts(kind, board, pieces).items():
        assert found(split_run(puzzle, mode, count_only=True).events())[1].solutions == expected


def test_a_limit_gives_that_many_different_solutions():
    keys, final = found(split_run(shipped("pentominoes-6x10.json"), "all", limit=100).events())
    assert len(keys) == len(set(keys)) == 100 == final.solutions
    assert not final.exhausted


def test_a_puzzle_solved_during_the_trial_never_starts_the_pool():
    run = ParallelRun(shipped("soma.json"), "all", jobs=2)
    keys, final = found(run.events())
    assert len(keys) == final.solutions == 11520 and run._backend is None


def test_a_run_finished_in_the_trial_reports_its_own_rate():
    """The rate is the trial's nodes over the trial's search time (it was over the moment
    since the trial ended: billions of nodes a second on screen)."""
    run = ParallelRun(shipped("meteor.json"), "distinct", jobs=2)
    _, final = found(run.events())
    assert run._backend is None and final.elapsed > 0
    assert final.nodes_per_second == pytest.approx(final.nodes / final.elapsed, rel=0.1)


def test_stopping_the_iteration_stops_every_thread():
    events = split_run(pentomino_box(3, 4, 5), "distinct", count_only=True).events()
    for event in events:
        if isinstance(event, Progress) and event.phase == "searching" and event.nodes:
            break
    assert search_threads()
    events.close()
    assert not search_threads()


def test_pause_holds_every_thread_and_resume_ends_exactly():
    run = split_run(pentomino_box(2, 5, 6), "distinct", count_only=True)
    events = run.events()
    for event in events:
        if isinstance(event, Progress) and event.phase == "searching" and event.nodes:
            break
    run.pause()  # the run hands it to the threads within a slice, as it keeps reporting
    seen = []
    started = time.monotonic()
    for event in events:
        elapsed = time.monotonic() - started
        if elapsed > 0.3:  # every thread has ended its slice
            seen.append(event.nodes)
        if elapsed > 1.0:
            break
    assert len(seen) > 5 and len(set(seen)) == 1, "the search went on while paused"
    run.resume()
    final = found(events)[1]
    assert final.exhausted and final.solutions == 264 and 0 < seen[0] < final.nodes


def test_a_puzzle_with_copies_left_off_runs_as_one_task(tmp_path):
    """DemoPieceGenerator: up to 10 monominoes beside 10 optional cells. The probe that splits
    a tree does not branch as the kernel does on copies left off the board, so such a puzzle
    runs as the one task "root", and its run file names no prefix through an absent row: a
    kernel that leaves copies off in fewer nodes (as since c4e54aa) cannot misread a file
    saved before it, whose unfinished task runs again from the root."""
    from solvers.parallel import tasks
    from solvers.puzzle.burrtools import load_burrtools
    from solvers.search.prepare import prepare_puzzle

    puzzle = load_burrtools(BURRTOOLS / "DemoPieceGenerator.xmpuzzle")
    assert [task.name for task in tasks.split_tree(prepare_puzzle(puzzle), 8).tasks] == ["root"]
    single = found(solve(puzzle, "distinct"))[1]
    run_path = tmp_path / "run.polyrun"
    split = found(split_run(puzzle, "distinct", count_only=True, checkpoint=run_path).events())
    kept = RunFile.open(run_path)
    assert [task.name for task in kept.split().tasks] == ["root"]
    kept.close()
    assert split[1].solutions == single.solutions > 0 and split[1].exhausted


@pytest.mark.parametrize("count_only", [True, False])
def test_a_stopped_run_resumes_to_the_same_solutions(tmp_path, count_only):
    puzzle = shipped("pentominoes-6x10.json")
    run_path = tmp_path / "run.polyrun"
    first = split_run(puzzle, "all", count_only=count_only, checkpoint=run_path).events()
    before = []
    for event in first:
        if isinstance(event, Solution):
            before.append(event.rows)
        if isinstance(event, Progress) and event.fraction_done > 0.3:
            break
    first.close()  # stop: what finished is committed
    kept = RunFile.open(run_path)
    done, total = len(kept.finished()), len(kept.split().tasks)
    kept.close()
    assert 0 < done < total
    keys, final = found(split_run(None, "all", count_only=count_only, resume=run_path).events())
    assert final.solutions == 9356 and final.exhausted
    if not count_only:
        assert len(keys) == len(set(keys)) == 9356
        assert set(keys) == set(found(solve(puzzle, "all"))[0])


def test_run_files_of_other_puzzles_or_modes_are_refused(tmp_path):
    run_path = tmp_path / "run.polyrun"
    found(split_run(shipped("soma.json"), "distinct", count_only=True,
                    checkpoint=run_path).events())
    with pytest.raises(RunFileError, match="another puzzle"):
        list(split_run(shipped("meteor.json"), "distinct", resume=run_path).events())
    with pytest.raises(RunFileError, match="counts without keeping"):
        list(split_run(None, "distinct", resume=run_path).events())
    garbage = tmp_path / "garbage.polyrun"
    garbage.write_bytes(b"not a database at all" * 100)
    with pytest.raises(RunFileError, match="not a PolyGUI run file"):
        list(split_run(None, "distinct", resume=garbage).events())
    db = sqlite3.connect(run_path)
    with db:
        db.execute("UPDATE meta SET value = '99' WHERE key = 'version'")
    db.close()
    with pytest.raises(RunFileError, match="version 99"):
        list(split_run(None, "distinct", count_only=True, resume=run_path).events())


@pytest.mark.slow
def test_a_run_killed_with_sigkill_resumes_to_the_exact_count(tmp_path):
    """The CLI keeps the run; SIGKILL once some tasks are committed; resuming in this
    process ends with the published count (3940 pentomino packings of a 3x4x5 box)."""
    run_path = killed_once_tasks_are_kept(pentomino_box(3, 4, 5), tmp_path)
    final = count_solutions(None, "distinct", resume=run_path, jobs=2)
    assert final.exhausted and final.solutions == 3940


def killed_once_tasks_are_kept(puzzle, folder: Path) -> Path:
    """The run file of `polygui-solve --checkpoint` on `puzzle`, SIGKILLed as soon as some of
    its tasks are kept (and checked to hold some, not all)."""
    puzzle_path, run_path = folder / "puzzle.json", folder / "puzzle.polyrun"
    save_puzzle(puzzle, puzzle_path)
    process = subprocess.Popen([sys.executable, "-m", "solvers.cli.main", str(puzzle_path),
                                "--count-only", "--jobs", "1", "--checkpoint", str(run_path)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while committed_tasks(run_path) == 0 and process.poll() is None:
            assert time.monotonic() < deadline, "no task was committed in two minutes"
            time.sleep(0.05)
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.wait()
    assert process.returncode == -signal.SIGKILL
    kept = RunFile.open(run_path)
    assert 0 < len(kept.finished()) < len(kept.split().tasks)
    kept.close()
    return run_path


def committed_tasks(path) -> int:
    if not path.exists():
        return 0
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return db.execute("SELECT count(*) FROM tasks WHERE done").fetchone()[0]
        finally:
            db.close()
    except sqlite3.Error:  # being created
        return 0


def test_a_report_arriving_after_its_tasks_result_is_not_counted_again():
    """A cluster's progress reports travel apart from results, and a task whose worker died
    runs twice: late reports and a second result must change nothing."""
    from solvers.parallel.tally import Tally
    from solvers.parallel.tasks import Split, Task
    from solvers.parallel.worker import SliceReport, TaskResult
    from solvers.search.prepare import prepare_puzzle

    prepared = prepare_puzzle(shipped("soma.json"), "distinct")
    first, second = Task((1,), 0.5), Task((2,), 0.5)
    tally = Tally(prepared, Split([first, second], 0.0))
    tally.running(SliceReport(first, np.zeros((0, 7), np.int32), 0.5, 100, 3))
    tally.finished(TaskResult(first, 7, 200, 0.1, np.zeros((0, 7), np.int32)))
    tally.running(SliceReport(first, np.zeros((0, 7), np.int32), 0.9, 180, 6))  # late
    tally.finished(TaskResult(first, 7, 200, 0.1, np.zeros((0, 7), np.int32)))  # run again
    assert tally.solutions == 7 and tally.progress("searching").fraction_done == 0.5
    assert not tally.exhausted


def test_a_tree_that_hardly_branches_is_split_with_bounded_work(monkeypatch):
    """64x64 cells filled by monominoes: every node has one choice, 4,096 levels deep. The
    split probes a bounded number of nodes (it once probed them all, each over a table of
    rows x items, for minutes), and one task still covers the whole tree."""
    from solvers import GridKind, Piece, Puzzle
    from solvers.parallel import tasks
    from solvers.search.prepare import prepare_puzzle

    board = tuple((x, y) for x in range(64) for y in range(64))
    prepared = prepare_puzzle(Puzzle(GridKind.SQUARE, "64x64", board=board,
                                     pieces=(Piece("o", ((0, 0),), count=len(board)),)))
    probed = []
    real = tasks.PolyformProbe.choices
    monkeypatch.setattr(tasks.PolyformProbe, "choices",
                        lambda self, node: probed.append(1) or real(self, node))
    split = tasks.split_tree(prepared, 8)
    assert len(probed) <= tasks.PROBES_PER_TASK * tasks.MOST_TASKS_PER_TARGET * 8 < len(board)
    assert len(split.tasks) == 1 and split.tasks[0].share == 1.0
