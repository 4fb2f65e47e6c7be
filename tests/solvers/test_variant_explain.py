"""Why a Sudoku variant has no solution: the minimal set of givens is found under the variant's
own rules (its jigsaw regions, diagonals, killer cages), checked against brute force over
every 4x4 Latin square; the classic rules alone would call each of these puzzles solvable."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from solvers import GridKind, Puzzle, SudokuGrid
from solvers.analysis.conflicts import minimal_core
from solvers.cli.main import main
from solvers.puzzle.fileformat import save_puzzle
from solvers.puzzle.sudoku_rules import Cage

BOXES = [(cell // 4) // 2 * 2 + (cell % 4) // 2 for cell in range(16)]
JIGSAW = [0, 0, 1, 1, 0, 2, 1, 1, 0, 2, 2, 3, 2, 3, 3, 3]
CAGES = (Cage(3, (0, 4)), Cage(7, (10, 14)))  # r1c1 + r2c1 = 3, r3c3 + r4c3 = 7
# (givens, the grid with its variant rules): no two givens clash in a unit or a cage, and
# the rows, columns and boxes alone allow a solution
CASES = {
    "X": ((0, 1, 0, 0, 0, 0, 0, 4, 3, 0, 0, 0, 1, 0, 0, 0), dict(diagonals=True)),
    "jigsaw": ((0, 0, 0, 0, 0, 0, 0, 4, 4, 3, 0, 0, 0, 0, 0, 0), dict(regions=tuple(JIGSAW))),
    "killer": ((0, 0, 0, 0, 0, 0, 0, 4, 2, 1, 0, 0, 0, 0, 0, 0), dict(cages=CAGES)),
}


def latin_squares() -> np.ndarray:
    """(576, 16): every 4x4 grid whose rows and columns hold 1..4 once."""
    rows = list(itertools.permutations(range(1, 5)))
    return np.array([np.array(grid).reshape(-1) for grid in itertools.product(rows, repeat=4)
                     if all(len({row[j] for row in grid}) == 4 for j in range(4))])


def obeys(grid: np.ndarray, regions=BOXES, diagonals=False, cages=()) -> bool:
    """The variant's rules, written out: regions and diagonals hold 1..4 once, a cage holds
    different values summing to its total."""
    units = [[c for c in range(16) if regions[c] == r] for r in range(4)]
    if diagonals:
        units += [[0, 5, 10, 15], [3, 6, 9, 12]]
    if any(len(set(grid[unit])) != 4 for unit in units):
        return False
    return all(len(set(grid[list(cage.cells)])) == len(cage.cells)
               and sum(grid[list(cage.cells)]) == cage.total for cage in cages)


def solutions(rules: dict) -> np.ndarray:
    found = [grid for grid in latin_squares() if obeys(grid, **rules)]
    return np.array(found).reshape(-1, 16)


def solvable(grids: np.ndarray, givens: np.ndarray) -> bool:
    mask = givens != 0
    return bool(np.any(np.all(grids[:, mask] == givens[mask], axis=1)))


def puzzle_of(givens, rules: dict) -> Puzzle:
    return Puzzle(GridKind.SUDOKU, "variant", sudoku=SudokuGrid(2, 2, tuple(givens), **rules))


@pytest.mark.parametrize("name", CASES)
def test_the_minimal_givens_of_a_variant_follow_its_rules(name):
    givens, rules = CASES[name]
    givens = np.array(givens)
    grids, classic = solutions(rules), solutions({})
    puzzle = puzzle_of(givens, rules)
    assert not puzzle.problems()  # nothing to see without searching
    assert solvable(classic, givens) and not solvable(grids, givens)
    core = minimal_core(puzzle)
    assert core is not None and core.givens
    kept = np.zeros(16, dtype=np.int64)
    kept[list(core.givens)] = givens[list(core.givens)]
    assert not solvable(grids, kept)
    for cell in core.givens:  # minimal: each given is needed
        fewer = kept.copy()
        fewer[cell] = 0
        assert solvable(grids, fewer)


def test_explain_on_the_command_line_names_the_variant_core(tmp_path, capsys):
    givens, rules = CASES["X"]
    path = tmp_path / "x.json"
    save_puzzle(puzzle_of(givens, rules), path)
    assert main([str(path), "--explain", "--json"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["solvable"] is False
    core = np.zeros(16, dtype=np.int64)
    core[result["core"]] = np.array(givens)[result["core"]]
    assert not solvable(solutions(rules), core)


def test_cages_without_any_solution_need_no_given():
    cages = (Cage(3, (0, 4)), Cage(7, (10, 11)))  # {1, 2} down column 1 and {3, 4} in row 3
    rules = dict(cages=cages)
    assert len(solutions(rules)) == 0
    givens = [0] * 15 + [1]
    puzzle = puzzle_of(givens, rules)
    assert not puzzle.problems()
    core = minimal_core(puzzle)
    assert core is not None and core.givens == ()
    assert "have no solution even without givens" in core.text(puzzle)
