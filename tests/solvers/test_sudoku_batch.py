"""The 9x9 batch kernel (`solve_batch`) against independent references: the resumable Sudoku
search (`SudokuSearch`, stopped at a second solution) on whole public sets, and a plain
backtracking count on grids with few empty cells; and its verdicts on broken puzzles."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from solvers.puzzle.textformats import parse_sudoku_lines
from solvers.search.sudoku import SudokuSearch, check_solution, check_solutions, solve_batch

ROOT = Path(__file__).resolve().parents[2]
SETS = {"top95": ROOT / "assets" / "sudoku" / "top95.txt",
        "17-clue": ROOT / "tests" / "data" / "sudoku" / "17-clue-every-16th.txt",
        "serg": ROOT / "tests" / "data" / "sudoku" / "serg-2000.txt"}
REFERENCE = "010056207000700005000300498000200380006000700051007000684002000100003000305460020"


def grid(line: str) -> np.ndarray:
    return np.array([0 if c == "." else int(c) for c in line], dtype=np.int8)


def reference(puzzle: np.ndarray) -> tuple[int, list[np.ndarray]]:
    """(0, 1 or 2 for two or more, the first two solutions) by the resumable search."""
    search = SudokuSearch(9, 3, 3, puzzle, max_solutions_buffered=2)
    while not search.finished and search.solutions < 2:
        search.run(1_000_000, solution_limit=2)
    return min(search.solutions, 2), list(search.take_solutions())


def assert_agrees_with_the_search(puzzles: np.ndarray) -> list[int]:
    """Every verdict equals the search's; a unique solution is the search's; any solution
    found passes the check. Returns the counts."""
    solutions, counts = solve_batch(puzzles)
    for index, puzzle in enumerate(puzzles):
        count, found = reference(puzzle)
        assert counts[index] == count, f"puzzle {index + 1}: {counts[index]} != {count}"
        if count == 1:
            assert np.array_equal(solutions[index], found[0]), f"puzzle {index + 1}"
        if count:
            assert check_solution(9, 3, 3, puzzle, solutions[index]), f"puzzle {index + 1}"
        else:
            assert not solutions[index].any()
    return counts.tolist()


@pytest.mark.parametrize("name, verdicts", [("top95", {1}), ("17-clue", {1}), ("serg", {2})])
def test_whole_sets_agree_with_the_resumable_search(name, verdicts):
    puzzles = parse_sudoku_lines(SETS[name].read_text(encoding="utf-8"))
    assert len(puzzles) >= 95 if name == "top95" else len(puzzles) >= 2000
    assert set(assert_agrees_with_the_search(puzzles)) == verdicts  # as each set's source says


def test_a_batch_gives_each_puzzle_what_it_gets_alone():
    """The kernel reuses its stack from one puzzle to the next: nothing may leak between."""
    puzzles = np.concatenate([parse_sudoku_lines(SETS[name].read_text(encoding="utf-8"))[:40]
                              for name in SETS])
    order = np.random.default_rng(7).permutation(len(puzzles))
    solutions, counts = solve_batch(puzzles)
    shuffled_solutions, shuffled_counts = solve_batch(puzzles[order])
    assert np.array_equal(shuffled_counts, counts[order])
    unique = counts[order] == 1
    assert np.array_equal(shuffled_solutions[unique], solutions[order][unique])
    for index in range(0, len(puzzles), 7):
        alone_solutions, alone_counts = solve_batch(puzzles[index:index + 1])
        assert alone_counts[0] == counts[index]
        if counts[index] == 1:
            assert np.array_equal(alone_solutions[0], solutions[index])


PEERS = [[p for p in range(81) if p != cell and (
    p // 9 == cell // 9 or p % 9 == cell % 9 or (p // 27 == cell // 27 and p % 9 // 3 == cell % 9 // 3))]
    for cell in range(81)]


def brute_force_count(puzzle: list[int], limit: int = 2) -> int:
    """Solutions of a 9x9 Sudoku, up to `limit`, by plain backtracking over the empty cells
    in order (for grids with few empty cells)."""
    cells = list(puzzle)

    def allowed(cell: int, value: int) -> bool:
        return all(cells[peer] != value for peer in PEERS[cell])

    if any(value and not allowed(cell, value) for cell, value in enumerate(cells)):
        return 0
    empty = [cell for cell, value in enumerate(cells) if value == 0]

    def count(position: int) -> int:
        if position == len(empty):
            return 1
        total = 0
        for value in range(1, 10):
            if allowed(empty[position], value):
                cells[empty[position]] = value
                total += count(position + 1)
                cells[empty[position]] = 0
                if total >= limit:
                    break
        cells[empty[position]] = 0
        return total

    return min(count(0), limit)


def test_nearly_full_grids_agree_with_brute_force():
    """Solved grids with a few cells emptied (often several solutions) and some with a wrong
    digit (often none, sometimes a conflict between givens)."""
    sources = parse_sudoku_lines(SETS["top95"].read_text(encoding="utf-8"))[:20]
    full = [reference(puzzle)[1][0] for puzzle in sources]
    rng = random.Random(16)
    puzzles = []
    for _ in range(300):
        cells = [int(v) for v in rng.choice(full)]
        for cell in rng.sample(range(81), rng.randint(4, 40)):
            cells[cell] = 0
        if rng.random() < 0.3:
            cells[rng.randrange(81)] = rng.randint(1, 9)
        puzzles.append(cells)
    solutions, counts = solve_batch(np.array(puzzles, dtype=np.int8))
    verdicts = [brute_force_count(cells) for cells in puzzles]
    assert counts.tolist() == verdicts
    assert {0, 1, 2} <= set(verdicts)
    for cells, solution, count in zip(puzzles, solutions, counts):
        assert check_solution(9, 3, 3, np.array(cells), solution) == (count > 0)


def with_givens(pairs: dict[int, int], base: str = "0" * 81) -> np.ndarray:
    puzzle = grid(base)
    for cell, value in pairs.items():
        puzzle[cell] = value
    return puzzle


BROKEN = {
    "two 5s in a row": with_givens({0: 5, 8: 5}),
    "two 3s in a column, one band": with_givens({4: 3, 22: 3}),
    "two 3s in a column, two bands": with_givens({4: 3, 58: 3}),
    "two 7s in a box, different rows and columns": with_givens({60: 7, 80: 7}),
    "a cell left no digit (its row holds 1-8, its column 9)":
        with_givens({1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 36: 9}),
    "a box left no place for a 9 (two of its rows, two of its columns hold 9s elsewhere)":
        with_givens({3: 9, 15: 9, 27: 9, 55: 9, 20: 1}),
    "the reference with one given changed (no clash, no solution)":
        with_givens({0: 8}, REFERENCE),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_broken_puzzles_have_no_solution(name):
    puzzle = BROKEN[name]
    solutions, counts = solve_batch(puzzle[None, :])
    assert counts[0] == 0 and not solutions[0].any()
    assert reference(puzzle)[0] == 0


def test_empty_full_and_almost_full_grids():
    solved = reference(grid(REFERENCE))[1][0]
    empty = np.zeros(81, dtype=np.int8)
    swapped = solved.copy()
    swapped[[0, 1]] = swapped[[1, 0]]  # rows stay whole, columns and a box break
    one_empty = solved.copy()
    one_empty[40] = 0
    puzzles = np.array([empty, solved, swapped, one_empty], dtype=np.int8)
    solutions, counts = solve_batch(puzzles)
    assert counts.tolist() == [2, 1, 0, 1]
    assert check_solution(9, 3, 3, empty, solutions[0])
    assert np.array_equal(solutions[1], solved) and np.array_equal(solutions[3], solved)
    assert solve_batch(np.zeros((0, 81), dtype=np.int8))[1].shape == (0,)
    with pytest.raises(ValueError):
        solve_batch(np.full((1, 81), 10, dtype=np.int8))


PLAIN_PYTHON_RUN = """
import json, sys
import numpy as np
from solvers.search.sudoku import solve_batch
solutions, counts = solve_batch(np.array(json.loads(sys.argv[1]), dtype=np.int8))
print(json.dumps([counts.tolist(), solutions.tolist()]))
"""


def test_the_kernel_runs_as_plain_python():
    """With NUMBA_DISABLE_JIT=1 (for debugging and coverage) the same code gives the same
    answers: the tables' integer types must not overflow in numpy's arithmetic."""
    puzzles = np.concatenate([parse_sudoku_lines(SETS[name].read_text(encoding="utf-8"))[:3]
                              for name in SETS] + [BROKEN["two 3s in a column, two bands"][None, :]])
    result = subprocess.run([sys.executable, "-c", PLAIN_PYTHON_RUN, json.dumps(puzzles.tolist())],
                            capture_output=True, text=True, cwd=ROOT, timeout=600,
                            env={**os.environ, "NUMBA_DISABLE_JIT": "1"})
    assert result.returncode == 0, result.stderr
    solutions, counts = solve_batch(puzzles)
    assert json.loads(result.stdout) == [counts.tolist(), solutions.tolist()]
    assert set(counts.tolist()) == {0, 1, 2}


@pytest.mark.parametrize("box_rows, box_cols", [(3, 3), (2, 2), (2, 3)])
def test_checking_many_solutions_at_once_agrees_with_one_at_a_time(box_rows, box_cols):
    n = box_rows * box_cols
    rng = np.random.default_rng(n)
    rows = []
    for seed in range(40):  # valid grids: a pattern with its digits relabelled, then broken
        base = np.array([(box_cols * (r % box_rows) + r // box_rows + c) % n
                         for r in range(n) for c in range(n)])
        grid = rng.permutation(n)[base] + 1
        givens = np.where(rng.random(n * n) < 0.3, grid, 0)
        broken = grid.copy()
        kind = seed % 5
        if kind == 1:
            broken[[0, 1]] = broken[[1, 0]]  # rows stay whole, columns break
        elif kind == 2:
            broken[rng.integers(n * n)] = 0  # incomplete
        elif kind == 3:
            broken[rng.integers(n * n)] = n + 1  # out of range
        elif kind == 4:
            givens[np.flatnonzero(givens)[0]] = givens[np.flatnonzero(givens)[0]] % n + 1
        rows.append((givens, broken))
    givens = np.array([g for g, _ in rows], dtype=np.int8)
    solutions = np.array([s for _, s in rows], dtype=np.int8)
    expected = [check_solution(n, box_rows, box_cols, g, s) for g, s in rows]
    assert check_solutions(n, box_rows, box_cols, givens, solutions, chunk=7).tolist() == expected
    assert 0 < sum(expected) < len(expected)
    with pytest.raises(ValueError):
        check_solutions(n, box_rows, box_cols, givens, solutions[:, :-1])
