"""The live-set kernel against the general exact-cover kernel: the same solutions in every
symmetry mode on random small puzzles of every polyform grid, exact pause and resume, the
solution limit and a full buffer, which kernel `make_search` picks, and the kernel as plain
Python."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from solvers import SYMMETRY_MODES, GridKind, Piece, Puzzle
from solvers.kernels.exact_cover import BUFFER_FULL, FINISHED, RUNNING
from solvers.placements.compile import compile_placements
from solvers.placements.symmetry import plan_symmetry
from solvers.puzzle.fileformat import load_puzzle
from solvers.search.choice import make_search
from solvers.search.exact_cover import ExactCoverSearch
from solvers.search.live_sets import LiveSetSearch, row_bitsets
from test_engine_vs_oracle import make_puzzle

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets" / "puzzles"
KINDS = st.sampled_from(["square", "hex", "cube"])
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def searches(puzzle: Puzzle, mode: str, **options):
    placements = compile_placements(puzzle)
    plan = plan_symmetry(puzzle, placements, mode)
    return LiveSetSearch(placements, plan, **options), ExactCoverSearch(placements, plan)


def run_to_end(search, budget: int = 10**9) -> list[tuple[int, ...]]:
    """Every solution as a sorted row tuple, in the order found."""
    found = []
    search.run(0)
    while not search.finished:
        search.run(budget)
        found.extend(tuple(sorted(rows)) for rows in search.take_solutions().tolist())
    return found


def solvable(puzzle: Puzzle) -> bool:
    """Whether every piece has a placement: solve() refuses other puzzles before searching."""
    return len(set(compile_placements(puzzle).row_piece.tolist())) == len(puzzle.pieces)


def cube_box(x: int, y: int, z: int, pieces: tuple[Piece, ...]) -> Puzzle:
    board = tuple((i, j, k) for i in range(x) for j in range(y) for k in range(z))
    return Puzzle(GridKind.CUBE, f"{x}x{y}x{z}", board=board, pieces=pieces)


DOMINO = ((0, 0, 0), (1, 0, 0))


@FAST
@given(seed=st.integers(0, 10**9), kind=KINDS)
def test_same_solutions_and_tree_as_the_general_kernel(seed, kind):
    """Same branching rule, so the same tree: same nodes as well as the same solutions."""
    puzzle, _, _ = make_puzzle(seed, kind)
    if not solvable(puzzle):
        return
    for mode in SYMMETRY_MODES:
        live, general = searches(puzzle, mode)
        found, expected = run_to_end(live), run_to_end(general)
        assert len(found) == len(set(found)), f"{mode}: a solution was reported twice"
        assert found == expected, mode
        assert (live.nodes, live.solutions) == (general.nodes, general.solutions)
        assert live.fraction_done == 1.0


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**9), kind=KINDS, budget=st.integers(1, 7),
       mode=st.sampled_from(SYMMETRY_MODES))
def test_tiny_budgets_resume_exactly(seed, kind, budget, mode):
    puzzle, _, _ = make_puzzle(seed, kind)
    if not solvable(puzzle):
        return
    whole, _ = searches(puzzle, mode)
    sliced, _ = searches(puzzle, mode)
    expected = run_to_end(whole)
    fractions, found = [], []
    sliced.run(0)
    while not sliced.finished:
        sliced.run(budget)
        found.extend(tuple(sorted(rows)) for rows in sliced.take_solutions().tolist())
        fractions.append(sliced.fraction_done)
    assert found == expected
    assert (sliced.nodes, sliced.solutions) == (whole.nodes, whole.solutions)
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
    assert np.array_equal(sliced.branching_by_depth(), whole.branching_by_depth())


def test_soma_slices_match_one_run():
    """A real puzzle paused thousands of times: same solutions in the same order."""
    puzzle = load_puzzle(ASSETS / "soma.json")
    whole, general = searches(puzzle, "rotations")
    sliced, _ = searches(puzzle, "rotations")
    expected = run_to_end(whole)
    assert len(expected) == len(run_to_end(general))
    assert run_to_end(sliced, budget=3) == expected
    assert sliced.nodes == whole.nodes


def test_identical_copies_do_not_multiply_solutions():
    """Dominoes in a 2x2x2 cube (9 tilings) and a 2x2x3 box, against the general kernel."""
    for puzzle in (cube_box(2, 2, 2, (Piece("d", DOMINO, 4),)),
                   cube_box(2, 2, 3, (Piece("d", DOMINO, 6),))):
        live, general = searches(puzzle, "all")
        found = run_to_end(live)
        assert len(set(found)) == len(found) == len(run_to_end(general)) == live.solutions
    assert searches(cube_box(2, 2, 2, (Piece("d", DOMINO, 4),)), "all")[0].run(10**6) == FINISHED


def test_solution_limit_and_full_buffer():
    puzzle = cube_box(2, 2, 3, (Piece("d", DOMINO, 6),))
    limited, _ = searches(puzzle, "all")
    total = len(run_to_end(searches(puzzle, "all")[0]))
    limited.run(0)
    assert limited.run(10**6, solution_limit=4) == RUNNING
    assert limited.solutions == 4 and not limited.finished
    first = limited.take_solutions()
    assert limited.run(10**6) == FINISHED
    assert len(first) + len(limited.take_solutions()) == limited.solutions == total
    buffered, _ = searches(puzzle, "all", max_solutions_buffered=3)
    buffered.run(0)
    statuses, found = [], []
    while not buffered.finished:
        statuses.append(buffered.run(10**6))
        found.extend(map(tuple, buffered.take_solutions().tolist()))
    assert statuses.count(BUFFER_FULL) == total // 3 and statuses[-1] == FINISHED
    assert len(set(found)) == total


def has_row(bitsets: np.ndarray, line: int, row: int) -> bool:
    return bool(int(bitsets[line, row >> 6]) >> (row & 63) & 1)


def copies_on_a_square() -> Puzzle:
    """Two L-tetrominoes and two squares on a 4x4 board: rows of one piece type that do not
    conflict for being of it."""
    return Puzzle(GridKind.SQUARE, "copies", board=tuple((x, y) for x in range(4)
                                                         for y in range(4)),
                  pieces=(Piece("L", ((0, 0), (0, 1), (0, 2), (1, 2)), count=2),
                          Piece("O", ((0, 0), (1, 0), (0, 1), (1, 1)), count=2)))


@pytest.mark.parametrize("make", [lambda: load_puzzle(ASSETS / "soma.json"),
                                  lambda: load_puzzle(ASSETS / "meteor.json"),
                                  copies_on_a_square], ids=["soma", "meteor", "copies"])
def test_conflicts_are_shared_items_and_single_piece_rows(make):
    """Soma: each piece once; meteor: rows past 64, so several words of bits; copies: a
    piece type's rows conflict only over shared cells."""
    puzzle = make()
    placements = compile_placements(puzzle)
    cover, piece_rows, conflict = row_bitsets(placements)
    assert conflict.shape == (placements.n_rows, (placements.n_rows + 63) // 64)
    rng = np.random.default_rng(7)
    for a, b in rng.integers(0, placements.n_rows, size=(300, 2)).tolist():
        once = placements.piece_counts[placements.row_piece[a]] == 1
        clash = (set(placements.row_items[a]) & set(placements.row_items[b])
                 or (once and placements.row_piece[a] == placements.row_piece[b]))
        assert has_row(conflict, a, b) == bool(clash)
    for row in range(placements.n_rows):
        assert all(has_row(cover, item, row) == (item in placements.row_items[row])
                   for item in range(placements.n_items))
        assert all(has_row(piece_rows, piece, row) == (placements.row_piece[row] == piece)
                   for piece in range(len(placements.piece_counts)))


def test_make_search_picks_live_sets_for_boxes_and_the_general_kernel_past_64_cells():
    for name in ("soma.json", "mini-bedlam.json"):
        puzzle = load_puzzle(ASSETS / name)
        search, _ = make_search(puzzle, compile_placements(puzzle), "distinct")
        assert type(search) is LiveSetSearch, name
    big = cube_box(5, 5, 3, (Piece("d", DOMINO, 37), Piece("m", ((0, 0, 0),))))  # 75 cells
    search, _ = make_search(big, compile_placements(big), "all")
    assert type(search) is ExactCoverSearch
    with pytest.raises(ValueError):
        LiveSetSearch(compile_placements(big), plan_symmetry(big, compile_placements(big), "all"))


PLAIN_PYTHON_RUN = """
from solvers import GridKind, Piece, Puzzle
from solvers.placements.compile import compile_placements
from solvers.placements.symmetry import plan_symmetry
from solvers.search.live_sets import LiveSetSearch
board = tuple((x, y, z) for x in range(2) for y in range(2) for z in range(3))
puzzle = Puzzle(GridKind.CUBE, "2x2x3", board=board,
                pieces=(Piece("d", ((0, 0, 0), (1, 0, 0)), 6),))
placements = compile_placements(puzzle)
search = LiveSetSearch(placements, plan_symmetry(puzzle, placements, "distinct"))
found = 0
search.run(0)
while not search.finished:
    search.run(5)
    found += len(search.take_solutions())
print(found, search.solutions, search.fraction_done)
"""


def test_the_kernel_runs_as_plain_python():
    result = subprocess.run([sys.executable, "-c", PLAIN_PYTHON_RUN], capture_output=True,
                            text=True, cwd=ROOT, env={**os.environ, "NUMBA_DISABLE_JIT": "1"})
    assert result.returncode == 0, result.stderr
    live, _ = searches(cube_box(2, 2, 3, (Piece("d", DOMINO, 6),)), "distinct")
    count = len(run_to_end(live))
    assert result.stdout.split() == [str(count), str(count), "1.0"]
