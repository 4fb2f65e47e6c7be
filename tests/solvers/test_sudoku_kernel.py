"""The Sudoku kernels: the resumable search for any size and the 9x9 batch solver."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from solvers.kernels.exact_cover import BUFFER_FULL, FINISHED, RUNNING
from solvers.puzzle.textformats import parse_sudoku_lines
from solvers.search.sudoku import (SudokuSearch, check_solution, conflicting_givens, solve_batch,
                                   sudoku_verdict)

REFERENCE = "010056207000700005000300498000200380006000700051007000684002000100003000305460020"
REFERENCE_SOLUTION = ("418956237923784615567321498749215386236849751851637942684192573"
                      "192573864375468129")
SUDOKU_SETS = Path(__file__).resolve().parents[2] / "assets" / "sudoku"


def digits(line: str) -> np.ndarray:
    return np.array([int(c) for c in line], dtype=np.int8)


def run_to_end(search: SudokuSearch, budget: int = 1_000_000, **options) -> list[np.ndarray]:
    """All solutions, in order, taking them whenever the buffer fills."""
    found: list[np.ndarray] = []
    while True:
        status = search.run(budget, **options)
        found.extend(search.take_solutions())
        if status == FINISHED:
            return found


def pattern_grid(box_rows: int, box_cols: int) -> np.ndarray:
    """A valid n x n grid: row r is the first row shifted by a box width per row in a box
    band and by one between bands."""
    n = box_rows * box_cols
    return np.array([(box_cols * (r % box_rows) + r // box_rows + c) % n + 1
                     for r in range(n) for c in range(n)], dtype=np.int16)


def puzzle_from(grid: np.ndarray, keep: float, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.where(rng.random(grid.size) < keep, grid, 0).astype(np.int16)


def brute_force_count(givens: list[int]) -> int:
    """Solutions of a 4x4 Sudoku by plain backtracking over the cells."""
    grid = list(givens)

    def allowed(cell: int, value: int) -> bool:
        r, c = divmod(cell, 4)
        top, left = r // 2 * 2, c // 2 * 2
        peers = ({r * 4 + k for k in range(4)} | {k * 4 + c for k in range(4)}
                 | {(top + i) * 4 + left + j for i in range(2) for j in range(2)}) - {cell}
        return all(grid[p] != value for p in peers)

    if any(v and not allowed(cell, v) for cell, v in enumerate(grid)):
        return 0

    def count(cell: int) -> int:
        if cell == 16:
            return 1
        if grid[cell]:
            return count(cell + 1)
        total = 0
        for value in range(1, 5):
            if allowed(cell, value):
                grid[cell] = value
                total += count(cell + 1)
                grid[cell] = 0
        return total

    return count(0)


def test_empty_4x4_has_288_valid_distinct_solutions():
    search = SudokuSearch(4, 2, 2, np.zeros(16, dtype=np.int8))
    solutions = run_to_end(search)
    assert search.finished and search.solutions == 288 and len(solutions) == 288
    assert len({tuple(s) for s in solutions}) == 288
    assert all(check_solution(4, 2, 2, np.zeros(16), s) for s in solutions)
    assert search.fraction_done == 1.0


def test_reference_puzzle_has_its_published_solution():
    search = SudokuSearch(9, 3, 3, digits(REFERENCE))
    assert search.run(0) == RUNNING and search.nodes == 0  # run(0) only loads the kernel
    solutions = run_to_end(search)
    assert ["".join(map(str, s)) for s in solutions] == [REFERENCE_SOLUTION]
    batch_solutions, counts = solve_batch(digits(REFERENCE)[None, :])
    assert "".join(map(str, batch_solutions[0])) == REFERENCE_SOLUTION and counts[0] == 1
    assert sudoku_verdict(9, 3, 3, digits(REFERENCE)) == 1


def several_solutions_6x6() -> np.ndarray:
    return puzzle_from(pattern_grid(2, 3), keep=0.2, seed=0)  # 134 solutions


def test_tiny_budgets_resume_exactly_where_they_stopped():
    givens = several_solutions_6x6()
    whole = SudokuSearch(6, 2, 3, givens)
    expected = run_to_end(whole)
    assert len(expected) > 20

    sliced = SudokuSearch(6, 2, 3, givens)
    found, fractions, budget = [], [], 0
    while not sliced.finished:
        budget = budget % 7 + 1
        sliced.run(budget)
        found.extend(sliced.take_solutions())
        fractions.append(sliced.fraction_done)
    assert np.array_equal(np.array(found), np.array(expected))
    assert sliced.nodes == whole.nodes and sliced.solutions == whole.solutions
    assert all(a <= b for a, b in zip(fractions, fractions[1:]))
    assert fractions[0] < 0.5 < fractions[-2] < 1.0 == fractions[-1]


def test_solution_limit_stops_early_and_the_search_goes_on_after():
    search = SudokuSearch(4, 2, 2, np.zeros(16, dtype=np.int8))
    assert search.run(1_000_000, solution_limit=5) == RUNNING
    assert search.solutions == 5 and not search.finished
    assert search.run(1_000_000, solution_limit=7) == RUNNING and search.solutions == 7
    assert len(search.take_solutions()) == 7
    assert len(run_to_end(search)) == 288 - 7
    assert search.solutions == 288


def test_a_full_buffer_pauses_and_loses_nothing():
    expected = run_to_end(SudokuSearch(4, 2, 2, np.zeros(16, dtype=np.int8)))
    search = SudokuSearch(4, 2, 2, np.zeros(16, dtype=np.int8), max_solutions_buffered=10)
    assert search.run(1_000_000) == BUFFER_FULL
    assert search.run(1_000_000) == BUFFER_FULL  # nothing taken: it waits
    found = list(search.take_solutions())
    assert len(found) == 10
    found += run_to_end(search)
    assert np.array_equal(np.array(found), np.array(expected))


def test_counting_without_recording_buffers_nothing():
    search = SudokuSearch(4, 2, 2, np.zeros(16, dtype=np.int8), max_solutions_buffered=1)
    assert search.run(1_000_000, record=False) == FINISHED
    assert search.solutions == 288 and len(search.take_solutions()) == 0


@pytest.mark.parametrize("box_rows, box_cols, keep", [(2, 3, 0.4), (3, 4, 0.5), (4, 4, 0.55)])
def test_larger_grids_solve(box_rows, box_cols, keep):
    n = box_rows * box_cols
    grid = pattern_grid(box_rows, box_cols)
    assert check_solution(n, box_rows, box_cols, grid, grid)
    givens = puzzle_from(grid, keep, seed=n)
    search = SudokuSearch(n, box_rows, box_cols, givens)
    search.run(1_000_000, solution_limit=1)
    solutions = search.take_solutions()
    assert len(solutions) == 1 and check_solution(n, box_rows, box_cols, givens, solutions[0])
    assert sudoku_verdict(n, box_rows, box_cols, givens) in (1, 2)
    assert sudoku_verdict(n, box_rows, box_cols, grid) == 1


def test_conflicting_givens_in_a_row_a_column_and_a_box():
    givens = np.zeros(81, dtype=np.int8)
    givens[[0, 8]] = 5  # row 1
    givens[[9 * 2 + 4, 9 * 7 + 4]] = 3  # column 5
    givens[[9 * 6 + 6, 9 * 8 + 8]] = 7  # bottom right box
    givens[40] = 5  # no conflict
    assert conflicting_givens(9, 3, 3, givens) == [(0, 8), (22, 67), (60, 80)]
    assert conflicting_givens(9, 3, 3, digits(REFERENCE)) == []
    three = np.zeros(16, dtype=np.int8)
    three[[0, 1, 3]] = 2  # three in a row: every pair, (0, 1) also shares a box
    assert conflicting_givens(4, 2, 2, three) == [(0, 1), (0, 3), (1, 3)]
    assert sudoku_verdict(9, 3, 3, givens) == 0
    assert len(run_to_end(SudokuSearch(9, 3, 3, givens))) == 0


def test_check_solution_rejects_broken_grids():
    solution = digits(REFERENCE_SOLUTION)
    givens = digits(REFERENCE)
    assert check_solution(9, 3, 3, givens, solution)
    swapped = solution.copy()
    swapped[[0, 1]] = swapped[[1, 0]]  # keeps rows whole, breaks columns
    assert not check_solution(9, 3, 3, np.zeros(81), swapped)
    other_given = givens.copy()
    other_given[0] = 1 if solution[0] != 1 else 2
    assert not check_solution(9, 3, 3, other_given, solution)
    assert not check_solution(9, 3, 3, givens, np.where(givens > 0, givens, 0))
    assert not check_solution(9, 3, 3, givens, solution[:80])


def test_solve_batch_reports_none_one_and_several():
    no_solution = digits(REFERENCE)
    no_solution[0] = 8  # the solution has 4 there; no given conflicts with the 8
    assert conflicting_givens(9, 3, 3, no_solution) == []
    several = digits(REFERENCE)
    several[[1, 5, 6]] = 0
    puzzles = np.array([digits(REFERENCE), no_solution, several, np.zeros(81)], dtype=np.int8)
    solutions, counts = solve_batch(puzzles)
    assert counts.tolist() == [1, 0, 2, 2]
    assert not solutions[1].any()
    for index in (0, 2, 3):
        assert check_solution(9, 3, 3, puzzles[index], solutions[index])
    with pytest.raises(ValueError):
        solve_batch(np.zeros((2, 80), dtype=np.int8))


@pytest.mark.parametrize("name, verdict", [("serg-sample.txt", 2), ("hardest-sample.txt", 1)])
def test_solve_batch_agrees_with_the_search_on_the_shipped_sets(name, verdict):
    puzzles = parse_sudoku_lines((SUDOKU_SETS / name).read_text())
    solutions, counts = solve_batch(puzzles)
    assert set(counts.tolist()) == {verdict}  # what each set's source says of its puzzles
    for puzzle, solution, count in zip(puzzles, solutions, counts):
        search = SudokuSearch(9, 3, 3, puzzle)
        first = run_to_end(search, solution_limit=2)
        assert count == min(search.solutions, 2)
        if count == 1:
            assert np.array_equal(first[0], solution)
        if count:
            assert check_solution(9, 3, 3, puzzle, solution)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=16, max_size=16), st.randoms(use_true_random=False))
def test_search_counts_match_brute_force_on_random_4x4(values: list[int], rng: random.Random):
    givens = [v if rng.random() < 0.4 else 0 for v in values]
    search = SudokuSearch(4, 2, 2, np.array(givens, dtype=np.int8))
    solutions = run_to_end(search)
    assert search.solutions == len(solutions) == brute_force_count(givens)
    assert len({tuple(s) for s in solutions}) == len(solutions)
    assert all(check_solution(4, 2, 2, np.array(givens), s) for s in solutions)
    assert sudoku_verdict(4, 2, 2, np.array(givens)) == min(len(solutions), 2)


def test_parse_sudoku_lines_reads_files_and_names_bad_lines():
    text = f"# a comment\n\n{REFERENCE}  \n{REFERENCE.replace('0', '.')}\r\n"
    puzzles = parse_sudoku_lines(text)
    assert puzzles.dtype == np.int8 and puzzles.shape == (2, 81)
    assert np.array_equal(puzzles[0], digits(REFERENCE)) and np.array_equal(puzzles[0], puzzles[1])
    assert parse_sudoku_lines("# nothing\n").shape == (0, 81)
    with pytest.raises(ValueError, match=r"^line 3: expected 81 characters, got 80$"):
        parse_sudoku_lines(f"#\n{REFERENCE}\n{REFERENCE[:80]}\n")
    bad = REFERENCE[:11] + "x" + REFERENCE[12:]
    with pytest.raises(ValueError, match=r"^line 2, column 12: 'x' is not a digit or '.'$"):
        parse_sudoku_lines(f"\n{bad}\n")


def test_bad_shapes_and_values_are_refused():
    with pytest.raises(ValueError):
        SudokuSearch(9, 3, 2, np.zeros(81))
    with pytest.raises(ValueError):
        SudokuSearch(4, 2, 2, np.zeros(15))
    with pytest.raises(ValueError):
        SudokuSearch(4, 2, 2, np.full(16, 5))
