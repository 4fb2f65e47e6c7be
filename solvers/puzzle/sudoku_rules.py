"""The rules of a Sudoku and its variants as data: the units (rows, columns, boxes or jigsaw
regions, the two diagonals) that hold every symbol once, and the killer cages (no symbol twice,
a given sum); their validation, and the clashes among givens named by cell.

Glossary:
  region   the cells that replace a box: each of the n regions holds n cells. Without
           jigsaw regions, the boxes are the regions.
  unit     n cells holding every symbol once: a row, a column, a region, or a diagonal of an
           X-Sudoku.
  cage     a killer cage: cells that hold no symbol twice and sum to `total`.
Cells are numbered row-major (cell = row * n + column); symbols are the values 1..n.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Protocol

import numpy as np

from ..records import record

from .errors import PuzzleError


@record
class Cage:
    """A killer cage: its cells (sorted, row-major numbers) hold distinct symbols summing to
    `total`."""

    total: int
    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", tuple(sorted(int(cell) for cell in self.cells)))


class RulesGrid(Protocol):
    """What the rules read of a `SudokuGrid` (kept apart so the model imports this module)."""

    box_rows: int
    box_cols: int
    givens: tuple[int, ...]
    regions: tuple[int, ...]
    diagonals: bool
    cages: tuple[Cage, ...]

    @property
    def n(self) -> int: ...


def cell_name(n: int, cell: int) -> str:
    """'r3c5' (from 1) for cell 22 of a 9x9 grid."""
    return f"r{cell // n + 1}c{cell % n + 1}"


def has_variant_rules(grid: RulesGrid) -> bool:
    """Whether anything beyond rows, columns and boxes constrains the grid."""
    return bool(grid.regions) or grid.diagonals or bool(grid.cages)


def normalised_regions(regions) -> tuple[int, ...]:
    """Region numbers renumbered 0, 1, ... in order of first appearance (row-major), so that
    two ways of naming the same regions compare equal."""
    numbers: dict[int, int] = {}
    return tuple(numbers.setdefault(int(region), len(numbers)) for region in regions)


@lru_cache(maxsize=32)
def box_regions(n: int, box_rows: int, box_cols: int) -> tuple[int, ...]:
    """The region number of every cell when the boxes are the regions."""
    return tuple((row // box_rows) * (n // box_cols) + col // box_cols
                 for row in range(n) for col in range(n))


def cell_regions(grid: RulesGrid) -> tuple[int, ...]:
    """The region (jigsaw region or box) of every cell."""
    return grid.regions or box_regions(grid.n, grid.box_rows, grid.box_cols)


@lru_cache(maxsize=64)
def _units(n: int, regions: tuple[int, ...], diagonals: bool) -> np.ndarray:
    grid = np.arange(n * n, dtype=np.int32).reshape(n, n)
    by_region = np.argsort(np.array(regions, dtype=np.int64), kind="stable").astype(np.int32)
    parts = [grid, grid.T, by_region.reshape(n, n)]
    if diagonals:
        parts.append(np.stack([np.diagonal(grid), np.diagonal(grid[:, ::-1])]))
    units = np.concatenate(parts).astype(np.int32)
    units.flags.writeable = False
    return units


def grid_units(grid: RulesGrid) -> np.ndarray:
    """(units, n) int32, read-only: the cells of every row, column, region (box), then the
    two diagonals of an X-Sudoku."""
    return _units(grid.n, cell_regions(grid), grid.diagonals)


def validate_variant_rules(grid: RulesGrid) -> None:
    """Raise PuzzleError naming the first malformed region list or cage. (Regions of the wrong
    size and sums out of reach are `rule_problems`: a design in progress may have them.)"""
    n = grid.n
    if grid.regions and len(grid.regions) != n * n:
        raise PuzzleError(f"regions: a {n}x{n} Sudoku needs {n * n} cells, "
                          f"got {len(grid.regions)}")
    caged: dict[int, int] = {}
    for number, cage in enumerate(grid.cages, start=1):
        if not cage.cells:
            raise PuzzleError(f"cage {number} has no cells")
        for cell in cage.cells:
            if not 0 <= cell < n * n:
                raise PuzzleError(f"cage {number}: a cell lies outside the {n}x{n} grid")
            if cell in caged:
                raise PuzzleError(f"cage {number}: {cell_name(n, cell)} is already in cage "
                                  f"{caged[cell]}; a cell lies in one cage at most")
            caged[cell] = number


def rule_problems(grid: RulesGrid) -> list[str]:
    """Why the regions or cages allow no solution, whatever the givens: a region not of n
    cells, a cage of more than n cells or with a sum its cells cannot make."""
    n, problems = grid.n, []
    if grid.regions:
        members: dict[int, list[int]] = {}
        for cell, region in enumerate(grid.regions):
            members.setdefault(region, []).append(cell)
        problems.extend(f"the region at {cell_name(n, cells[0])} has {len(cells)} cells; "
                        f"each region needs {n}" for cells in members.values() if len(cells) != n)
    for cage in grid.cages:
        where = f"the cage at {cell_name(n, cage.cells[0])} (sum {cage.total})"
        size = len(cage.cells)
        low, high = sum_range(n, size)
        if size > n:
            problems.append(f"{where} has {size} cells, more than the {n} symbols")
        elif not low <= cage.total <= high:
            problems.append(f"{where}: {size} different symbols sum to {low}..{high}, "
                            f"never to {cage.total}")
    return problems


def sum_range(n: int, size: int) -> tuple[int, int]:
    """The least and the greatest sum of `size` different symbols of 1..n."""
    return size * (size + 1) // 2, size * (2 * n - size + 1) // 2


def clashing_givens(grid: RulesGrid) -> list[tuple[int, int]]:
    """Sorted pairs (a, b), a < b, of cells holding the same given in a unit or a cage;
    every pair, so an editor can mark each clashing cell."""
    groups = grid_units(grid).tolist() + [list(cage.cells) for cage in grid.cages]
    pairs: set[tuple[int, int]] = set()
    for cells in groups:
        given = [grid.givens[cell] for cell in cells if grid.givens[cell]]
        if len(set(given)) == len(given):
            continue  # no clash here (the usual case: skip building pairs)
        by_value: dict[int, list[int]] = {}
        for cell in cells:
            if grid.givens[cell]:
                by_value.setdefault(grid.givens[cell], []).append(cell)
        for same in by_value.values():
            pairs.update((a, b) for i, a in enumerate(same) for b in same[i + 1:])
    return sorted(pairs)


def cage_problems(grid: RulesGrid) -> list[tuple[Cage, str]]:
    """Cages whose givens leave their sum out of reach (a repeated given is a clash, said by
    `clashing_givens`), each with the reason."""
    n, problems = grid.n, []
    for cage in grid.cages:
        least, most = sum_range(n, len(cage.cells))
        if len(cage.cells) > n or not least <= cage.total <= most:
            continue  # said by rule_problems, whatever the givens
        given = [grid.givens[cell] for cell in cage.cells if grid.givens[cell]]
        if len(set(given)) != len(given):
            continue
        free = sorted(set(range(1, n + 1)) - set(given))
        open_cells = len(cage.cells) - len(given)
        rest = cage.total - sum(given)
        low, high = sum(free[:open_cells]), sum(free[len(free) - open_cells:])
        if not low <= rest <= high:
            where = f"the cage at {cell_name(n, cage.cells[0])} (sum {cage.total})"
            if open_cells == 0:
                problems.append((cage, f"{where}: its givens sum to {sum(given)}"))
            else:
                problems.append((cage, f"{where}: its givens sum to {sum(given)}, and its "
                                       f"{open_cells} open cells cannot make the other {rest}"))
    return problems


def describe_rules(grid: RulesGrid) -> str:
    """'jigsaw regions, both diagonals, 29 killer cages' ('' for a classic grid)."""
    parts = []
    if grid.regions:
        parts.append("jigsaw regions")
    if grid.diagonals:
        parts.append("both diagonals")
    if grid.cages:
        count = len(grid.cages)
        parts.append(f"{count} killer cage{'s' * (count != 1)}")
    return ", ".join(parts)
