"""Why a Sudoku has no solution: a minimal set of its givens and rules that already has none.

The rules a core may name are the designer's: each killer cage, each jigsaw region, each
diagonal of an X-Sudoku. The rows and columns (and a classic grid's boxes) are the puzzle
itself and are always kept. The set is found by deletion (solvers.analysis.deletion), the
rules tried first, so that a core leans on the givens where they suffice and a rule is named
only when its cells' conflict needs it. Each trial is a search for one solution with the
variants' kernel over the rules kept (`tables_of`); a classic grid has givens only and keeps
the classic kernel.
"""

from __future__ import annotations

import numpy as np

from ..puzzle.cancel import CancelCheck, check_cancel
from ..puzzle.model import SUDOKU_SYMBOLS, Puzzle, SudokuGrid, sudoku_units
from ..puzzle.sudoku_rules import Cage, cell_name, has_variant_rules, sum_range
from ..records import record
from .deletion import drop_each

SLICE_NODES = 200_000


@record
class Rule:
    """A rule of the grid a core may name: a killer cage (`total` its sum), a jigsaw region
    or a diagonal; `cells` row-major, sorted."""

    kind: str  # "cage", "region" or "diagonal"
    cells: tuple[int, ...]
    total: int = 0

    def name(self, n: int) -> str:
        """'the cage r1c1+r1c2 (sum 3)', 'the region at r4c1', 'the diagonal r1c9-r9c1'."""
        first, last = cell_name(n, self.cells[0]), cell_name(n, self.cells[-1])
        if self.kind == "cage":
            return f"the cage {'+'.join(cell_name(n, c) for c in self.cells)} (sum {self.total})"
        if self.kind == "region":
            return f"the region at {first}"
        return f"the diagonal {first}-{last}"

    def as_dict(self, n: int) -> dict:
        """For --json: {"rule": "cage", "cells": ["r1c1", "r1c2"], "sum": 3}."""
        found = {"rule": self.kind, "cells": [cell_name(n, c) for c in self.cells]}
        return found | ({"sum": self.total} if self.kind == "cage" else {})


def grid_rules(grid: SudokuGrid) -> tuple[Rule, ...]:
    """The rules of `grid` a core may name: its cages, jigsaw regions, then diagonals."""
    n = grid.n
    rules = [Rule("cage", cage.cells, cage.total) for cage in grid.cages]
    members: dict[int, list[int]] = {}
    for cell, region in enumerate(grid.regions):
        members.setdefault(region, []).append(cell)
    rules += [Rule("region", tuple(cells)) for cells in members.values()]
    if grid.diagonals:
        rules += [Rule("diagonal", tuple(range(0, n * n, n + 1))),
                  Rule("diagonal", tuple(range(n - 1, n * n - 1, n - 1)))]
    return tuple(rules)


@record
class SudokuCore:
    givens: tuple[int, ...]  # cells, row-major
    rules: tuple[Rule, ...]
    searches: int


class _Trials:
    """Whether the grid has a solution with some of its givens and some of its rules."""

    def __init__(self, puzzle: Puzzle, cancel: CancelCheck | None) -> None:
        self.puzzle, self.grid, self.cancel = puzzle, puzzle.sudoku, cancel
        self.searches = 0
        self._tables: dict[tuple[Rule, ...], tuple] = {}

    def solvable(self, givens: np.ndarray, rules: tuple[Rule, ...]) -> bool:
        from ..search.choice import build_search  # the Sudoku kernels only for a Sudoku
        from ..search.sudoku_variants import VariantSudokuSearch, tables_of

        self.searches += 1
        if not has_variant_rules(self.grid):  # a classic grid: the classic kernel
            return _any_solution(build_search("sudoku", self.puzzle, None, None, givens=givens,
                                              buffered=1), self.cancel)
        tables = self._tables.get(rules)
        if tables is None:
            tables = self._tables[rules] = tables_of(self.grid.n, self._units(rules), tuple(
                Cage(rule.total, rule.cells) for rule in rules if rule.kind == "cage"))
        return _any_solution(VariantSudokuSearch(self.grid, givens, max_solutions_buffered=1,
                                                 rules=tables), self.cancel)

    def _units(self, rules: tuple[Rule, ...]) -> np.ndarray:
        grid, n = self.grid, self.grid.n
        base = sudoku_units(n, grid.box_rows, grid.box_cols)  # rows, columns, boxes
        if grid.regions:  # jigsaw regions replace the boxes
            base = base[:2 * n]
        kept = [rule.cells for rule in rules if rule.kind != "cage"]
        return np.concatenate([base, np.array(kept, dtype=np.int32).reshape(-1, n)])


def _any_solution(search, cancel: CancelCheck | None) -> bool:
    while not search.finished and search.solutions == 0:
        search.run(SLICE_NODES, record=False, solution_limit=1)
        check_cancel(cancel)
    return search.solutions > 0


def minimal_sudoku_core(puzzle: Puzzle, cancel: CancelCheck | None = None) -> SudokuCore | None:
    """A minimal set of the givens and rules of `puzzle` (a Sudoku) with no solution; None
    when the grid has one."""
    grid = puzzle.sudoku
    rules = grid_rules(grid)
    trials = _Trials(puzzle, cancel)
    givens = np.array(grid.givens, dtype=np.int64)
    members = [("rule", index) for index in range(len(rules))] + [
        ("given", int(cell)) for cell in np.flatnonzero(givens)]

    def unsatisfiable(kept: list[tuple[str, int]]) -> bool:
        trial = np.zeros_like(givens)
        cells = [cell for kind, cell in kept if kind == "given"]
        trial[cells] = givens[cells]
        return not trials.solvable(trial, tuple(rules[i] for kind, i in kept if kind == "rule"))

    if not unsatisfiable(members):
        return None
    kept = drop_each(members, unsatisfiable)
    return SudokuCore(givens=tuple(cell for kind, cell in kept if kind == "given"),
                      rules=tuple(rules[i] for kind, i in kept if kind == "rule"),
                      searches=trials.searches)


def core_text(grid: SudokuGrid, givens: tuple[int, ...], rules: tuple[Rule, ...]) -> str:
    """The core in words, each member named."""
    n = grid.n
    listed = ", ".join(f"{cell_name(n, cell)} = {SUDOKU_SYMBOLS[grid.givens[cell] - 1]}"
                       for cell in givens)
    if not rules:
        if len(givens) == 1:
            return f"the given {listed} already has no solution"
        return f"these {len(givens)} givens already have no solution: {listed}"
    named = and_list([rule.name(n) for rule in rules])
    if not givens:
        if len(rules) > 1:
            return f"{named} have no solution together, even without givens"
        reason = _alone(rules[0], n)
        return f"{named} has no solution even without givens" + (f": {reason}" if reason else "")
    verb = "has" if len(rules) == 1 else "have"
    if len(givens) == 1:
        return f"{named} with the given {listed} already {verb} no solution"
    return f"{named} with these {len(givens)} givens already {verb} no solution: {listed}"


def _alone(rule: Rule, n: int) -> str:
    """Why a cage alone has no solution, when it is its size or sum."""
    if rule.kind != "cage":
        return ""
    size = len(rule.cells)
    if size > n:
        return f"its {size} cells cannot hold different symbols of the {n}"
    low, high = sum_range(n, size)
    if not low <= rule.total <= high:
        return f"{size} different symbols sum to {low}..{high}, never to {rule.total}"
    return ""


def and_list(names: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
