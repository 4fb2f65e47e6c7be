"""The bit-board kernel against the general exact-cover kernel: the same solutions in every
symmetry mode on random small flat puzzles, exact pause and resume, the solution limit and a
full buffer, identical piece copies, the sweep order, and the kernel as plain Python."""

from __future__ import annotations

import dataclasses
import itertools
import os
import random
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
from solvers.puzzle.grids import neighbour_offsets, normalise, orientations
from solvers.search.bitboard import BitboardSearch, BitboardTables, kernel_order, memo_units
from solvers.search.choice import make_search
from solvers.search.exact_cover import ExactCoverSearch
from solvers.search.live_sets import LiveSetSearch

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets" / "puzzles"
FLAT_KINDS = st.sampled_from([GridKind.SQUARE, GridKind.HEX])
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- puzzles -------------------------------------------------------------------------------
def random_puzzle(seed: int, kind: GridKind) -> Puzzle:
    """A connected board of 4..12 cells in a 4x4 box, cut into 2..5 connected parts; parts of
    the same free shape (and mirror rule) become one piece type with a count."""
    rng = random.Random(seed)
    steps = neighbour_offsets(kind)
    board = [(rng.randrange(4), rng.randrange(4))]
    size = rng.randint(4, 12)
    while len(board) < size:
        x, y = rng.choice(board)
        dx, dy = rng.choice(steps)
        cell = (x + dx, y + dy)
        if 0 <= cell[0] < 4 and 0 <= cell[1] < 4 and cell not in board:
            board.append(cell)
    parts = cut_into_parts(rng, board, steps, rng.randint(2, min(5, len(board))))
    types: dict[tuple, list] = {}
    for part in parts:
        mirror = rng.random() < 0.5
        shapes = frozenset(orientations(kind, normalise(np.array(part)), mirror=mirror))
        types.setdefault((shapes, mirror), [part, 0])[1] += 1
    pieces = tuple(Piece(f"p{i}", tuple(part), count, mirror)
                   for i, ((_, mirror), (part, count)) in enumerate(types.items()))
    return Puzzle(kind, f"random {seed}", board=tuple(board), pieces=pieces)


def cut_into_parts(rng: random.Random, board, steps, n_parts: int) -> list[list]:
    """Grow connected parts from random seeds until they cover the board."""
    owner = {cell: i for i, cell in enumerate(rng.sample(board, n_parts))}
    while len(owner) < len(board):
        cell = rng.choice([c for c in board if c not in owner])
        near = [owner[n] for n in ((cell[0] + dx, cell[1] + dy) for dx, dy in steps)
                if n in owner]
        if near:
            owner[cell] = rng.choice(near)
    return [[c for c in board if owner[c] == i] for i in range(n_parts)]


def rectangle(width: int, height: int, pieces: tuple[Piece, ...]) -> Puzzle:
    board = tuple((x, y) for x in range(width) for y in range(height))
    return Puzzle(GridKind.SQUARE, f"{width}x{height}", board=board, pieces=pieces)


DOMINO = ((0, 0), (1, 0))
L_TROMINO = ((0, 0), (1, 0), (0, 1))


# --- running searches ----------------------------------------------------------------------
def searches(puzzle: Puzzle, mode: str, **options):
    placements = compile_placements(puzzle)
    plan = plan_symmetry(puzzle, placements, mode)
    return BitboardSearch(placements, plan, **options), ExactCoverSearch(placements, plan)


def run_to_end(search, budget: int = 10**9) -> list[tuple[int, ...]]:
    """Every solution as a sorted row tuple, in the order found."""
    found = []
    search.run(0)
    while not search.finished:
        search.run(budget)
        found.extend(tuple(sorted(rows)) for rows in search.take_solutions().tolist())
    return found


# --- the tests -----------------------------------------------------------------------------
@FAST
@given(seed=st.integers(0, 10**9), kind=FLAT_KINDS)
def test_any_choice_of_orbit_representatives_counts_the_same(seed, kind):
    """The plan may pick any row of an orbit to represent it (the bit-board kernel ranks
    them by its sweep): random ranks, and the sweep's, count exactly what the general
    kernel counts with the default choice, in every mode."""
    puzzle = random_puzzle(seed, kind)
    placements = compile_placements(puzzle)
    if len(set(placements.row_piece.tolist())) < len(puzzle.pieces):
        return
    rng = np.random.default_rng(seed)
    sweep = BitboardTables(placements).lowest_cells
    for mode in SYMMETRY_MODES:
        expected = run_to_end(ExactCoverSearch(placements, plan_symmetry(puzzle, placements, mode)))
        for rank in (sweep, rng.permutation(placements.n_rows)):
            plan = plan_symmetry(puzzle, placements, mode, row_rank=rank)
            for search in (BitboardSearch(placements, plan), ExactCoverSearch(placements, plan)):
                found = run_to_end(search)
                assert len(found) == len(set(found)) == len(expected), mode


@FAST
@given(seed=st.integers(0, 10**9), kind=FLAT_KINDS, region_limit=st.sampled_from([None, 0, 2]))
def test_same_solutions_as_the_general_kernel_in_every_mode(seed, kind, region_limit):
    """Also with the island flood off (0) and cut short (2), which must change nothing but
    the number of nodes."""
    puzzle = random_puzzle(seed, kind)
    placements = compile_placements(puzzle)
    if len(set(placements.row_piece.tolist())) < len(puzzle.pieces):
        return  # a piece fits nowhere: solve() refuses such puzzles before any kernel runs
    for mode in SYMMETRY_MODES:
        bitboard, general = searches(puzzle, mode, region_limit=region_limit)
        found, expected = run_to_end(bitboard), run_to_end(general)
        assert len(found) == len(set(found)), f"{mode}: a solution was reported twice"
        assert set(found) == set(expected), mode
        assert bitboard.solutions == general.solutions
        assert bitboard.fraction_done == 1.0


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**9), kind=FLAT_KINDS, budget=st.integers(1, 7),
       mode=st.sampled_from(SYMMETRY_MODES))
def test_tiny_budgets_resume_exactly(seed, kind, budget, mode):
    puzzle = random_puzzle(seed, kind)
    placements = compile_placements(puzzle)
    if len(set(placements.row_piece.tolist())) < len(puzzle.pieces):
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


def test_pentomino_slices_match_one_run():
    """A real puzzle paused thousands of times: same solutions in the same order."""
    puzzle = load_puzzle(ASSETS / "pentominoes-3x20.json")
    whole, _ = searches(puzzle, "all")
    sliced, _ = searches(puzzle, "all")
    expected = run_to_end(whole)
    assert len(expected) == 8  # 2 distinct, 4 symmetries
    assert run_to_end(sliced, budget=3) == expected
    assert sliced.nodes == whole.nodes


def test_run_zero_does_no_search():
    bitboard, _ = searches(rectangle(4, 3, (Piece("d", DOMINO, 6),)), "all")
    assert bitboard.run(0) == RUNNING
    assert (bitboard.nodes, bitboard.solutions, bitboard.fraction_done) == (0, 0, 0.0)


def test_identical_copies_do_not_multiply_solutions():
    """Dominoes tile a 4x3 rectangle in 11 ways; two L-trominoes tile a 2x3 in 2."""
    for puzzle, count in ((rectangle(4, 3, (Piece("d", DOMINO, 6),)), 11),
                          (rectangle(3, 2, (Piece("L", L_TROMINO, 2),)), 2)):
        bitboard, general = searches(puzzle, "all")
        assert len(set(run_to_end(bitboard))) == count
        assert bitboard.solutions == count == len(run_to_end(general))


def test_solution_limit_stops_and_resumes():
    bitboard, _ = searches(rectangle(4, 3, (Piece("d", DOMINO, 6),)), "all")
    bitboard.run(0)
    assert bitboard.run(10**6, solution_limit=4) == RUNNING
    assert bitboard.solutions == 4 and not bitboard.finished
    first = bitboard.take_solutions()
    assert bitboard.run(10**6) == FINISHED
    assert len(first) + len(bitboard.take_solutions()) == bitboard.solutions == 11


def test_full_buffer_pauses_without_losing_solutions():
    bitboard, _ = searches(rectangle(4, 3, (Piece("d", DOMINO, 6),)), "all",
                           max_solutions_buffered=3)
    bitboard.run(0)
    statuses, found = [], []
    while not bitboard.finished:
        statuses.append(bitboard.run(10**6))
        found.extend(map(tuple, bitboard.take_solutions().tolist()))
    assert statuses.count(BUFFER_FULL) == 3  # 11 solutions: 3 + 3 + 3, then 2 and the end
    assert statuses[-1] == FINISHED
    assert len(set(found)) == 11


def test_solutions_are_rows_of_the_given_placements():
    puzzle = load_puzzle(ASSETS / "pentominoes-3x20.json")
    bitboard, _ = searches(puzzle, "distinct")
    placements = bitboard.placements
    for rows in run_to_end(bitboard):
        covered = sorted(item for row in rows for item in placements.row_items[row])
        assert covered == list(range(placements.n_items))
        assert sorted(placements.row_piece[list(rows)]) == list(range(12))


def test_the_sweep_runs_along_the_short_side():
    """Meteor: the first kernel cells are one offset row of 5; 6x10: one column of 6."""
    for name, short in (("meteor.json", 5), ("pentominoes-6x10.json", 6)):
        puzzle = load_puzzle(ASSETS / name)
        cells = np.array(puzzle.board)[np.argsort(kernel_order(puzzle.board, puzzle.kind))]
        line = cells[:, 1] if puzzle.kind is GridKind.HEX else cells[:, 0]  # hex: r is the row
        assert len(set(line[:short].tolist())) == 1
        assert line[short] != line[0]


def test_a_cell_with_over_two_words_of_candidates():
    """Fit bits come in words of 64 candidates, taken two at a time: one placement filed
    130 times (131 candidates at its cell: three words) is found once per copy."""
    puzzle = rectangle(4, 3, (Piece("d", DOMINO, 6),))
    placements = compile_placements(puzzle)
    plan = plan_symmetry(puzzle, placements, "all")
    row = int(plan.root_rows[0])
    copied = dataclasses.replace(plan, root_rows=np.concatenate(
        [plan.root_rows, np.full(129, row, dtype=plan.root_rows.dtype)]))
    search = BitboardSearch(placements, copied)
    assert search.fit_bits.shape[2] == 3
    expected = run_to_end(BitboardSearch(placements, plan))
    with_row = [rows for rows in expected if row in rows]
    assert with_row and sorted(run_to_end(search)) == sorted(expected + with_row * 129)


# --- the memo of dead endgame nodes ---------------------------------------------------------
def tree(search, budget: int = 10**9) -> tuple:
    """What a search did: its solutions in order, its nodes, its branching per depth."""
    found = run_to_end(search, budget)
    return found, search.nodes, search.branching_by_depth().tolist()


def test_the_memo_changes_nothing_but_the_time():
    """Meteor: thousands of endgame nodes are known dead without being expanded, and the
    search walks the same tree to the same solutions in the same order as without a memo."""
    puzzle = load_puzzle(ASSETS / "meteor.json")
    remembering, _ = searches(puzzle, "distinct")
    forgetting, _ = searches(puzzle, "distinct", memo_slots=0)
    assert tree(remembering) == tree(forgetting)
    assert remembering.remembered > 10_000 and forgetting.remembered == 0
    assert remembering.solutions == 1049


def test_a_remembered_node_is_not_expanded_again():
    """A search handed a finished search's memo knows more nodes dead from the start, and
    still walks the same tree."""
    puzzle = load_puzzle(ASSETS / "pentominoes-3x20.json")
    first, _ = searches(puzzle, "all")
    walked = tree(first, budget=1000)
    second, _ = searches(puzzle, "all")
    second.memo[:] = first.memo
    assert tree(second, budget=1000) == walked
    assert second.remembered > first.remembered > 0


@FAST
@given(seed=st.integers(0, 10**9), kind=FLAT_KINDS)
def test_a_two_slot_memo_changes_nothing_but_the_time(seed, kind):
    """Two slots, so that nodes keep replacing each other in the memo; random puzzles, some
    with several copies of a piece."""
    puzzle = random_puzzle(seed, kind)
    placements = compile_placements(puzzle)
    if len(set(placements.row_piece.tolist())) < len(puzzle.pieces):
        return
    for mode in SYMMETRY_MODES:
        tiny, _ = searches(puzzle, mode, memo_slots=2)
        none, _ = searches(puzzle, mode, memo_slots=0)
        assert tree(tiny, budget=3) == tree(none), mode


def test_the_memo_tells_copies_left_apart():
    """Four L and three I trominoes: this board's search meets one endgame board twice, with
    L L I left and with L I I left, dead with the first and not the second. A memo keyed on
    the board and the set of types left ({L, I} both times) found 43 solutions here."""
    board = ((0, 2), (0, 3), (0, 4), (0, 5), (1, 2), (1, 3), (1, 4), (1, 5), (2, 1), (2, 2),
             (2, 3), (2, 4), (2, 5), (3, 0), (3, 1), (3, 2), (3, 3), (3, 4), (3, 5), (4, 4),
             (4, 5))
    pieces = (Piece("L", L_TROMINO, 4, True), Piece("I", ((0, 0), (1, 0), (2, 0)), 3, True))
    puzzle = Puzzle(GridKind.SQUARE, "copies", board=board, pieces=pieces)
    bitboard, general = searches(puzzle, "all")
    forgetting, _ = searches(puzzle, "all", memo_slots=0)
    assert tree(bitboard) == tree(forgetting)
    assert bitboard.remembered > 0
    assert bitboard.solutions == len(run_to_end(general)) > 0


def test_memo_keys_tell_every_choice_of_copies_left_apart():
    """With several copies of a type, the set of types left is not enough: 3 copies of A and
    3 of B, after A A B or A B B, have both types left on boards that can be the same."""
    counts = np.array([1, 3, 2, 7, 1, 4, 0, 2])
    units = [int(unit) for unit in memo_units(counts)]
    keys = {sum(left * unit for left, unit in zip(lefts, units))
            for lefts in itertools.product(*(range(count + 1) for count in counts.tolist()))}
    assert len(keys) == int(np.prod(counts + 1)) and max(keys) < 2**64
    assert len({int(unit) for unit in memo_units(np.ones(64, dtype=np.int64))}) == 64
    with pytest.raises(ValueError, match="65 bits"):
        memo_units(np.ones(65, dtype=np.int64))


def test_a_memo_is_a_power_of_two_slots():
    with pytest.raises(ValueError, match="power of two"):
        searches(rectangle(4, 3, (Piece("d", DOMINO, 6),)), "all", memo_slots=3)


def test_make_search_picks_the_bitboard_for_flat_boards_only():
    for name, expected in (("meteor.json", BitboardSearch),
                           ("pentominoes-5x12.json", BitboardSearch),
                           ("soma.json", LiveSetSearch)):
        puzzle = load_puzzle(ASSETS / name)
        search, _ = make_search(puzzle, compile_placements(puzzle), "distinct")
        assert type(search) is expected, name
    soma = load_puzzle(ASSETS / "soma.json")
    forced, _ = make_search(soma, compile_placements(soma), "distinct", kernel="bitboard")
    assert isinstance(forced, BitboardSearch)
    with pytest.raises(ValueError):
        make_search(soma, compile_placements(soma), "distinct", kernel="fastest")


PLAIN_PYTHON_RUN = """
from solvers import GridKind, Piece, Puzzle
from solvers.placements.compile import compile_placements
from solvers.placements.symmetry import plan_symmetry
from solvers.search.bitboard import BitboardSearch
board = tuple((x, y) for x in range(4) for y in range(3))
puzzle = Puzzle(GridKind.SQUARE, "4x3", board=board, pieces=(Piece("d", ((0, 0), (1, 0)), 6),))
placements = compile_placements(puzzle)
search = BitboardSearch(placements, plan_symmetry(puzzle, placements, "distinct"))
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
    bitboard, _ = searches(rectangle(4, 3, (Piece("d", DOMINO, 6),)), "distinct")
    count = len(run_to_end(bitboard))
    assert result.stdout.split() == [str(count), str(count), "1.0"]
