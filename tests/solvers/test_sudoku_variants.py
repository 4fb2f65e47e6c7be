"""Sudoku variants (jigsaw regions, X diagonals, killer cages): the variants' kernel, the
single search and the parallel tasks against a pure-Python brute force on small grids."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from solvers import GridKind, Progress, Puzzle, Solution, count_solutions, solve
from solvers.parallel.run import ParallelRun
from solvers.puzzle.model import SudokuGrid
from solvers.puzzle.sudoku_rules import Cage, has_variant_rules
from solvers.search.choice import build_search
from solvers.search.sudoku import SudokuSearch
from solvers.search.sudoku_variants import VariantSudokuSearch, check_variant_solution
from puzzles import shipped


def brute_force(grid: SudokuGrid) -> list[tuple[int, ...]]:
    """Every solution, by trying each value in each empty cell in order and checking the
    rules as plainly as they read: units and cages hold no value twice, a cage's values
    never pass its sum and a full cage makes it."""
    n = grid.n
    region = grid.regions or [(r // grid.box_rows) * (n // grid.box_cols) + c // grid.box_cols
                              for r in range(n) for c in range(n)]
    groups = [[r * n + c for c in range(n)] for r in range(n)]
    groups += [[r * n + c for r in range(n)] for c in range(n)]
    groups += [[cell for cell in range(n * n) if region[cell] == k] for k in set(region)]
    if grid.diagonals:
        groups += [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
    cages = [list(cage.cells) for cage in grid.cages]
    totals = [cage.total for cage in grid.cages]
    of_cell: list[list[int]] = [[] for _ in range(n * n)]
    for index, cells in enumerate(groups + cages):
        for cell in cells:
            of_cell[cell].append(index)
    values = list(grid.givens)
    found = []

    def fits(cell: int) -> bool:
        for index in of_cell[cell]:
            cells = (groups + cages)[index]
            held = [values[c] for c in cells if values[c]]
            if len(held) != len(set(held)):
                return False
            if index >= len(groups):
                total = totals[index - len(groups)]
                if sum(held) > total or (len(held) == len(cells) and sum(held) != total):
                    return False
        return True

    def fill(cell: int) -> None:
        if cell == n * n:
            found.append(tuple(values))
            return
        if grid.givens[cell]:
            if fits(cell):
                fill(cell + 1)
            return
        for value in range(1, n + 1):
            values[cell] = value
            if fits(cell):
                fill(cell + 1)
        values[cell] = 0

    fill(0)
    return found


def kernel_solutions(grid: SudokuGrid, budget: int = 7) -> list[tuple[int, ...]]:
    """The variants' kernel's solutions, run in small slices (resuming every few nodes)."""
    search = VariantSudokuSearch(grid, max_solutions_buffered=3)
    found = []
    while not search.finished:
        search.run(budget)
        found.extend(tuple(row) for row in search.take_solutions().tolist())
    found.extend(tuple(row) for row in search.take_solutions().tolist())
    assert search.fraction_done == 1.0
    return found


def random_regions(rng: random.Random, n: int) -> tuple[int, ...]:
    """n connected regions of n cells, grown from the boxes by swapping border cells."""
    box_rows = max(r for r in range(1, int(n ** 0.5) + 1) if n % r == 0)
    box_cols = n // box_rows
    regions = [(r // box_rows) * (n // box_cols) + c // box_cols for r in range(n) for c in range(n)]
    for _ in range(rng.randrange(0, 4 * n)):
        a, b = rng.randrange(n * n), rng.randrange(n * n)
        regions[a], regions[b] = regions[b], regions[a]
    return tuple(regions)


def random_cages(rng: random.Random, n: int, solution: tuple[int, ...] | None) -> tuple[Cage, ...]:
    """Disjoint cages of 1 to 3 neighbouring cells, each summing to the values of `solution`
    there (or to a random reachable sum without one)."""
    free = set(range(n * n))
    cages = []
    for _ in range(rng.randrange(1, n + 2)):
        start = rng.choice(sorted(free))
        cells = [start]
        free.discard(start)
        for _ in range(rng.randrange(0, 3)):
            r, c = divmod(cells[-1], n)
            near = [x * n + y for x, y in ((r + 1, c), (r, c + 1), (r - 1, c), (r, c - 1))
                    if 0 <= x < n and 0 <= y < n and x * n + y in free]
            if not near:
                break
            cells.append(rng.choice(near))
            free.discard(cells[-1])
        if solution is not None and len({solution[c] for c in cells}) == len(cells):
            total = sum(solution[c] for c in cells)
        else:
            total = rng.randrange(len(cells) * (len(cells) + 1) // 2, len(cells) * n + 1)
        cages.append(Cage(total, tuple(cells)))
    return tuple(cages)


def random_variant(seed: int, n: int, box: tuple[int, int]) -> SudokuGrid:
    """A random grid of size n mixing the variants, with a few givens from a solution of its
    rules when there is one."""
    rng = random.Random(seed)
    regions = random_regions(rng, n) if rng.random() < 0.6 else ()
    diagonals = rng.random() < 0.5
    base = SudokuGrid(*box, (0,) * (n * n), regions, diagonals)
    solutions = kernel_solutions(base, budget=10_000) if n == 4 else []
    solution = rng.choice(solutions) if solutions else None
    cages = random_cages(rng, n, solution) if rng.random() < 0.7 else ()
    givens = [0] * (n * n)
    if solution is not None:
        for cell in rng.sample(range(n * n), rng.randrange(0, 5)):
            givens[cell] = solution[cell]
    return SudokuGrid(*box, tuple(givens), regions, diagonals, cages)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 9))
def test_the_kernel_finds_exactly_the_brute_force_solutions_of_4x4_variants(seed):
    grid = random_variant(seed, 4, (2, 2))
    expected = brute_force(grid)
    found = kernel_solutions(grid)
    assert sorted(found) == sorted(expected) and len(set(found)) == len(found)
    assert all(check_variant_solution(grid, solution) for solution in found)


def six_by_six(seed: int) -> SudokuGrid:
    """A 6x6 variant with half its cells given from a solution of its rules, so that brute
    force ends quickly and there is at least one solution."""
    rng = random.Random(seed)
    taken: np.ndarray = np.zeros((0, 36))
    while not len(taken):  # regions that some grid fills
        regions = random_regions(rng, 6)
        diagonals = rng.random() < 0.5
        search = VariantSudokuSearch(SudokuGrid(2, 3, (0,) * 36, regions, diagonals),
                                     max_solutions_buffered=1)
        while not search.finished and not search.solutions:
            search.run(100_000, solution_limit=1)
        taken = search.take_solutions()
    solution = tuple(taken[0].tolist())
    cages = random_cages(rng, 6, solution)
    givens = [0] * 36
    for cell in rng.sample(range(36), 16):
        givens[cell] = solution[cell]
    return SudokuGrid(2, 3, tuple(givens), regions, diagonals, cages)


@pytest.mark.parametrize("seed", range(6))
def test_the_kernel_agrees_with_brute_force_on_6x6_variants(seed):
    grid = six_by_six(seed)
    assert sorted(kernel_solutions(grid, budget=50)) == sorted(brute_force(grid))


def test_known_counts_of_empty_4x4_variants():
    """Counted by the solver from the rules: 4x4 Sudoku 288; with both diagonals 48; a
    cage r1c1+r1c2 of sum 3 holds {1, 2}, one grid in six: 48."""
    def count(**rules) -> int:
        puzzle = Puzzle(GridKind.SUDOKU, sudoku=SudokuGrid(2, 2, (0,) * 16, **rules))
        result = count_solutions(puzzle, "all")
        assert result.exhausted
        return result.solutions

    assert count() == 288
    assert count(diagonals=True) == len(brute_force(SudokuGrid(2, 2, (0,) * 16, diagonals=True)))
    assert count(cages=(Cage(3, (0, 1)),)) == 288 // 6


def test_classic_grids_keep_the_classic_kernel_and_variants_get_theirs():
    classic = Puzzle(GridKind.SUDOKU, sudoku=SudokuGrid(2, 2, (0,) * 16))
    x_sudoku = Puzzle(GridKind.SUDOKU, sudoku=SudokuGrid(2, 2, (0,) * 16, diagonals=True))
    assert isinstance(build_search("sudoku", classic, None, None), SudokuSearch)
    assert isinstance(build_search("sudoku", x_sudoku, None, None), VariantSudokuSearch)


@pytest.mark.parametrize("seed", range(8))
def test_parallel_tasks_find_exactly_the_single_search_solutions(seed):
    """Tasks split on the variants' own peers: a jigsaw's regions, not the boxes."""
    grid = random_variant(seed, 4, (2, 2))
    puzzle = Puzzle(GridKind.SUDOKU, sudoku=grid)
    if puzzle.problems():
        return
    single = sorted(s.grid for s in solve(puzzle, "all") if isinstance(s, Solution))
    events = list(ParallelRun(puzzle, "all", jobs=2, trial_seconds=0).events())
    tasks = sorted(s.grid for s in events if isinstance(s, Solution))
    assert isinstance(events[-1], Progress) and events[-1].exhausted
    assert tasks == single == sorted(brute_force(grid))


def test_a_killer_cage_with_a_repeated_or_unreachable_given_is_named():
    grid = SudokuGrid(2, 2, (1, 1) + (0,) * 14, cages=(Cage(3, (0, 1)),))
    problems = Puzzle(GridKind.SUDOKU, sudoku=grid).problems()
    assert any("r1c1 and r1c2 both hold 1" in p for p in problems)
    high = SudokuGrid(2, 2, (4,) + (0,) * 15, cages=(Cage(4, (0, 1)),))
    assert Puzzle(GridKind.SUDOKU, sudoku=high).problems() == [
        "the cage at r1c1 (sum 4): its givens sum to 4, and its 1 open cells cannot make "
        "the other 0"]


PUBLISHED_SOLUTIONS = {  # the solutions the sources print, row by row
    "sudoku-jigsaw.json": "845279361359162784281395476467918235574623918136754829928536147792481653613847592",
    "sudoku-x.json": "267945381853716249491823576576438192384192657129657438642379815935281764718564923",
    "sudoku-killer.json": "215647398368952174794381652586274931142593867973816425821739546659428713437165289",
}


@pytest.mark.parametrize("name", sorted(PUBLISHED_SOLUTIONS))
def test_shipped_variants_have_one_solution_the_published_one(name):
    puzzle = shipped(name)
    assert has_variant_rules(puzzle.sudoku)
    solutions = ["".join(map(str, s.grid)) for s in solve(puzzle, limit=0)
                 if isinstance(s, Solution)]
    assert solutions == [PUBLISHED_SOLUTIONS[name]]
    split = list(ParallelRun(puzzle, "all", jobs=2, trial_seconds=0).events())
    assert [s.grid for s in split if isinstance(s, Solution)] == [
        tuple(map(int, PUBLISHED_SOLUTIONS[name]))]


def test_the_x_sudoku_needs_its_diagonals_and_the_killer_its_cages():
    x_sudoku, killer = shipped("sudoku-x.json"), shipped("sudoku-killer.json")
    plain = Puzzle(GridKind.SUDOKU, sudoku=dataclasses.replace(x_sudoku.sudoku, diagonals=False))
    assert count_solutions(plain, "all", limit=1000).solutions == 1000
    fewer = dataclasses.replace(killer.sudoku, cages=killer.sudoku.cages[:10])
    assert count_solutions(Puzzle(GridKind.SUDOKU, sudoku=fewer), "all", limit=2).solutions == 2


def test_a_run_file_knows_the_rules_not_only_the_givens(tmp_path):
    """Resuming a classic grid's run on the same givens with diagonals would count the wrong
    puzzle: the fingerprint holds the rules."""
    from solvers.parallel.runfile import puzzle_fingerprint

    classic = Puzzle(GridKind.SUDOKU, sudoku=SudokuGrid(2, 2, (0,) * 16))
    prints = {puzzle_fingerprint(Puzzle(GridKind.SUDOKU, sudoku=grid)) for grid in (
        classic.sudoku, dataclasses.replace(classic.sudoku, diagonals=True),
        dataclasses.replace(classic.sudoku, cages=(Cage(3, (0, 1)),)),
        dataclasses.replace(classic.sudoku, cages=(Cage(4, (0, 1)),)),
        dataclasses.replace(classic.sudoku, regions=(0, 0, 1, 1, 0, 0, 1, 1,
                                                     2, 2, 3, 3, 2, 2, 3, 3)[::-1]),
        dataclasses.replace(classic.sudoku, regions=(0, 0, 0, 0, 1, 1, 1, 1,
                                                     2, 2, 2, 2, 3, 3, 3, 3)))}
    assert len(prints) == 5  # the reversed boxes are the boxes: a classic grid again
