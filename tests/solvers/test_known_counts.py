"""The published counts of the classic puzzles, checked by running the solver."""

from pathlib import Path

import pytest

from solvers import Solution, count_solutions, solve
from solvers.puzzle.fileformat import load_puzzle

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"
REFERENCE_SOLUTION = ("418956237923784615567321498749215386236849751"
                      "851637942684192573192573864375468129")


def count(name: str, symmetry: str) -> int:
    result = count_solutions(load_puzzle(ASSETS / name), symmetry)
    assert result.exhausted
    return result.solutions


@pytest.mark.parametrize("name, symmetry, expected", [
    ("meteor.json", "all", 2098),
    ("meteor.json", "distinct", 1049),  # the board's only symmetry is the half turn
    ("meteor.json", "rotations", 1049),
    ("soma.json", "distinct", 240),
    ("soma.json", "rotations", 480),
    ("soma.json", "all", 11520),
    ("pentominoes-6x10.json", "distinct", 2339),
    ("pentominoes-6x10.json", "all", 9356),
    ("pentominoes-5x12.json", "distinct", 1010),
    ("pentominoes-3x20.json", "distinct", 2),
    ("pentominoes-8x8-hole.json", "distinct", 65),  # Dana Scott's 1958 puzzle
    ("pentominoes-8x8-hole.json", "all", 520),
    ("sudoku-4x4-empty.json", "all", 288),
    ("no-solution.json", "all", 0),
    ("kanoodle-pyramid.json", "distinct", 306),  # PolyGUI's count (none published)
    ("kanoodle-pyramid.json", "all", 2448),
    ("kanoodle-5x11.json", "all", 371020),  # published
    ("tetrasticks-5x5.json", "distinct", 72),  # Knuth's count, without H
    ("iq-puzzler-pro-5x11.json", "distinct", 1082785),  # two public solvers' counts
    ("iq-puzzler-pro-pyramid.json", "distinct", 3340),  # PolyGUI's count
])
def test_known_count(name, symmetry, expected):
    assert count(name, symmetry) == expected


@pytest.mark.slow
def test_mini_bedlam_has_19186_distinct_solutions():
    assert count("mini-bedlam.json", "distinct") == 19186


def test_reference_sudoku_gives_the_published_solution():
    solutions = [e for e in solve(load_puzzle(ASSETS / "sudoku-reference.json"))
                 if isinstance(e, Solution)]
    assert ["".join(map(str, s.grid)) for s in solutions] == [REFERENCE_SOLUTION]


@pytest.mark.parametrize("name", ["sudoku-hard.json", "sudoku-16x16.json"])
def test_hard_and_large_sudokus_have_one_valid_solution(name):
    puzzle = load_puzzle(ASSETS / name)
    solutions = [e for e in solve(puzzle) if isinstance(e, Solution)]
    assert len(solutions) == 1
    grid, n = solutions[0].grid, puzzle.sudoku.n
    box_r, box_c = puzzle.sudoku.box_rows, puzzle.sudoku.box_cols
    assert all(g == s for g, s in zip(puzzle.sudoku.givens, grid) if g)
    units = [[r * n + c for c in range(n)] for r in range(n)]
    units += [[r * n + c for r in range(n)] for c in range(n)]
    units += [[(br + r) * n + bc + c for r in range(box_r) for c in range(box_c)]
              for br in range(0, n, box_r) for bc in range(0, n, box_c)]
    assert all(sorted(grid[i] for i in unit) == list(range(1, n + 1)) for unit in units)
