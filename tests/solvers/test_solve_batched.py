"""solve(..., batched=True): the same solutions as one event each, as arrays a slice at a time,
from a kernel that buffers thousands of solutions between two returns."""

from pathlib import Path

import numpy as np

from solvers import (GridKind, Piece, Progress, Puzzle, Solution, SolutionBatch, SudokuGrid,
                     solve)
from solvers.puzzle.fileformat import load_puzzle
from solvers.search.choice import BUFFER_BYTES, SMALL_BUFFER, buffer_rows

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"


def dominoes(width: int, height: int) -> Puzzle:
    """The domino tilings of a rectangle: many solutions, found fast."""
    board = tuple((x, y) for x in range(width) for y in range(height))
    return Puzzle(GridKind.SQUARE, "dominoes", board=board,
                  pieces=(Piece("domino", ((0, 0), (1, 0)), count=len(board) // 2),))


def one_by_one(puzzle: Puzzle, **options) -> list[Solution]:
    return [event for event in solve(puzzle, **options) if isinstance(event, Solution)]


def batches(puzzle: Puzzle, **options) -> list[SolutionBatch]:
    events = list(solve(puzzle, batched=True, **options))
    assert not any(isinstance(event, Solution) for event in events)
    assert isinstance(events[-1], Progress) and events[-1].phase == "done"
    return [event for event in events if isinstance(event, SolutionBatch)]


def test_batches_hold_the_solutions_solve_yields_one_by_one():
    meteor = load_puzzle(ASSETS / "meteor.json")
    found = batches(meteor, symmetry="all")
    assert [solution for batch in found for solution in batch] == one_by_one(meteor,
                                                                              symmetry="all")
    firsts = [batch.first for batch in found]
    assert firsts == [0] + list(np.cumsum([len(batch) for batch in found])[:-1])
    rows = np.concatenate([batch.rows for batch in found])
    assert (np.diff(rows, axis=1) > 0).all()  # each solution's placement rows, sorted


def test_sudoku_batches_hold_value_grids():
    empty = load_puzzle(ASSETS / "sudoku-4x4-empty.json")
    found = batches(empty)
    assert [solution for batch in found for solution in batch] == one_by_one(empty)
    assert all(batch.placements is None and batch.rows.shape[1] == 16 for batch in found)


def test_the_kernel_buffers_thousands_of_solutions_between_returns():
    """Each return from the kernel runs Python holding the GIL: searches get room for
    BUFFER_BYTES of solutions, not 256 of them."""
    puzzle = dominoes(6, 6)
    found = batches(puzzle, symmetry="distinct")
    total = sum(len(batch) for batch in found)
    assert total == len(one_by_one(puzzle, symmetry="distinct")) > SMALL_BUFFER
    assert max(len(batch) for batch in found) > SMALL_BUFFER
    assert buffer_rows(32) == BUFFER_BYTES // 128 > SMALL_BUFFER == buffer_rows(10 ** 9)


def test_a_batched_run_stops_at_its_limit_and_counting_yields_no_batches():
    puzzle = dominoes(6, 6)
    limited = batches(puzzle, symmetry="all", limit=1000)
    assert sum(len(batch) for batch in limited) == 1000
    first_thousand = one_by_one(puzzle, symmetry="all", limit=1000)
    assert [solution for batch in limited for solution in batch] == first_thousand
    assert batches(puzzle, symmetry="all", count_only=True) == []


def test_an_empty_sudoku_in_batches_still_reports_progress():
    """Every slice fills the (larger) buffer; progress must still come between batches."""
    empty = Puzzle(GridKind.SUDOKU, "empty", sudoku=SudokuGrid(3, 3, (0,) * 81))
    reports, solutions = [], 0
    for event in solve(empty, "all", slice_seconds=0.0, batched=True):
        if isinstance(event, SolutionBatch):
            solutions += len(event)
        elif event.phase == "searching":
            reports.append(event)
        if len(reports) == 3:
            break
    assert 0 < reports[0].solutions < reports[1].solutions < reports[2].solutions <= solutions


def test_parallel_runs_and_run_files_give_batches_of_the_same_solutions(tmp_path):
    """The window's runs go through solvers.parallel (threads, a run file): batched there
    too, numbered on from batch to batch, with the same solutions as one by one."""
    from solvers.parallel.run import ParallelRun

    meteor = load_puzzle(ASSETS / "meteor.json")
    single = sorted(solution.rows for solution in one_by_one(meteor, symmetry="all"))
    runs = {"threads": ParallelRun(meteor, "all", jobs=2, trial_seconds=0, batched=True),
            "trial": ParallelRun(meteor, "all", jobs=1, checkpoint=tmp_path / "trial.run",
                                 batched=True),
            "run file": ParallelRun(meteor, "all", jobs=2, trial_seconds=0, batched=True,
                                    checkpoint=tmp_path / "tasks.run")}
    for name, run in runs.items():
        events = list(run.events())
        assert not any(isinstance(event, Solution) for event in events), name
        found = [event for event in events if isinstance(event, SolutionBatch)]
        assert [batch.first for batch in found] == list(
            np.cumsum([0] + [len(batch) for batch in found])[:-1]), name
        assert sorted(solution.rows for batch in found for solution in batch) == single, name
    limited = ParallelRun(meteor, "all", jobs=2, trial_seconds=0, limit=100, batched=True)
    assert sum(len(event) for event in limited.events()
               if isinstance(event, SolutionBatch)) == 100
