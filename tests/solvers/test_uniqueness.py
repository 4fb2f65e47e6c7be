"""The uniqueness designer against brute force: the oracle's every tiling, every 4x4 Sudoku
grid. A proposal leaves exactly one solution, and no smaller one exists."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from oracle import all_solutions
from solvers import GridKind, Piece, Puzzle, PuzzleError, SudokuGrid
from solvers.analysis import uniqueness
from solvers.analysis.hitting import hitting_set, minimal_family
from solvers.analysis.uniqueness import (Proposal, Removal, design, minimal_givens, propose,
                                         removable_givens, solution_count)
from test_engine_vs_oracle import make_puzzle
from test_statistics import every_4x4_grid
from test_variant_explain import solutions

GRIDS = every_4x4_grid()


def brute_smallest_hitting_set(sets: list[int], universe: int) -> int:
    for size in range(universe + 1):
        for chosen in combinations(range(universe), size):
            mask = sum(1 << e for e in chosen)
            if all(s & mask for s in sets):
                return size
    raise AssertionError("no hitting set")


@settings(max_examples=200, deadline=None)
@given(sets=st.lists(st.integers(1, 2 ** 9 - 1), min_size=1, max_size=12))
def test_hitting_set_is_a_smallest_one(sets):
    chosen, smallest = hitting_set(sets)
    mask = sum(1 << e for e in chosen)
    assert all(s & mask for s in sets)
    assert smallest
    assert len(chosen) == brute_smallest_hitting_set(sets, 9)


def test_a_tiny_budget_falls_back_to_a_greedy_set_that_still_meets_every_set():
    rng = random.Random(3)
    sets = [sum(1 << e for e in rng.sample(range(40), 6)) for _ in range(300)]
    chosen, smallest = hitting_set(sets, budget=10)
    assert not smallest
    mask = sum(1 << e for e in chosen)
    assert all(s & mask for s in sets)
    assert minimal_family([0b11, 0b1, 0b110]) == [0b1, 0b110]


def oracle_fewest_pins(tilings) -> int:
    """The fewest placements of one tiling that no other tiling holds all of."""
    best = None
    for tiling in tilings:
        placed = sorted(tiling, key=lambda p: (p[0], sorted(p[1])))
        for size in range(len(placed) + 1):
            if best is not None and size >= best:
                break
            if any(sum(1 for t in tilings if set(chosen) <= t) == 1
                   for chosen in combinations(placed, size)):
                best = size
                break
    return best


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), kind=st.sampled_from(["square", "hex", "cube"]))
def test_pins_proposed_are_the_fewest_and_leave_one_tiling(seed, kind):
    puzzle, board, pieces = make_puzzle(seed, kind)
    tilings = all_solutions(kind, board, pieces)
    if len(tilings) == 1:
        with pytest.raises(PuzzleError, match="exactly one solution already"):
            propose(puzzle)
        return
    proposal = propose(puzzle)
    number = {piece.name: i for i, piece in enumerate(puzzle.pieces)}
    pins = {(number[pin.piece], frozenset(pin.cells)) for pin in proposal.pins}
    assert sum(1 for t in tilings if pins <= t) == 1  # the oracle agrees: one is left
    assert solution_count(proposal.puzzle) == 1
    assert proposal.smallest and proposal.every_solution
    assert len(proposal.pins) == oracle_fewest_pins(tilings)


def test_a_bound_below_the_solutions_still_gives_a_verified_proposal(monkeypatch):
    """With room for two solutions only, the verifying solve finds the others one by one."""
    tromino = ((0, 0), (1, 0), (0, 1))
    board = tuple((x, y) for x in range(3) for y in range(4))
    puzzle = Puzzle(GridKind.SQUARE, "t", board=board, pieces=(Piece("L", tromino, 4),))
    assert solution_count(puzzle, limit=0) > 2
    proposal = propose(puzzle, max_solutions=2)
    assert solution_count(proposal.puzzle) == 1
    assert not proposal.every_solution


def sudoku(givens) -> Puzzle:
    return Puzzle(GridKind.SUDOKU, "4x4", sudoku=SudokuGrid(2, 2, tuple(givens)))


def matching(givens):
    return [g for g in GRIDS if all(v == 0 or v == w for v, w in zip(givens, g))]


def oracle_fewest_givens(givens) -> int:
    """The fewest empty cells whose values in some grid no other grid shares all of."""
    grids = matching(givens)
    free = [cell for cell in range(16) if not givens[cell]]
    for size in range(len(free) + 1):
        for cells in combinations(free, size):
            if 1 in Counter(tuple(g[c] for c in cells) for g in grids).values():
                return size
    raise AssertionError


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pick=st.integers(0, 287), keep=st.lists(st.booleans(), min_size=16, max_size=16))
def test_givens_proposed_are_the_fewest_and_leave_one_grid(pick, keep):
    givens = [v if k else 0 for v, k in zip(GRIDS[pick], keep)]
    if len(matching(givens)) == 1:
        with pytest.raises(PuzzleError, match="exactly one solution already"):
            propose(sudoku(givens))
        return
    proposal = propose(sudoku(givens))
    assert all(givens[cell] == 0 for cell, _ in proposal.givens)
    assert len(matching(proposal.puzzle.sudoku.givens)) == 1
    assert len(proposal.givens) == oracle_fewest_givens(givens)


@settings(max_examples=30, deadline=None)
@given(pick=st.integers(0, 287), order=st.permutations(list(range(16))))
def test_removable_givens_are_exactly_those_brute_force_finds(pick, order):
    """A unique 4x4 puzzle: the full grid with givens taken away (in a random order) while
    it stays unique, so some may be left that could go."""
    givens = list(GRIDS[pick])
    for cell in order[:rng_cut(order)]:
        trial = givens.copy()
        trial[cell] = 0
        if len(matching(trial)) == 1:
            givens = trial
    removable = removable_givens(sudoku(givens))
    expected = [c for c in range(16) if givens[c] and len(matching(
        [0 if i == c else v for i, v in enumerate(givens)])) == 1]
    assert removable == expected
    removed = minimal_givens(sudoku(givens))
    left = [0 if i in removed else v for i, v in enumerate(givens)]
    assert len(matching(left)) == 1
    assert not removable_givens(sudoku(left))  # minimal: no given can go


def rng_cut(order) -> int:
    return order[0]  # how many cells to try taking away: 0 to 15, drawn with the order


def test_nothing_to_make_unique_is_said():
    unsolvable = sudoku([1, 1] + [0] * 14)
    with pytest.raises(PuzzleError):
        propose(unsolvable)
    with pytest.raises(PuzzleError, match="several solutions"):
        removable_givens(sudoku([0] * 16))
    assert uniqueness.MAX_TARGETS >= 1


X_GRIDS = solutions(dict(diagonals=True))  # every 4x4 X-Sudoku grid, by brute force


def x_matching(givens):
    return [g for g in X_GRIDS if all(v == 0 or v == w for v, w in zip(givens, g))]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pick=st.integers(0, len(X_GRIDS) - 1),
       keep=st.lists(st.booleans(), min_size=16, max_size=16))
def test_a_variant_keeps_its_rules_in_what_the_designer_says(pick, keep):
    """An X-Sudoku: proposals and removals are checked under its diagonals, and the puzzle
    proposed keeps them (the classic rules would count other grids)."""
    givens = [int(v) if k else 0 for v, k in zip(X_GRIDS[pick], keep)]
    puzzle = Puzzle(GridKind.SUDOKU, "x", sudoku=SudokuGrid(2, 2, tuple(givens), diagonals=True))
    result = design(puzzle)
    assert result.puzzle.sudoku.diagonals
    if len(x_matching(givens)) == 1:
        assert isinstance(result, Removal)
        assert list(result.removable) == [c for c in range(16) if givens[c] and len(x_matching(
            [0 if i == c else v for i, v in enumerate(givens)])) == 1]
        assert len(x_matching(result.puzzle.sudoku.givens)) == 1
        return
    assert isinstance(result, Proposal)
    assert len(x_matching(result.puzzle.sudoku.givens)) == 1
    grids = x_matching(givens)
    free = [cell for cell in range(16) if not givens[cell]]
    fewest = next(size for size in range(17) for cells in combinations(free, size)
                  if 1 in Counter(tuple(g[c] for c in cells) for g in grids).values())
    assert len(result.givens) == fewest
