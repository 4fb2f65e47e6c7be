"""Why a Sudoku variant has no solution: the minimal set of givens and rules (jigsaw regions,
diagonals, killer cages) is found under the variant's own rules and names its rules, checked
against brute force over every 4x4 Latin square; the classic rules alone would call each of
these puzzles solvable."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json

import numpy as np
import pytest

from puzzles import shipped
from solvers import GridKind, Puzzle, Solution, SudokuGrid, solve
from solvers.analysis.certificates import certificates
from solvers.analysis.conflicts import minimal_core
from solvers.analysis.sudoku_core import Rule
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


@functools.lru_cache(maxsize=1)
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


def obeys_rules(grids: np.ndarray, rules: tuple[Rule, ...], boxes: bool) -> np.ndarray:
    """Which of `grids` keep some rules only, written out: each rule's cells hold different
    values, a cage's sum its total; the boxes too when `boxes` (a grid without jigsaw
    regions)."""
    groups = [tuple(c for c in range(16) if BOXES[c] == r) for r in range(4)] if boxes else []
    groups += [rule.cells for rule in rules]
    kept = np.ones(len(grids), dtype=bool)
    for cells in groups:
        values = np.sort(grids[:, list(cells)], axis=1)
        kept &= np.all(np.diff(values, axis=1) != 0, axis=1)
    for rule in rules:
        if rule.kind == "cage":
            kept &= grids[:, list(rule.cells)].sum(axis=1) == rule.total
    return kept


def solvable_with(givens: np.ndarray, rules: tuple[Rule, ...], boxes: bool) -> bool:
    return solvable(LATIN[obeys_rules(LATIN, rules, boxes)], givens)


LATIN = latin_squares()


@pytest.mark.parametrize("name", CASES)
def test_the_minimal_core_of_a_variant_holds_its_rules_and_givens(name):
    """The core has no solution, yet has one without any one of its givens or rules."""
    givens, rules = CASES[name]
    givens = np.array(givens)
    grids, classic = solutions(rules), solutions({})
    puzzle = puzzle_of(givens, rules)
    assert not puzzle.problems()  # nothing to see without searching
    assert solvable(classic, givens) and not solvable(grids, givens)
    core = minimal_core(puzzle)
    assert core is not None and core.givens and core.rules  # the conflict needs a rule
    boxes = "regions" not in rules
    kept = np.zeros(16, dtype=np.int64)
    kept[list(core.givens)] = givens[list(core.givens)]
    assert not solvable_with(kept, core.rules, boxes)
    for cell in core.givens:  # minimal: each given is needed
        fewer = kept.copy()
        fewer[cell] = 0
        assert solvable_with(fewer, core.rules, boxes)
    for rule in core.rules:  # ... and each rule
        assert solvable_with(kept, tuple(r for r in core.rules if r != rule), boxes)
    for rule in core.rules:
        assert rule.name(4) in core.text(puzzle)


def test_explain_on_the_command_line_names_the_variant_core(tmp_path, capsys):
    givens, rules = CASES["X"]
    path = tmp_path / "x.json"
    save_puzzle(puzzle_of(givens, rules), path)
    assert main([str(path), "--explain", "--json"]) == 0
    printed = capsys.readouterr().out.strip().splitlines()
    result = json.loads(printed[-1])
    assert result["solvable"] is False
    core = np.zeros(16, dtype=np.int64)
    core[result["core"]] = np.array(givens)[result["core"]]
    named = result["rules"]  # the givens conflict only through a diagonal: it is named
    assert [rule["rule"] for rule in named] == ["diagonal"]
    diagonal = Rule("diagonal", tuple(4 * int(c[1]) - 4 + int(c[3]) - 1 for c in named[0]["cells"]))
    assert diagonal.cells in ((0, 5, 10, 15), (3, 6, 9, 12))
    assert not solvable_with(core, (diagonal,), boxes=True)
    assert solvable_with(core, (), boxes=True)  # without it the givens have a solution
    assert f"{diagonal.name(4)} with these {len(result['core'])} givens" in printed[0]


def test_cages_without_any_solution_need_no_given():
    cages = (Cage(3, (0, 4)), Cage(7, (10, 11)))  # {1, 2} down column 1 and {3, 4} in row 3
    rules = dict(cages=cages)
    assert len(solutions(rules)) == 0
    givens = [0] * 15 + [1]
    puzzle = puzzle_of(givens, rules)
    assert not puzzle.problems()
    core = minimal_core(puzzle)
    assert core is not None and core.givens == ()
    assert core.rules == tuple(Rule("cage", cage.cells, cage.total) for cage in cages)
    assert core.text(puzzle) == ("the cage r1c1+r2c1 (sum 3) and the cage r3c3+r3c4 (sum 7) "
                                 "have no solution together, even without givens")


def killer_with(total: int) -> Puzzle:
    """The shipped killer Sudoku with half of its solution as givens (consistent with its
    rules), its cage r1c1+r1c2 (sum 3) summing to `total` instead."""
    puzzle = shipped("sudoku-killer.json")
    solution = next(event.grid for event in solve(puzzle) if isinstance(event, Solution))
    givens = tuple(value if cell % 2 else 0 for cell, value in enumerate(solution))
    cages = tuple(Cage(total, cage.cells) if cage.cells == (0, 1) else cage
                  for cage in puzzle.sudoku.cages)
    assert (0, 1) in [cage.cells for cage in cages]
    return dataclasses.replace(puzzle, sudoku=dataclasses.replace(
        puzzle.sudoku, givens=givens, cages=cages))


def test_a_cage_with_an_impossible_sum_is_the_whole_core_without_any_given():
    puzzle = killer_with(2)  # two different digits never sum to 2
    core = minimal_core(puzzle)
    assert core is not None
    assert core.givens == () and core.rules == (Rule("cage", (0, 1), 2),)
    assert core.text(puzzle) == ("the cage r1c1+r1c2 (sum 2) has no solution even without "
                                 "givens: 2 different symbols sum to 3..17, never to 2")
    assert core.rule_cells == (0, 1)


def test_explain_names_a_cage_whose_sum_the_other_rules_rule_out(tmp_path, capsys):
    """Sum 5 is within reach of two digits, but every other cage and given holds in the
    published solution, where these two cells sum to 3: the cage must be in the core."""
    path = tmp_path / "killer.json"
    save_puzzle(killer_with(5), path)
    assert main([str(path), "--explain", "--json"]) == 0
    printed = capsys.readouterr().out.strip().splitlines()
    assert "no solution (a complete search found none); the cage r1c1+r1c2 (sum 5)" in printed[0]
    result = json.loads(printed[-1])
    assert {"rule": "cage", "cells": ["r1c1", "r1c2"], "sum": 5} in result["rules"]


def test_a_cage_sum_out_of_reach_is_named_once_before_searching():
    """The certificate the app and --explain show (the rules' problem, not again as the
    givens' one)."""
    found = certificates(killer_with(2))
    assert [c.text for c in found] == [
        "the cage at r1c1 (sum 2): 2 different symbols sum to 3..17, never to 2"]
