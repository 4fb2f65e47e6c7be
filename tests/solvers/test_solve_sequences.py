"""Solves one after another in one process: nothing a run leaves behind (a compiled kernel's
signature, a cached table) may change the next run's result."""

from __future__ import annotations

from pathlib import Path

import numba
import pytest

from solvers import GridKind, Piece, Puzzle, count_solutions, solve
from solvers.puzzle.fileformat import load_puzzle
from solvers.kernels import bitboard, exact_cover, live_sets, sudoku

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"

# Count-only, with a limit where counting everything would take long: Mini Bedlam stops
# after 20 distinct solutions (all 19,186 take 20 s); every other shipped puzzle is counted
# to the end in the mode shown (all of them together take about a second).
SHIPPED_RUNS = {
    "meteor.json": ("distinct", 0),
    "soma.json": ("distinct", 0),
    "pentominoes-6x10.json": ("distinct", 0),
    "pentominoes-5x12.json": ("distinct", 0),
    "pentominoes-3x20.json": ("all", 0),
    "mini-bedlam.json": ("distinct", 20),
    "no-solution.json": ("all", 0),
    "sudoku-reference.json": ("all", 0),
    "sudoku-hard.json": ("all", 0),
    "sudoku-16x16.json": ("all", 0),
    "sudoku-4x4-empty.json": ("all", 0),
}


def l_trominoes_and_a_monomino() -> Puzzle:
    """8x8, 21 L-trominoes and a monomino: 64 cells, so the bit-board kernel takes it, and
    its set of fillable region sizes is a uint64 past 2**63."""
    board = tuple((x, y) for x in range(8) for y in range(8))
    return Puzzle(GridKind.SQUARE, "L-trominoes", board=board,
                  pieces=(Piece("L", ((0, 0), (1, 0), (0, 1)), count=21),
                          Piece("o", ((0, 0),))))


def outcome(puzzle: Puzzle, symmetry: str, limit: int) -> tuple[int, int, bool]:
    result = count_solutions(puzzle, symmetry, limit=limit)
    return result.solutions, result.nodes, result.exhausted


def every_ordered_pair(count: int) -> list[int]:
    """A walk over 0..count-1 that steps from every item to every other exactly once (an
    Euler circuit of the complete directed graph, by Hierholzer's algorithm)."""
    untried = {a: [b for b in range(count) if b != a] for a in range(count)}
    stack, walk = [0], []
    while stack:
        here = stack[-1]
        if untried[here]:
            stack.append(untried[here].pop())
        else:
            walk.append(stack.pop())
    return walk[::-1]


def test_the_walk_steps_along_every_ordered_pair_once():
    walk = every_ordered_pair(5)
    steps = list(zip(walk, walk[1:]))
    assert sorted(steps) == [(a, b) for a in range(5) for b in range(5) if a != b]


@pytest.mark.parametrize("first", ["meteor", "l-trominoes"])
def test_meteor_and_a_64_cell_bitboard_puzzle_in_either_order(first):
    """The reported failure: meteor, then this puzzle, raised OverflowError in the bit-board
    kernel's `run` (its first call fixed an argument's numba type by its value)."""
    meteor = (load_puzzle(ASSETS / "meteor.json"), "distinct", 0)
    tiling = (l_trominoes_and_a_monomino(), "distinct", 200)
    runs = [meteor, tiling] if first == "meteor" else [tiling, meteor]
    results = [outcome(*run) for run in runs + runs]
    assert results[:2] == results[2:]
    assert results[runs.index(meteor)][0] == 1049


def test_every_pair_of_shipped_puzzles_in_both_orders():
    names = sorted(SHIPPED_RUNS)
    puzzles = {name: load_puzzle(ASSETS / name) for name in names}
    first: dict[str, tuple[int, int, bool]] = {}
    for step in every_ordered_pair(len(names)):
        name = names[step]
        result = outcome(puzzles[name], *SHIPPED_RUNS[name])
        assert first.setdefault(name, result) == result, f"{name} after another puzzle"
    assert first["meteor.json"][0] == 1049 and first["soma.json"][0] == 240
    assert first["mini-bedlam.json"][0] == 20


# where each search's Python side finds its kernel's `search`: the numba module, which
# kernels.native hands out when there is no native build (the tests' case), looked up at
# every call
KERNELS = {"bit-board": bitboard, "live sets": live_sets, "general": exact_cover,
           "sudoku": sudoku}


def test_each_kernel_is_called_with_one_signature_whatever_the_puzzle(monkeypatch):
    """The root cause of the failure above: a scalar argument whose numba type depends on its
    value (a Python int is int64 or uint64). Every kernel must see one signature."""
    seen: dict[str, set] = {name: set() for name in KERNELS}
    for name, owner in KERNELS.items():
        real = owner.search

        def recording(*args, _real=real, _name=name):
            seen[_name].add(tuple(numba.typeof(arg) for arg in args))
            return _real(*args)

        monkeypatch.setattr(owner, "search", recording)
    puzzles = [(load_puzzle(ASSETS / name), *SHIPPED_RUNS[name]) for name in SHIPPED_RUNS]
    puzzles.append((l_trominoes_and_a_monomino(), "distinct", 50))
    wide = tuple((x, y) for x in range(12) for y in range(6))  # 72 cells: the general kernel
    puzzles.append((Puzzle(GridKind.SQUARE, "dominoes", board=wide,
                           pieces=(Piece("d", ((0, 0), (1, 0)), count=36),)), "all", 20))
    for puzzle, symmetry, limit in puzzles:
        outcome(puzzle, symmetry, min(limit, 20) or 20)
    for name, signatures in seen.items():
        assert len(signatures) == 1, f"the {name} kernel was called with {len(signatures)} signatures"


def test_the_orbit_kernels_are_called_with_one_signature_whatever_the_puzzle(monkeypatch):
    """'all' and 'rotations' expand the distinct solutions of every kind of polyform puzzle
    through the same two compiled orbit kernels: one signature each, or numba compiles
    again for the next puzzle."""
    from solvers.kernels import orbits
    from solvers.search import orbits as expanding

    monkeypatch.setattr(expanding, "NUMPY_IMAGES", 0)  # every batch to the kernels
    seen: dict[str, set] = {"image_hashes_of": set(), "sorted_images": set()}
    for name in seen:
        real = getattr(orbits, name)

        def recording(*args, _real=real, _name=name):
            seen[_name].add(tuple(numba.typeof(arg) for arg in args))
            return _real(*args)

        monkeypatch.setattr(orbits, name, recording)
    for name in ("meteor.json", "soma.json", "pentominoes-6x10.json"):
        for symmetry in ("all", "rotations"):
            puzzle = load_puzzle(ASSETS / name)
            outcome(puzzle, symmetry, 20)
            list(solve(puzzle, symmetry, limit=20))  # solutions expanded, not only counted
    for name, signatures in seen.items():
        assert len(signatures) == 1, f"{name} was called with {len(signatures)} signatures"
