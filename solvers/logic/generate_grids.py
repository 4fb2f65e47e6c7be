"""The random material of a generated Sudoku: a full grid (its solution), jigsaw regions and
killer cages, and the count of solutions (0, 1 or 2+) that decides which givens can go.

Every function takes a `random.Random`, so a seed gives the same puzzles. The counts use the
brute-force kernels: the 9x9 batch kernel for classic 9x9 grids, the resumable kernels (with a
node budget: a count that runs past it is "not known unique") for every other grid.
"""

from __future__ import annotations

import random

import numpy as np

from ..puzzle.model import SudokuGrid
from ..puzzle.sudoku_rules import Cage, box_regions, has_variant_rules
from ..search.sudoku import SudokuSearch, solve_batch
from ..search.sudoku_variants import VariantSudokuSearch, grid_peers

COUNT_BUDGET = 200_000  # nodes; a count past it is taken as "several" (the given stays)
FILL_BUDGET = 100_000  # nodes to complete a random start; past it, another start
MANY = 2


def is_classic_9(grid: SudokuGrid) -> bool:
    return (grid.n, grid.box_rows, grid.box_cols) == (9, 3, 3) and not has_variant_rules(grid)


def solution_count(grid: SudokuGrid, givens: list[int] | tuple[int, ...]) -> int:
    """0, 1 or MANY (two or more, or more work than COUNT_BUDGET to tell) solutions of the
    grid's rules with `givens`."""
    if is_classic_9(grid):
        return int(solve_batch(np.array([givens], dtype=np.int8))[1][0])
    search = _search(grid, givens, 1)
    search.run(COUNT_BUDGET, record=False, solution_limit=MANY)
    if search.solutions >= MANY or not search.finished:
        return MANY
    return search.solutions


def _search(grid: SudokuGrid, givens, buffered: int):
    values = np.array(givens, dtype=np.int64)
    if has_variant_rules(grid):
        return VariantSudokuSearch(grid, values, max_solutions_buffered=buffered)
    return SudokuSearch(grid.n, grid.box_rows, grid.box_cols, values,
                        max_solutions_buffered=buffered)


def random_solution(grid: SudokuGrid, rng: random.Random, tries: int = 50) -> list[int] | None:
    """A random full grid under the grid's rules (its givens ignored), or None when `tries`
    random starts found none (jigsaw regions may allow no solution at all)."""
    n = grid.n
    if is_classic_9(grid):
        return _random_classic_9(rng)
    peers = grid_peers(grid)
    for _ in range(tries):
        start = _random_start(n, peers, rng)
        search = _search(grid, start, 1)
        search.run(FILL_BUDGET, solution_limit=1)
        found = search.take_solutions()
        if len(found):
            relabel = list(range(1, n + 1))
            rng.shuffle(relabel)
            return [relabel[int(value) - 1] for value in found[0]]
    return None


def _random_classic_9(rng: random.Random) -> list[int]:
    """The three boxes of the main diagonal share no row or column: any digits there are a
    start, and the kernel completes it (its first solution)."""
    start = [0] * 81
    for box in (0, 4, 8):
        digits = list(range(1, 10))
        rng.shuffle(digits)
        top, left = box // 3 * 3, box % 3 * 3
        for k, digit in enumerate(digits):
            start[(top + k // 3) * 9 + left + k % 3] = digit
    solutions, _ = solve_batch(np.array([start], dtype=np.int8))
    return [int(value) for value in solutions[0]]


def _random_start(n: int, peers: np.ndarray, rng: random.Random) -> list[int]:
    """About n random cells given random digits that no peer holds: a start to complete."""
    values = [0] * (n * n)
    cells = rng.sample(range(n * n), n)
    for cell in cells:
        taken = {values[peer] for peer in peers[cell].tolist()}
        free = [digit for digit in range(1, n + 1) if digit not in taken]
        if free:
            values[cell] = rng.choice(free)
    return values


def random_jigsaw(n: int, box_rows: int, box_cols: int,
                  rng: random.Random) -> tuple[tuple[int, ...], list[int]]:
    """(regions, a solution): random connected regions of n cells and a full grid for them.
    Up to 12x12, free regions and a search for a solution (a few layouts allow none); from
    16x16 up, that search runs long, so regions grown from a classic solution's boxes."""
    if n <= 12:
        for _ in range(4):
            regions = free_regions(n, box_rows, box_cols, rng)
            solution = random_solution(SudokuGrid(box_rows, box_cols, (0,) * (n * n), regions),
                                       rng, tries=3)
            if solution is not None:
                return regions, solution
    solution = random_solution(SudokuGrid(box_rows, box_cols, (0,) * (n * n)), rng)
    if solution is None:
        raise RuntimeError("no classic grid found")  # the classic search always finds one
    return traded_regions(n, box_rows, box_cols, solution, rng), solution


def free_regions(n: int, box_rows: int, box_cols: int, rng: random.Random) -> tuple[int, ...]:
    """n connected regions of n cells: the boxes, reshaped by random moves. A move gives a
    cell on the border of two regions to the other one and takes back one of its cells that
    touches the first; it is kept when both regions stay connected."""
    return _reshaped(n, box_rows, box_cols, rng, None)


def traded_regions(n: int, box_rows: int, box_cols: int, solution: list[int],
                   rng: random.Random) -> tuple[int, ...]:
    """Regions for which `solution` (a classic Sudoku's) stays a solution: the moves of
    `free_regions` trading only two cells of the same digit (so each region still holds
    every digit once)."""
    return _reshaped(n, box_rows, box_cols, rng, solution)


def _reshaped(n: int, box_rows: int, box_cols: int, rng: random.Random,
              solution: list[int] | None) -> tuple[int, ...]:
    regions = list(box_regions(n, box_rows, box_cols))
    wanted, done = n * n, 0
    for _ in range(wanted * 30):
        if done >= wanted:
            break
        a = rng.randrange(n * n)
        b = rng.choice(_neighbours(n, a))
        ra, rb = regions[a], regions[b]
        if ra == rb:
            continue
        back = [c for c in range(n * n) if regions[c] == rb and c != b
                and (solution is None or solution[c] == solution[a])
                and any(regions[x] == ra and x != a for x in _neighbours(n, c))]
        if not back:
            continue
        c = rng.choice(back)
        regions[a], regions[c] = rb, ra
        if _connected(n, regions, ra) and _connected(n, regions, rb):
            done += 1
        else:
            regions[a], regions[c] = ra, rb
    return tuple(regions)


def _neighbours(n: int, cell: int) -> list[int]:
    row, col = divmod(cell, n)
    return [r * n + c for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
            if 0 <= r < n and 0 <= c < n]


def _connected(n: int, regions: list[int], region: int) -> bool:
    cells = {cell for cell, value in enumerate(regions) if value == region}
    first = next(iter(cells))
    seen, todo = {first}, [first]
    while todo:
        for other in _neighbours(n, todo.pop()):
            if other in cells and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(cells)


def random_cages(n: int, solution: list[int], rng: random.Random,
                 sizes: tuple[int, int] = (2, 5)) -> tuple[Cage, ...]:
    """Cages covering the grid: random connected groups of `sizes` cells (a cell left alone
    joins a neighbouring cage where its digit is new, else stays a cage of one), each with
    distinct digits of `solution` and their sum."""
    owner = [-1] * (n * n)
    groups: list[list[int]] = []
    order = list(range(n * n))
    rng.shuffle(order)
    for seed in order:
        if owner[seed] >= 0:
            continue
        target = rng.randint(*sizes)
        group, digits = [seed], {solution[seed]}
        owner[seed] = len(groups)
        while len(group) < target:
            frontier = [c for cell in group for c in _neighbours(n, cell)
                        if owner[c] < 0 and solution[c] not in digits]
            if not frontier:
                break
            cell = rng.choice(frontier)
            group.append(cell)
            digits.add(solution[cell])
            owner[cell] = len(groups)
        groups.append(group)
    for group in [g for g in groups if len(g) == 1]:
        cell = group[0]
        homes = [owner[c] for c in _neighbours(n, cell)
                 if len(groups[owner[c]]) < max(sizes)
                 and solution[cell] not in {solution[x] for x in groups[owner[c]]}]
        if homes:
            home = rng.choice(homes)
            groups[home].append(cell)
            group.clear()
            owner[cell] = home
    return tuple(Cage(sum(solution[c] for c in group), tuple(group)) for group in groups if group)
